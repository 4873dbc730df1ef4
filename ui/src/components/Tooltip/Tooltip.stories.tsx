import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Tooltip } from './Tooltip.tsx';

const meta = {
  component: Tooltip,
  tags: ['autodocs'],
  args: {
    content: 'You have reached your limit of 10 votes. You have to wait for 24h to vote again.',
    children: (described) => (
      <Button variant="secondary" aria-disabled="true" {...described}>
        Vote
      </Button>
    ),
  },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

const polishArgs = {
  content: 'Limit 10 głosów został wykorzystany. Kolejny głos możesz oddać za 24 godziny.',
  children: meta.args.children,
};

/** Hovering or focusing the control shows the tip, which is also the control's description. */
export const OnFocus: Story = {
  parameters: { polishArgs },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button');
    await expect(canvas.queryByRole('tooltip')).toBeNull();
    await userEvent.tab();
    await expect(button).toHaveFocus();
    const tip = canvas.getByRole('tooltip');
    await expect(tip).toBeVisible();
    await expect(button).toHaveAccessibleDescription(String(args.content));
    await userEvent.keyboard('{Escape}');
    await expect(tip).not.toBeVisible();
  },
};

/** A control at the window's edge: the tip moves inward instead of being cut off. */
export const AtTheEdge: Story = {
  parameters: { polishArgs, layout: 'fullscreen' },
  render: (args) => (
    <div style={{ display: 'flex', justifyContent: 'space-between', padding: '6rem 0 0' }}>
      <Tooltip {...args} />
      <Tooltip {...args} />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const width = document.documentElement.clientWidth;
    for (const button of canvas.getAllByRole('button')) {
      await userEvent.hover(button);
      const tip = canvas.getByRole('tooltip');
      const box = tip.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(0);
      await expect(box.right).toBeLessThanOrEqual(width);
      await userEvent.unhover(button);
    }
  },
};

/** No room above: the tip opens below its control. */
export const AtTheTop: Story = {
  parameters: { polishArgs, layout: 'fullscreen' },
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button');
    await userEvent.hover(button);
    const tip = canvas.getByRole('tooltip').getBoundingClientRect();
    await expect(tip.top).toBeGreaterThanOrEqual(button.getBoundingClientRect().bottom);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { Button, ButtonLink } from './Button.tsx';

const meta = {
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Continue', onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  parameters: { polishArgs: { children: 'Dalej' } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: String(args.children) }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Variants: Story = {
  parameters: { polishArgs: { children: 'Dalej' } },
  render: (args) => (
    <div style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap' }}>
      <Button {...args} variant="primary" />
      <Button {...args} variant="secondary" />
      <Button {...args} variant="ghost" />
      <Button {...args} variant="danger" />
    </div>
  ),
};

export const Busy: Story = {
  args: { busy: true },
  parameters: { polishArgs: { children: 'Dalej' } },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: String(args.children) });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  parameters: { polishArgs: { children: 'Dalej' } },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('button', { name: String(args.children) })).toBeDisabled();
  },
};

export const FullWidth: Story = {
  args: { fullWidth: true },
  parameters: { polishArgs: { children: 'Dalej' } },
};

/** Looks like a button, is a link: the recorder sees the in-app navigation. */
export const AsLink: Story = {
  render: (args) => (
    <ButtonLink to="/register" variant="primary">
      {args.children}
    </ButtonLink>
  ),
  args: { children: 'Apply now' },
  parameters: { polishArgs: { children: 'Złóż wniosek' } },
  play: async ({ args, canvas, loaded, userEvent }) => {
    const link = canvas.getByRole('link', { name: String(args.children) });
    await expect(link).toHaveAttribute('href', '/register');
    await userEvent.click(link);
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/register',
      undefined,
    );
  },
};

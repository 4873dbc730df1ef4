import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ProgressBar } from './ProgressBar.tsx';

const meta = {
  component: ProgressBar,
  tags: ['autodocs'],
  args: { value: 50_100, max: 1_000_000, label: 'Raised', valueText: '$50,100 of $1,000,000' },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Partly: Story = {
  parameters: {
    polishArgs: {
      label: 'Zebrano',
      valueText: '50 100 USD z 1 000 000 USD',
    },
  },
  play: async ({ canvas, args }) => {
    const bar = canvas.getByRole('progressbar', { name: args.label });
    await expect(bar).toHaveAttribute('aria-valuenow', '50100');
    await expect(bar).toHaveAttribute('aria-valuetext', args.valueText);
  },
};

/** More than the goal: the bar is full, never wider. */
export const OverTheGoal: Story = {
  args: { value: 1_200_000, valueText: '$1,200,000 of $1,000,000' },
  parameters: {
    polishArgs: {
      label: 'Zebrano',
      valueText: '1 200 000 USD z 1 000 000 USD',
    },
  },
  play: async ({ canvas, args }) => {
    const bar = canvas.getByRole('progressbar', { name: args.label });
    await expect(bar).toHaveAttribute('aria-valuenow', '1000000');
    await expect((bar.firstElementChild as HTMLElement).style.width).toBe('100%');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from './Badge.tsx';

const meta = {
  component: Badge,
  tags: ['autodocs'],
  args: { tone: 'warning', children: 'Waiting for verification' },
  // The words carry the meaning; each tone must still pass the contrast check.
  play: async ({ args, canvas }) => {
    await expect(canvas.getByText(String(args.children))).toBeVisible();
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Warning: Story = { parameters: { polishArgs: { children: 'Czeka na weryfikację' } } };

export const Success: Story = {
  args: { tone: 'success', children: 'Verified' },
  parameters: { polishArgs: { children: 'Zweryfikowana' } },
};

export const Danger: Story = {
  args: { tone: 'danger', children: 'Rejected' },
  parameters: { polishArgs: { children: 'Odrzucona' } },
};

export const Neutral: Story = {
  args: { tone: 'neutral', children: 'Closed' },
  parameters: { polishArgs: { children: 'Zamknięty' } },
};

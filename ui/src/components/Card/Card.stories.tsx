import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Card } from './Card.tsx';

const meta = {
  component: Card,
  tags: ['autodocs'],
  args: {
    title: 'Token sale',
    children: <p>Tier III is live: 80,000,000 BRND at 0.0025 USD.</p>,
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithTitle: Story = {
  parameters: {
    polishArgs: {
      title: 'Sprzedaż tokenów',
      children: <p>Trwa etap III: 80 000 000 BRND po 0,0025 USD.</p>,
    },
  },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('region', { name: args.title })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: args.title })).toBeVisible();
  },
};

export const WithoutTitle: Story = {
  args: { title: undefined },
  parameters: {
    polishArgs: {
      children: <p>Trwa etap III: 80 000 000 BRND po 0,0025 USD.</p>,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading')).not.toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { polish } from '../../testing/polish.ts';
import { Logo } from './Logo.tsx';

const meta = {
  component: Logo,
  tags: ['autodocs'],
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('BRND')).toBeVisible();
  },
};
export const DefaultPolish = polish(Default);

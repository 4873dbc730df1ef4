import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { BrandLogo } from './BrandLogo.tsx';

const LOGO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#d98c1f"/></svg>',
  );

const meta = {
  component: BrandLogo,
  tags: ['autodocs'],
  args: { src: LOGO, name: 'Amberline', size: 64 },
} satisfies Meta<typeof BrandLogo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithLogo: Story = {
  play: async ({ canvasElement }) => {
    const image = canvasElement.querySelector('img');
    await expect(image).toHaveAttribute('src', LOGO);
    await expect(image).toHaveAttribute('alt', '');
  },
};

/** A brand referred by its website has no logo: its initial stands in, never a broken image. */
export const WithoutLogo: Story = {
  args: { src: '', name: 'parcelo.eu' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(canvas.getByText('P')).toHaveAttribute('aria-hidden', 'true');
  },
};

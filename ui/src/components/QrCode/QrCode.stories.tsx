import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { QrCode } from './QrCode.tsx';

const meta = {
  component: QrCode,
  tags: ['autodocs'],
  args: {
    value: 'bitcoin:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh?amount=0.02173913',
    label: 'QR code to pay 0.02173913 BTC',
  },
} satisfies Meta<typeof QrCode>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A BIP21 payment URI as an SVG code, named for people who cannot scan it. */
export const Bitcoin: Story = {
  parameters: { polishArgs: { label: 'Kod QR do zapłaty 0.02173913 BTC' } },
  play: async ({ canvas, args }) => {
    const image = canvas.getByRole('img', { name: args.label });
    await expect(image.tagName.toLowerCase()).toBe('svg');
    await expect(image).toHaveAttribute('width', '192');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { polish } from '../../testing/polish.ts';
import { storyIntl } from '../../testing/story-intl.ts';
import { Spinner } from './Spinner.tsx';

const meta = {
  component: Spinner,
  tags: ['autodocs'],
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('common.loading'));
  },
};
export const DefaultPolish = polish(Default);

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '1.5rem', alignItems: 'center' }}>
      <Spinner {...args} size="small" />
      <Spinner {...args} size="medium" />
      <Spinner {...args} size="large" />
    </div>
  ),
};
export const SizesPolish = polish(Sizes);

export const WithLabel: Story = {
  args: { label: 'Loading your orders…' },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(String(args.label));
  },
};
export const WithLabelPolish = polish(WithLabel, { label: 'Wczytujemy Twoje zamówienia…' });

export const Decorative: Story = {
  args: { decorative: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};
export const DecorativePolish = polish(Decorative);

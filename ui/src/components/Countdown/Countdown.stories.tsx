import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { advanceStoryClock } from '../../testing/story-clock.ts';
import { storyIntl } from '../../testing/story-intl.ts';
import { Countdown } from './Countdown.tsx';

const DAY = 24 * 60 * 60_000;

const meta = {
  component: Countdown,
  tags: ['autodocs'],
  args: { end: null, label: 'Time left in the sale' },
} satisfies Meta<typeof Countdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Days, hours, minutes and seconds, ticking every second. */
export const Running: Story = {
  args: { end: Date.now() + 3 * DAY + 4 * 60 * 60_000 + 5 * 60_000 + 30_000 },
  parameters: { polishArgs: { label: 'Czas do końca sprzedaży' } },
  play: async ({ canvas, args, globals }) => {
    const t = storyIntl(globals);
    const timer = canvas.getByRole('timer', { name: args.label });
    await expect(timer).toHaveTextContent(
      new RegExp(`^03${t('sale.countdown.days', { count: 3 })}`),
    );
    const before = timer.textContent;
    // Stories run on a clock that stands still (decision 053): move it, and the next tick shows it.
    advanceStoryClock(1_000);
    await waitFor(() => expect(timer.textContent).not.toBe(before), { timeout: 2_500 });
  },
};

/** After the end (or with none set) every unit shows zero. */
export const Ended: Story = {
  args: { end: Date.now() - DAY },
  parameters: { polishArgs: { label: 'Czas do końca sprzedaży' } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('timer', { name: args.label })).toHaveTextContent(/^(00\D+){4}$/);
  },
};

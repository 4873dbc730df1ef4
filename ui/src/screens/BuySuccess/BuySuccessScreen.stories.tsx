import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { LOCAL_TOKENS_NUM } from '../shared/buy-storage.ts';
import { BuySuccessScreen } from './BuySuccessScreen.tsx';

const meta = {
  title: 'Screens/BuySuccess',
  component: BuySuccessScreen,
  parameters: { session: 'demo' },
} satisfies Meta<typeof BuySuccessScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Back from the card provider: the tokens of the purchase and the way to the dashboard. */
export const WithCount: Story = {
  beforeEach: () => {
    localStorage.setItem(LOCAL_TOKENS_NUM, '33333');
    return () => localStorage.removeItem(LOCAL_TOKENS_NUM);
  },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('heading', { name: t.exact('sale.success.title') }),
    ).toBeVisible();
    await expect(canvas.getByText(/33[,.\s\u00a0]?333 BRND/)).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: t.exact('sale.complete.dashboard') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/user/dashboard',
      undefined,
    );
  },
};

/** Opened without a purchase in this browser: no made-up number. */
export const WithoutCount: Story = {
  beforeEach: () => {
    localStorage.removeItem(LOCAL_TOKENS_NUM);
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByText(t('sale.success.noCount'))).toBeVisible();
    await expect(canvas.queryByText(/BRND/)).toBeNull();
  },
};

/** The provider's return carries the BRND it charged for: that count is shown. */
export const FromProvider: Story = {
  args: { tokens: '4124', status: 'paid' },
  beforeEach: () => {
    localStorage.setItem(LOCAL_TOKENS_NUM, '99999');
    return () => localStorage.removeItem(LOCAL_TOKENS_NUM);
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('heading', { name: t.exact('sale.success.title') }),
    ).toBeVisible();
    await expect(canvas.getByText(/4[,.\s\u00a0]?124 BRND/)).toBeVisible();
    await expect(canvas.queryByText(/99[,.\s\u00a0]?999/)).toBeNull();
  },
};

/** The card was not charged: the page says so and offers another try. */
export const PaymentFailed: Story = {
  args: { status: 'failed' },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('heading', { name: t.exact('sale.success.failedTitle') }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('sale.success.failedText'));
    await expect(canvas.queryByText(t('sale.success.title'))).toBeNull();
    await userEvent.click(canvas.getByRole('link', { name: t.exact('sale.success.tryAgain') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/user/buytoken',
      undefined,
    );
  },
};

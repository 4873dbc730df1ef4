import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { verifyOrder } from '@brnd/contracts/api/orders';
import {
  orderOverpaid,
  orderPaidLate,
  orderPartiallyPaid,
  orderQuoteExpired,
  orderStatus,
  orderVerifyFailed,
  pending,
  sampleOrder,
} from '@brnd/mocks/scenarios';
import { polish } from '../../testing/polish.ts';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { BuyTokenPaymentScreen } from './BuyTokenPaymentScreen.tsx';

const UUID = '5f0c7a52-8d2b-4c1e-9a51-3b7f2e6d9c10';

const meta = {
  title: 'Screens/BuyToken/Step 2 payment',
  component: BuyTokenPaymentScreen,
  args: { uuid: UUID },
  parameters: { session: { token: 'session-token', name: 'Anna Nowak' } },
} satisfies Meta<typeof BuyTokenPaymentScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type T = ReturnType<typeof storyIntl>;
type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

/** Everything a buyer needs to pay: address, values, order id, wallet link, QR and the clock. */
async function expectPaymentDetails(canvas: Canvas, t: T, scheme: string) {
  const order = sampleOrder(1);
  await expect(await canvas.findByText(order.blockchain_address)).toBeVisible();
  await expect(canvas.getByText(t('sale.payment.usdValue'))).toBeVisible();
  await expect(canvas.getByText(order.shop_order_id)).toBeVisible();
  const wallet = canvas.getByRole('link', { name: t('sale.payment.openWallet') });
  await expect(wallet.getAttribute('href')).toMatch(new RegExp(`^${scheme}:`));
  await expect(canvas.getByRole('img', { name: /QR/ })).toBeVisible();
  await expect(canvas.getByRole('timer')).toHaveTextContent(/^(1[45]|0\d):\d\d$/);
}

export const WaitingBtc: Story = {
  parameters: { msw: { handlers: [orderStatus(1, 'BTC')] } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expectPaymentDetails(canvas, t, 'bitcoin');
    await expect(canvas.getByText(/\d BTC$/, { selector: 'code' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t('sale.payment.back') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith('/user/buytoken');
  },
};
export const WaitingBtcPolish = polish(WaitingBtc);

export const WaitingEth: Story = {
  parameters: { msw: { handlers: [orderStatus(1, 'ETH')] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByText(/0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC/),
    ).toBeVisible();
    const wallet = canvas.getByRole('link', { name: t('sale.payment.openWallet') });
    await expect(wallet.getAttribute('href')).toMatch(
      /^ethereum:0x3C44[0-9a-fA-F]+@31337\?value=\d+$/,
    );
  },
};
export const WaitingEthPolish = polish(WaitingEth);

/**
 * Status 0 for the first three seconds of the story, then 1: the page checks at once, then every
 * 5 s. Timed from the story's start rather than counted, so a check still on its way from the
 * previous story cannot use up this one's status 0.
 */
let storyStartedAt = 0;
const zeroThenWaiting = http.get('*/api/orders/verify/:uuid', () =>
  HttpResponse.json({
    message: 'success',
    response: sampleOrder(Date.now() - storyStartedAt < 3_000 ? 0 : 1),
  }),
);

/** Status 0 has no payment details yet: nothing is shown until a later check brings status 1. */
export const StatusZeroThenWaiting: Story = {
  beforeEach: () => {
    storyStartedAt = Date.now();
  },
  parameters: { msw: { handlers: [zeroThenWaiting] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('sale.payment.preparing'))).toBeVisible();
    await expect(canvas.queryByText(t('sale.payment.address'))).toBeNull();
    // The next check comes 5 seconds later.
    await expect(
      await canvas.findByText(t('sale.payment.address'), {}, { timeout: 8_000 }),
    ).toBeVisible();
  },
};
export const StatusZeroThenWaitingPolish = polish(StatusZeroThenWaiting);

export const Confirming: Story = {
  parameters: { msw: { handlers: [orderStatus(2, 'ETH')] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const order = sampleOrder(2, UUID, { method: 'ETH' });
    await expect(
      await canvas.findByText(
        t('sale.payment.confirming', {
          count: order.confirmations,
          required: order.required_confirmations,
        }),
      ),
    ).toBeVisible();
  },
};
export const ConfirmingPolish = polish(Confirming);

/** Status 3: the completion screen with the tokens and the way to the dashboard. */
export const Paid: Story = {
  parameters: { msw: { handlers: [orderStatus(3)] } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('heading', { name: t('sale.complete.title') }),
    ).toBeVisible();
    await expect(canvas.getByText(/100[,.\s\u00a0]?000 BRND/)).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: t('sale.complete.dashboard') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/user/dashboard',
      undefined,
    );
  },
};
export const PaidPolish = polish(Paid);

function closedStory(status: 4 | 5 | 6): Story {
  return {
    parameters: { msw: { handlers: [orderStatus(status)] } },
    play: async ({ canvas, globals }) => {
      const t = storyIntl(globals);
      await expect(
        await canvas.findByRole('heading', { name: t('sale.closed.title') }),
      ).toBeVisible();
      await expect(canvas.getByText(t('sale.closed.status', { status }))).toBeVisible();
      await expect(canvas.queryByText(t('sale.payment.address'))).toBeNull();
    },
  };
}

export const Canceled = closedStory(4);
export const CanceledPolish = polish(Canceled);
export const Refunded = closedStory(5);
export const RefundedPolish = polish(Refunded);
export const Expired = closedStory(6);
export const ExpiredPolish = polish(Expired);

/** The quote ran out while the order still waits: the clock stands at 00:00. */
export const ExpiredCountdown: Story = {
  parameters: { msw: { handlers: [orderQuoteExpired()] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('timer')).toHaveTextContent('00:00');
    await expect(canvas.getByText(t('sale.payment.expired'))).toBeVisible();
  },
};
export const ExpiredCountdownPolish = polish(ExpiredCountdown);

/** An unreadable expiry counts 15 minutes from page load (and is logged). */
export const UnreadableExpiry: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/orders/verify/:uuid', () =>
          HttpResponse.json({
            message: 'success',
            response: { ...sampleOrder(1), expires_at: 'not a date' },
          }),
        ),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('timer')).toHaveTextContent(/^1[45]:\d\d$/);
  },
};
export const UnreadableExpiryPolish = polish(UnreadableExpiry);

export const PartialPayment: Story = {
  parameters: { msw: { handlers: [orderPartiallyPaid('ETH')] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const alert = await canvas.findByText(/ETH.*ETH/, { selector: '[role="status"] *' });
    await expect(alert).toBeVisible();
    await expect(canvas.getByText(t('sale.payment.address'))).toBeVisible();
  },
};
export const PartialPaymentPolish = polish(PartialPayment);

export const Overpaid: Story = {
  parameters: { msw: { handlers: [orderOverpaid('BTC')] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('heading', { name: t('sale.complete.title') }),
    ).toBeVisible();
    await expect(canvas.getByText(/BTC/)).toBeVisible();
  },
};
export const OverpaidPolish = polish(Overpaid);

export const PaidLate: Story = {
  parameters: { msw: { handlers: [orderPaidLate('ETH')] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('heading', { name: t('sale.closed.title') }),
    ).toBeVisible();
    await expect(canvas.getByText(t('sale.closed.status', { status: 6 }))).toBeVisible();
    await expect(canvas.getByText(/ETH/)).toBeVisible();
  },
};
export const PaidLatePolish = polish(PaidLate);

export const VerifyFailure: Story = {
  parameters: { msw: { handlers: [orderVerifyFailed()] } },
  play: async ({ loaded }) => {
    await waitFor(() =>
      expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith('/500', {
        replace: true,
      }),
    );
  },
};
export const VerifyFailurePolish = polish(VerifyFailure);

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(verifyOrder)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      within(canvas.getByRole('status')).getByText(t('sale.payment.loading')),
    ).toBeVisible();
  },
};
export const LoadingPolish = polish(Loading);

import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { verifyOrder } from '@brnd/contracts/api/orders';
import {
  orderExpiredPartPaid,
  orderNotFound,
  orderOverpaid,
  orderPaidLate,
  orderPartiallyPaid,
  orderQuoteExpired,
  orderStatus,
  orderVerifyFailed,
  pending,
  sampleOrder,
} from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { BuyTokenPaymentScreen } from './BuyTokenPaymentScreen.tsx';

/** A text matcher for an element whose text contains `part` (an amount inside a sentence). */
const textWith = (part: string) => (text: string) => text.includes(part);

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
  const wallet = canvas.getByRole('link', { name: t.exact('sale.payment.openWallet') });
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
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.payment.back') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith('/user/buytoken');
  },
};

export const WaitingEth: Story = {
  parameters: { msw: { handlers: [orderStatus(1, 'ETH')] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByText(/0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC/),
    ).toBeVisible();
    const wallet = canvas.getByRole('link', { name: t.exact('sale.payment.openWallet') });
    await expect(wallet.getAttribute('href')).toMatch(
      /^ethereum:0x3C44[0-9a-fA-F]+@31337\?value=\d+$/,
    );
  },
};

/**
 * Status 0 for the first three seconds of the story, then 1: the page checks at once, then every
 * 5 s. Timed from the story's start rather than counted, so a check still on its way from the
 * previous story cannot use up this one's status 0.
 */
let storyStartedAt = 0;
const zeroThenWaiting = http.get('*/api/orders/verify/:uuid', () =>
  HttpResponse.json({
    message: 'success',
    response: sampleOrder(performance.now() - storyStartedAt < 3_000 ? 0 : 1),
  }),
);

/** Status 0 has no payment details yet: nothing is shown until a later check brings status 1. */
export const StatusZeroThenWaiting: Story = {
  beforeEach: () => {
    storyStartedAt = performance.now();
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

/** Status 3: the completion screen with the tokens and the way to the dashboard. */
export const Paid: Story = {
  parameters: { msw: { handlers: [orderStatus(3)] } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('heading', { name: t.exact('sale.complete.title') }),
    ).toBeVisible();
    await expect(canvas.getByText(/100[,.\s\u00a0]?000 BRND/)).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: t.exact('sale.complete.dashboard') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/user/dashboard',
      undefined,
    );
  },
};

/** Closed with no money received: which way it closed, that nothing was charged, and where next. */
function closedStory(status: 4 | 5 | 6): Story {
  return {
    parameters: { msw: { handlers: [orderStatus(status)] } },
    play: async ({ canvas, globals, userEvent, loaded }) => {
      const t = storyIntl(globals);
      await expect(
        await canvas.findByRole('heading', { name: t.exact(`sale.closed.title.${status}`) }),
      ).toBeVisible();
      await expect(canvas.getByText(t(`sale.closed.nothing.${status}`))).toBeVisible();
      await expect(canvas.queryByText(t('sale.payment.address'))).toBeNull();
      await expect(canvas.queryByText(/status \d/i)).toBeNull();
      await userEvent.click(canvas.getByRole('link', { name: t.exact('sale.payment.newOrder') }));
      await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
        '/user/buytoken',
        undefined,
      );
    },
  };
}

export const Canceled = closedStory(4);
export const Refunded = closedStory(5);
export const Expired = closedStory(6);

/** The quote ran out while the order still waits: the clock stands at 00:00. */
export const ExpiredCountdown: Story = {
  parameters: { msw: { handlers: [orderQuoteExpired()] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('timer')).toHaveTextContent('00:00');
    await expect(canvas.getByText(t('sale.payment.expired'))).toBeVisible();
  },
};

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

/**
 * Half of 0.657895 ETH arrived: the page says what arrived and when, and everything (text, amount,
 * copy-amount button, wallet link, QR) asks for the remaining 0.328948 ETH.
 */
export const PartialPayment: Story = {
  parameters: { msw: { handlers: [orderPartiallyPaid('ETH')] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const rest = t.amount('0.3289475', 'ETH');
    const alert = await canvas.findByText((text) => text.split(rest).length === 3, {
      selector: '[role="status"] *',
    });
    await expect(alert).toBeVisible();
    await expect(canvas.getByText(t('sale.payment.dueValue', { currency: 'ETH' }))).toBeVisible();
    await expect(canvas.getByText(rest, { selector: 'code' })).toBeVisible();
    const wallet = canvas.getByRole('link', { name: t.exact('sale.payment.openWallet') });
    await expect(wallet.getAttribute('href')).toMatch(/\?value=328947500000000000$/);
    await expect(
      canvas.getByRole('img', {
        name: t.exact('sale.payment.qrLabel', { amount: t.exactAmount('0.3289475', 'ETH') }),
      }),
    ).toBeVisible();
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.payment.copyAmount') }));
    await expect(await canvas.findByText(t('sale.payment.amountCopied'))).toBeVisible();
    await expect(written).toEqual(['0.3289475']);
  },
};

/** Paid, with more than asked: the tokens are credited and the extra waits for a decision. */
export const Overpaid: Story = {
  parameters: { msw: { handlers: [orderOverpaid('BTC')] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('heading', { name: t.exact('sale.complete.title') }),
    ).toBeVisible();
    await expect(canvas.getByText(textWith(t.amount('0.02608696', 'BTC')))).toBeVisible();
    await expect(canvas.getByText(t('sale.received.reason.overpaid'))).toBeVisible();
    await expect(canvas.getByText(t('sale.received.next'))).toBeVisible();
  },
};

export const PaidLate: Story = {
  parameters: { msw: { handlers: [orderPaidLate('ETH')] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('heading', { name: t.exact('sale.closed.title.6') }),
    ).toBeVisible();
    await expect(canvas.getByText(textWith(t.amount('0.657895', 'ETH')))).toBeVisible();
    await expect(canvas.getByText(t('sale.received.reason.late'))).toBeVisible();
    await expect(canvas.getByText(t('sale.received.next'))).toBeVisible();
  },
};

/** Part paid, then expired: what arrived and when, why nothing was credited, what happens next. */
export const ExpiredPartPaid: Story = {
  parameters: { msw: { handlers: [orderExpiredPartPaid('ETH')] } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('heading', { name: t.exact('sale.closed.title.6') }),
    ).toBeVisible();
    await expect(canvas.getByText(textWith(t.amount('0.3289475', 'ETH')))).toBeVisible();
    await expect(canvas.getByText(t('sale.received.reason.partial'))).toBeVisible();
    await expect(canvas.getByText(t('sale.received.next'))).toBeVisible();
    await expect(canvas.queryByText(t('sale.closed.nothing.6'))).toBeNull();
    await userEvent.click(canvas.getByRole('link', { name: t.exact('sale.payment.transactions') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/user/transactions',
      undefined,
    );
  },
};

/** The operator credited the part payment: the buyer reads when and how many BRND. */
export const ExpiredPartCredited: Story = {
  parameters: { msw: { handlers: [orderExpiredPartPaid('ETH', 'credit')] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(/50[,.\s\u00a0]?000 BRND/)).toBeVisible();
    await expect(canvas.queryByText(t('sale.received.next'))).toBeNull();
  },
};

/** The operator noted a refund: the buyer reads the reference, and that no tokens came of it. */
export const ExpiredPartRefundNoted: Story = {
  parameters: { msw: { handlers: [orderExpiredPartPaid('BTC', 'refund')] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(/RF-2041/)).toBeVisible();
    await expect(canvas.queryByText(t('sale.received.next'))).toBeNull();
  },
};

/**
 * The server cannot be reached from the first check: not the loading state, but a page that says
 * the order cannot be checked, keeps retrying and offers to check at once.
 */
export const VerifyFailure: Story = {
  parameters: { msw: { handlers: [orderVerifyFailed()] } },
  play: async ({ canvas, globals, loaded, userEvent }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('heading', { name: t.exact('sale.payment.unreachableTitle') }),
    ).toBeVisible();
    await expect(canvas.getByText(t('sale.payment.reconnecting'))).toBeVisible();
    await expect(canvas.queryByText(t('sale.payment.loading'))).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.payment.checkNow') }));
    await expect(
      await canvas.findByRole('heading', { name: t.exact('sale.payment.unreachableTitle') }),
    ).toBeVisible();
    await expect(storyRecorders(loaded).navigation.navigate).not.toHaveBeenCalled();
  },
};

/**
 * A check fails mid-payment: address, QR and clock stay, a notice says the page reconnects, and
 * the next check (5 s later) clears it. Never a trip to /500.
 */
let dropOutStartedAt = 0;
/** Checks at 0 s answer, at 5 s fail (503), at 10 s answer again: timed from the story's start. */
const dropsOut = http.get('*/api/orders/verify/:uuid', () => {
  const elapsed = performance.now() - dropOutStartedAt;
  if (elapsed > 3_000 && elapsed < 8_000) {
    return HttpResponse.json(
      { message: 'Service unavailable', messageId: 'errors.server' },
      { status: 503 },
    );
  }
  return HttpResponse.json({
    message: 'success',
    response: sampleOrder(1, UUID, { method: 'ETH' }),
  });
});

export const CheckDropsOut: Story = {
  beforeEach: () => {
    dropOutStartedAt = performance.now();
  },
  parameters: { msw: { handlers: [dropsOut] } },
  play: async ({ canvas, globals, loaded }) => {
    const t = storyIntl(globals);
    const address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    await expect(await canvas.findByText(address)).toBeVisible();
    await expect(
      await canvas.findByText(t('sale.payment.reconnecting'), {}, { timeout: 8_000 }),
    ).toBeVisible();
    await expect(canvas.getByText(address)).toBeVisible();
    await expect(canvas.getByRole('timer')).toBeVisible();
    await waitFor(() => expect(canvas.queryByText(t('sale.payment.reconnecting'))).toBeNull(), {
      timeout: 8_000,
    });
    await expect(storyRecorders(loaded).navigation.navigate).not.toHaveBeenCalled();
  },
};

/** An unknown order, or someone else's: "order not found", with the way to a new order. */
export const NotFound: Story = {
  parameters: { msw: { handlers: [orderNotFound()] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('heading', { name: t.exact('sale.payment.notFoundTitle') }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: t.exact('sale.payment.newOrder') }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(verifyOrder)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      within(canvas.getByRole('status')).getByText(t('sale.payment.loading')),
    ).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { buyTokens } from '@brnd/contracts/api/orders';
import { sale, type Sale } from '@brnd/contracts/api/sale';
import {
  buyTokensSaleEnded,
  declaredError,
  buyTokensTooManyOpen,
  cardInitFailed,
  cardRetryTooSoon,
  pending,
  saleEnded,
  saleUnconfigured,
  serverError,
} from '@brnd/mocks/scenarios';
import { tokensForPln, tokensForUsd } from '@brnd/contracts/domain/sale';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import {
  expectFieldError,
  expectFitsPhone,
  expectOneLine,
  expectToast,
  PHONE,
} from '../shared/story-helpers.ts';
import { SESSION_CARD_ATTEMPT } from '../shared/buy-storage.ts';
import { BuyTokenScreen } from './BuyTokenScreen.tsx';

const meta = {
  title: 'Screens/BuyToken/Step 1 method and amount',
  component: BuyTokenScreen,
  args: { search: {} },
  parameters: { session: 'demo' },
  beforeEach: () => {
    // The 30-second card gap is kept in sessionStorage; every story starts without an attempt.
    sessionStorage.removeItem(SESSION_CARD_ATTEMPT);
  },
} satisfies Meta<typeof BuyTokenScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The sale the mocks run (the demo seed's), so expectations follow its price and tier. */
async function liveSale(): Promise<Sale> {
  return (await fetch('/api/sale')).json() as Promise<Sale>;
}

/** Whole BRND for `usd` at `price`, as any locale writes it, with ' BRND'. */
function brnd(usd: number, price: number) {
  const digits = String(tokensForUsd(usd, price));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '[,.\\s\u00a0]?');
  return new RegExp(`^${grouped}\\sBRND$`);
}

type T = ReturnType<typeof storyIntl>;
type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const amountField = (canvas: Canvas, t: T, currency = 'USD') =>
  canvas.findByLabelText(t('sale.buy.amount', { currency }), { selector: 'input' });
const method = (canvas: Canvas, t: T, id: string) =>
  canvas.getByRole('button', { name: t.exact(`sale.methods.${id}`) });

/** BTC is chosen first; the amount takes digits and one point; a method change resets it. */
export const Default: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const amount = await amountField(canvas, t);
    const live = await liveSale();
    const tier = live.tiers.find((candidate) => candidate.active);
    await expect(
      canvas.getByText(new RegExp(tier ? t(`sale.tierNames.${tier.name}`) : 'none')),
    ).toBeVisible();
    await expect(canvas.getByRole('timer')).toBeVisible();
    await expect(method(canvas, t, 'BTC')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(amount, '1a0-0.5.0');
    await expect(amount).toHaveValue('100.50');
    const receive = canvas.getByLabelText(t('sale.buy.receive'), { selector: 'input' });
    await expect((receive as HTMLInputElement).value).toMatch(brnd(100.5, live.price));
    await userEvent.click(method(canvas, t, 'ETH'));
    await expect(method(canvas, t, 'ETH')).toHaveAttribute('aria-pressed', 'true');
    await expect(amount).toHaveValue('');
    await userEvent.click(canvas.getByRole('button', { name: /^10[,.\s\u00a0]?000$/ }));
    await expect(amount).toHaveValue('10000');
  },
};

/**
 * On a phone: the countdown's four boxes keep one line inside the card (the seconds once wrapped
 * alone), and the quick picks are grouped alike ("1 000" beside "10 000" in Polish, decision 077).
 */
export const OnPhone: Story = {
  globals: PHONE,
  play: async ({ canvas, canvasElement, globals }) => {
    const t = storyIntl(globals);
    await amountField(canvas, t);
    const units = [...canvas.getByRole('timer').children];
    await expect(units).toHaveLength(4);
    await expectOneLine(units);
    const picks = within(canvas.getByRole('group', { name: t('sale.buy.quickPicks') }));
    const labels = picks.getAllByRole('button').map((button) => button.textContent ?? '');
    await expect(labels.filter((label) => /^\d{4,}$/.test(label))).toEqual([]);
    await expect(labels.some((label) => /^1\D000$/.test(label))).toBe(true);
    await expectFitsPhone(canvasElement);
  },
};

/** `?btc_brands=500` from the ICO page or the login redirect. */
export const PrefilledBtc: Story = {
  args: { search: { btc_brands: '500' } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const live = await liveSale();
    await expect(await amountField(canvas, t)).toHaveValue('500');
    const receive = canvas.getByLabelText(t('sale.buy.receive'), { selector: 'input' });
    await expect((receive as HTMLInputElement).value).toMatch(brnd(500, live.price));
  },
};

/** `?pln_brands=404` opens the card route: amount and price in PLN, the buyer's details shown. */
export const PrefilledPln: Story = {
  args: { search: { pln_brands: '404' } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const live = await liveSale();
    await expect(await amountField(canvas, t, 'PLN')).toHaveValue('404');
    await expect(method(canvas, t, 'card')).toHaveAttribute('aria-pressed', 'true');
    const receive = canvas.getByLabelText(t('sale.buy.receive'), { selector: 'input' });
    await expect((receive as HTMLInputElement).value).toMatch(
      brnd(404 / live.plnPerUsd, live.price),
    );
    await expect(canvas.getByLabelText(t('sale.card.emailAddress'))).toHaveValue(
      'demo@brnd.example',
    );
  },
};

export const RequiredFields: Story = {
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    const amount = await amountField(canvas, t);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.buy.continue') }));
    await expectFieldError(
      canvas,
      t('sale.buy.amount', { currency: 'USD' }),
      t('validation.amount'),
    );
    await userEvent.type(amount, '100');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.buy.continue') }));
    await expect(await canvas.findByText(t('sale.buy.notUsCitizenRequired'))).toBeVisible();
    await expect(storyRecorders(loaded).navigation.navigate).not.toHaveBeenCalled();
  },
};

/** A BTC order is created and step 2 opens with its id in the address. */
export const CryptoOrderCreated: Story = {
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await userEvent.type(await amountField(canvas, t), '100');
    await userEvent.click(canvas.getByLabelText(t('sale.buy.notUsCitizen')));
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.buy.continue') }));
    const { navigation } = storyRecorders(loaded);
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith(
        expect.stringMatching(/^\/user\/buytoken\/[0-9a-f-]{36}$/),
      ),
    );
  },
};

/** The order could not be created: the spec's 8-second 'Error! Please try again later'. */
export const OrderFailed: Story = {
  parameters: { msw: { handlers: [serverError(buyTokens)] } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await userEvent.type(await amountField(canvas, t), '100');
    await userEvent.click(canvas.getByLabelText(t('sale.buy.notUsCitizen')));
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.buy.continue') }));
    const toasts = screen.getByRole('region', { name: t.exact('toast.region') });
    await expect(await within(toasts).findByText(t('sale.buy.orderFailed'))).toBeInTheDocument();
    await expect(storyRecorders(loaded).navigation.navigate).not.toHaveBeenCalled();
  },
};

/** The payment gateway is down (a declared 503): the same 'Error! Please try again later'. */
export const GatewayDown: Story = {
  ...OrderFailed,
  parameters: { msw: { handlers: [declaredError(buyTokens, 'gatewayUnavailable')] } },
};

const sentKeys: (string | null)[] = [];

/**
 * The user already has 3 unpaid orders of the method: the refusal names the limit and what to
 * do. Sending the same order again (a retry) carries the same Idempotency-Key.
 */
export const TooManyOpenOrders: Story = {
  parameters: { msw: { handlers: [buyTokensTooManyOpen(sentKeys)] } },
  beforeEach: () => {
    sentKeys.length = 0;
  },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await userEvent.type(await amountField(canvas, t), '100');
    await userEvent.click(canvas.getByLabelText(t('sale.buy.notUsCitizen')));
    const toasts = screen.getByRole('region', { name: t.exact('toast.region') });
    const refusal = t('orders.errors.tooManyOpenOrders', { limit: 3 });
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.buy.continue') }));
    await expect(await within(toasts).findByText(refusal)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.buy.continue') }));
    await waitFor(() => expect(sentKeys).toHaveLength(2));
    await expect(sentKeys[0]).toMatch(/^[0-9a-f]{32}$/);
    await expect(sentKeys[1]).toBe(sentKeys[0]);
    await expect(storyRecorders(loaded).navigation.navigate).not.toHaveBeenCalled();
  },
};

/** The sale's end has passed: zeros on the clock, a notice, and no way to continue. */
export const SaleEnded: Story = {
  parameters: { msw: { handlers: [saleEnded(), buyTokensSaleEnded()] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('sale.ended'))).toBeVisible();
    await expect(canvas.getByRole('timer')).toHaveTextContent(/^(00\D+){4}$/);
    await expect(canvas.getByRole('button', { name: t.exact('sale.buy.continue') })).toBeDisabled();
  },
};

/** No tier configured: the default price of 0.003 USD applies and is said so. */
export const NoTierActive: Story = {
  parameters: { msw: { handlers: [saleUnconfigured()] } },
  args: { search: { btc_brands: '1' } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await amountField(canvas, t);
    await expect(
      canvas.getByText(t('sale.buy.noTier', { price: '' }).split('·')[0]?.trim() ?? '', {
        exact: false,
      }),
    ).toHaveTextContent(/0[.,]0030/);
    const receive = canvas.getByLabelText(t('sale.buy.receive'), { selector: 'input' });
    await expect((receive as HTMLInputElement).value).toMatch(brnd(1, 0.003));
  },
};

export const CardMinimum: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await amountField(canvas, t);
    await userEvent.click(method(canvas, t, 'card'));
    await userEvent.type(await amountField(canvas, t, 'PLN'), '24.99');
    await userEvent.click(canvas.getByLabelText(t('sale.buy.notUsCitizen')));
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.buy.continue') }));
    await expectFieldError(
      canvas,
      t('sale.buy.amount', { currency: 'PLN' }),
      t('validation.cardMinimum'),
    );
  },
};

/** Card route: provider initialisation, the order recorded, then the provider's second step. */
export const CardRedirect: Story = {
  args: { search: { pln_brands: '404' } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await amountField(canvas, t, 'PLN');
    await userEvent.click(canvas.getByLabelText(t('sale.buy.notUsCitizen')));
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.buy.continue') }));
    const { navigation } = storyRecorders(loaded);
    await waitFor(() =>
      expect(navigation.assign).toHaveBeenCalledWith(expect.stringMatching(/\/buysuccess$/)),
    );
    const live = await liveSale();
    await expect(localStorage.getItem('tokens_num')).toBe(
      String(tokensForPln(404, live.plnPerUsd, live.price)),
    );
    // A second attempt within 30 seconds is refused before any request.
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.buy.continue') }));
    await expectToast(t, 'danger', t('orders.errors.cardRetry'));
    await expect(navigation.assign).toHaveBeenCalledTimes(1);
  },
};

/** The server keeps the 30-second gap too (another tab, a cleared session). */
export const CardRetryTooSoon: Story = {
  args: { search: { pln_brands: '100' } },
  parameters: { msw: { handlers: [cardRetryTooSoon()] } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await amountField(canvas, t, 'PLN');
    await userEvent.click(canvas.getByLabelText(t('sale.buy.notUsCitizen')));
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.buy.continue') }));
    await expectToast(t, 'danger', t('orders.errors.cardRetry'));
    await expect(storyRecorders(loaded).navigation.assign).not.toHaveBeenCalled();
  },
};

export const CardInitFailed: Story = {
  args: { search: { pln_brands: '100' } },
  parameters: { msw: { handlers: [cardInitFailed()] } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await amountField(canvas, t, 'PLN');
    await userEvent.click(canvas.getByLabelText(t('sale.buy.notUsCitizen')));
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.buy.continue') }));
    await expectToast(t, 'danger', t('errors.cardInitFailed'));
    await expect(storyRecorders(loaded).navigation.assign).not.toHaveBeenCalled();
  },
};

/** The buyer's details are checked before the provider is called. */
export const CardDetailsInvalid: Story = {
  args: { search: { pln_brands: '100' } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await amountField(canvas, t, 'PLN');
    await userEvent.clear(canvas.getByLabelText(t('sale.card.emailConfirm')));
    await userEvent.type(canvas.getByLabelText(t('sale.card.emailConfirm')), 'other@brnd.example');
    await userEvent.clear(canvas.getByLabelText(t('sale.card.phoneNumber')));
    await userEvent.click(canvas.getByLabelText(t('sale.buy.notUsCitizen')));
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.buy.continue') }));
    await expectFieldError(canvas, t('sale.card.emailConfirm'), t('sale.card.emailMismatch'));
    await expectFieldError(canvas, t('sale.card.phoneNumber'), t('validation.phone'));
    await expect(storyRecorders(loaded).navigation.assign).not.toHaveBeenCalled();
  },
};

/** IEO sends the browser to the exchange's market page from the sale configuration. */
export const Ieo: Story = {
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await amountField(canvas, t);
    await userEvent.click(method(canvas, t, 'IEO'));
    await expect(storyRecorders(loaded).navigation.assign).toHaveBeenCalledWith(
      'https://exchange.example/market/BRND-USDT',
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(sale)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('sale.loading'));
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(sale)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('errors.server'));
    await expect(canvas.getByRole('button', { name: t.exact('sale.tryAgain') })).toBeVisible();
  },
};

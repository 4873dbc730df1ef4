import { isAwaitingPayment } from '@brnd/contracts/domain/orders';
import { SUCCESS } from '@brnd/contracts/api/accounts';
import { SALE_ALLOCATION_TOKENS, payoutAsTransaction } from '@brnd/contracts/api/wallet';
import {
  CARD_MIN_PLN,
  CARD_RETRY_GAP_MS,
  MAX_OPEN_ORDERS_PER_METHOD,
  ORDER_EXPIRY_MS,
  ORDER_STATUS,
  type CryptoPayMethod,
  type OrderStatusCode,
} from '@brnd/contracts/domain/constants';
import {
  CARD_TRANSACTION_STATUS,
  tokensForPln,
  tokensForUsd,
  type PaymentException,
} from '@brnd/contracts/domain/sale';
import { quoteCryptoAmount, salePrice, saleView, type SaleSettings } from '../sale.ts';
import {
  FakeError,
  type UserRecord,
  type OrderRecord,
  type SaleProvider,
  randomHex,
  randomUuid,
  blockchainAddress,
  recordActivity,
} from './records.ts';
import type { FakeCore } from './core.ts';

/** How old the last ETH price may get while the feed is down (the bff's feed default). */
const ETH_PRICE_MAX_AGE_MS = 5 * 60_000;

const SATS_PER_BTC = 100_000_000n;
const toSats = (btc: string) => {
  const [whole = '0', fraction = ''] = btc.split('.');
  return BigInt(whole) * SATS_PER_BTC + BigInt(fraction.padEnd(8, '0').slice(0, 8));
};
const fromSats = (sats: bigint) =>
  `${sats / SATS_PER_BTC}.${(sats % SATS_PER_BTC).toString().padStart(8, '0')}`;

/** Orders as the bff's services/orders/: the sale, crypto orders and card purchases. */
export function fakeOrders(core: FakeCore) {
  const {
    now,
    appUrl,
    saleSettings,
    raisedUsd,
    hit,
    userById,
    toCryptoOrder,
    toTransaction,
    mailPurchaseReceipt,
    applyOrderStatus,
    ownOrder,
  } = core;
  /**
   * What the chain watcher or the gateway would record: crypto received so far, confirmations
   * and the payment's exception (partial, overpaid, late), optionally with a new status.
   */
  function recordPayment(
    uuid: string,
    payment: {
      paidAmount: string;
      confirmations?: number;
      exception?: PaymentException | null;
      status?: OrderStatusCode;
    },
  ) {
    const order = core.state.orders.find((candidate) => candidate.uuid === uuid);
    if (!order?.crypto) throw new FakeError(404, 'errors.notFound');
    order.crypto.paidAmount = payment.paidAmount;
    order.crypto.confirmations = payment.confirmations ?? order.crypto.confirmations ?? 0;
    order.crypto.exception = payment.exception ?? null;
    order.crypto.seenAt = now();
    if (payment.status !== undefined) applyOrderStatus(order, payment.status);
  }

  return {
    saleProgress() {
      const sold = core.state.users.reduce((total, user) => total + user.wallet.brnd_tokens, 0);
      return { allocation: SALE_ALLOCATION_TOKENS, sold, left: SALE_ALLOCATION_TOKENS - sold };
    },

    orders(user: UserRecord, query: { limit?: number; offset?: number } = {}) {
      // Payouts share the list with purchases, marked by their own signature.
      const own = [
        ...core.state.orders
          .filter((order) => order.userId === user.id)
          .map((order) => ({ at: order.createdAt, row: toTransaction(order) })),
        ...(core.state.payouts ?? [])
          .filter((payout) => payout.userId === user.id)
          .map(({ userId: _userId, ...payout }) => ({
            at: Date.parse(payout.created_at),
            row: payoutAsTransaction(payout),
          })),
      ].sort((a, b) => b.at - a.at);
      const offset = query.offset ?? 0;
      const page = own.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
      return { orders: { rows: page.map((entry) => entry.row), count: own.length } };
    },

    sale() {
      return saleView(saleSettings(), raisedUsd());
    },

    /** Stories and tests: another sale configuration (ended, no active tier, other stages). */
    setSale(changes: Partial<SaleSettings>) {
      core.state.sale = { ...saleSettings(), ...changes };
    },

    /** An outside provider of the sale goes down (every call to it fails), or comes back. */
    setProviderDown(provider: SaleProvider, down: boolean) {
      (core.state.outages ??= {})[provider] = down;
    },

    buyTokens(user: UserRecord, input: { amount: number; selected_payMethod: CryptoPayMethod }) {
      const createdAt = now();
      const outages = core.state.outages ?? {};
      if (input.selected_payMethod === 'ETH') {
        // As the bff's feed: a price read within ETH_PRICE_MAX_AGE_MS is quoted while the feed is
        // down; after that nobody is quoted.
        const readAt = core.state.ethPriceReadAt;
        if (!outages.price) core.state.ethPriceReadAt = createdAt;
        else if (readAt === undefined || createdAt - readAt >= ETH_PRICE_MAX_AGE_MS) {
          throw new FakeError(503, 'orders.errors.priceUnavailable');
        }
      }
      // Like the bff: at most MAX_OPEN_ORDERS_PER_METHOD waiting orders whose quote holds.
      const open = core.state.orders.filter(
        (order) =>
          order.userId === user.id &&
          order.method === input.selected_payMethod &&
          order.crypto !== undefined &&
          isAwaitingPayment(order.crypto.status) &&
          order.crypto.expiresAt > createdAt,
      );
      if (open.length >= MAX_OPEN_ORDERS_PER_METHOD) {
        throw new FakeError(409, 'orders.errors.tooManyOpenOrders', {
          values: { limit: MAX_OPEN_ORDERS_PER_METHOD },
        });
      }
      // The bff asks the gateway for an invoice last.
      if (input.selected_payMethod === 'BTC' && outages.gateway) {
        throw new FakeError(503, 'orders.errors.gatewayUnavailable');
      }
      const price = salePrice(saleSettings());
      const order: OrderRecord = {
        userId: user.id,
        uuid: randomUuid(),
        method: input.selected_payMethod,
        value: input.amount,
        price,
        tokens: tokensForUsd(input.amount, price),
        createdAt,
        crypto: {
          status: ORDER_STATUS.NEW,
          destinationAmount: quoteCryptoAmount(input.selected_payMethod, input.amount),
          address: blockchainAddress(input.selected_payMethod),
          shopOrderId: String(100_000 + core.state.orders.length),
          expiresAt: createdAt + ORDER_EXPIRY_MS,
        },
      };
      core.state.orders.push(order);
      return { message: SUCCESS as typeof SUCCESS, response: toCryptoOrder(order) };
    },

    /** Like the gateway: a new order is waiting by the first check, and expires unpaid. */
    verifyOrder(user: UserRecord, params: { uuid: string }) {
      const order = ownOrder(user, params.uuid);
      const crypto = order.crypto;
      if (crypto?.status === ORDER_STATUS.NEW) crypto.status = ORDER_STATUS.WAITING;
      if (crypto && crypto.status < ORDER_STATUS.PAID && crypto.expiresAt <= now()) {
        crypto.status = ORDER_STATUS.EXPIRED;
      }
      return { message: SUCCESS, response: toCryptoOrder(order) };
    },

    /** What the payment gateway's webhook would do: move an order to another status. */
    setOrderStatus(uuid: string, status: OrderStatusCode) {
      const order = core.state.orders.find((candidate) => candidate.uuid === uuid);
      if (!order) throw new FakeError(404, 'errors.notFound');
      applyOrderStatus(order, status);
    },

    recordPayment,

    /**
     * What the payer's wallet does on the BTC gateway's checkout page, as the gateway simulator
     * pays: half the amount due, 6/5 of it, the rest of it, or nothing before the invoice expires.
     */
    gatewayCheckout(uuid: string, action: 'pay' | 'underpay' | 'overpay' | 'expire') {
      const order = core.state.orders.find((candidate) => candidate.uuid === uuid);
      if (!order?.crypto || order.method !== 'BTC') throw new FakeError(404, 'errors.notFound');
      const due = toSats(order.crypto.destinationAmount);
      let paid = toSats(order.crypto.paidAmount ?? '0');
      if (action === 'expire') {
        recordPayment(uuid, {
          paidAmount: fromSats(paid),
          exception: paid > 0n ? 'partial' : null,
          status: ORDER_STATUS.EXPIRED,
        });
        return;
      }
      paid +=
        action === 'underpay' ? due / 2n : action === 'overpay' ? (due * 6n) / 5n : due - paid;
      recordPayment(
        uuid,
        paid < due
          ? { paidAmount: fromSats(paid), exception: 'partial', status: ORDER_STATUS.WAITING }
          : {
              paidAmount: fromSats(paid),
              confirmations: 1,
              exception: paid > due ? 'overpaid' : null,
              status: ORDER_STATUS.PAID,
            },
      );
    },

    /** The card provider's signed callback: the second step charged the card, or failed. */
    settleCardOrder(cashTxHash: string, status: 'paid' | 'failed') {
      const order = core.state.orders.find((candidate) => candidate.uuid === cashTxHash);
      if (!order || order.method !== 'PLN') throw new FakeError(404, 'errors.notFound');
      if (order.cardStatus !== CARD_TRANSACTION_STATUS.pending) return;
      order.cardStatus = CARD_TRANSACTION_STATUS[status];
      if (status === 'paid') {
        const owner = userById(order.userId);
        owner.wallet.amount += order.value;
        owner.wallet.brnd_tokens += order.tokens;
        recordActivity(core.state, owner.id, now(), 'purchase', order.tokens, {
          type: 'card_order',
          id: order.uuid,
        });
        mailPurchaseReceipt(owner, order);
      }
    },

    /** The card provider's record of a transaction (the bff reads it before recording). */
    cardProviderTransaction(params: { cashTxHash: string }) {
      const transaction = core.state.cardTransactions.find(
        (candidate) => candidate.cashTxHash === params.cashTxHash,
      );
      if (!transaction) throw new FakeError(404, 'orders.errors.cardUnknown');
      const order = core.state.orders.find((candidate) => candidate.uuid === params.cashTxHash);
      const status =
        order?.cardStatus === 'Confirmed'
          ? 'paid'
          : order?.cardStatus === 'Failed'
            ? 'failed'
            : 'pending';
      return {
        cashTxHash: transaction.cashTxHash,
        status,
        quotedCurrency: 'PLN',
        quotedCurrencyAmount: transaction.fiatValue,
        baseCurrency: 'BRND',
        baseCurrencyAmount: transaction.tokens,
        secondStepUrl: transaction.secondStepUrl,
        createdAt: new Date(order?.createdAt ?? now()).toISOString(),
      } as const;
    },

    /** The card provider's initialisation call (a third party in production). */
    cardProviderInit(input: { fiatValue: number; cryptoValue: number }) {
      const cashTxHash = randomHex(32);
      const settings = saleSettings();
      const tokens = tokensForPln(input.fiatValue, settings.plnPerUsd, salePrice(settings));
      const transaction = {
        cashTxHash,
        fiatValue: input.fiatValue,
        tokens,
        secondStepUrl: `${appUrl}/buysuccess`,
      };
      core.state.cardTransactions.push(transaction);
      return {
        cashTxHash,
        quotedCurrencyAmount: input.fiatValue,
        baseCurrencyAmount: tokens,
        secondStepUrl: transaction.secondStepUrl,
      };
    },

    /** Records a card purchase; the amounts come from the provider's record, not the browser. */
    kantor(user: UserRecord, input: { cashTxHash: string }) {
      // Like the bff: one card attempt per user per 30 seconds, counted before the provider is
      // asked, and answered as every throttle is (the wait in `values`).
      const attempt = hit(`card:${user.id}`, 1, CARD_RETRY_GAP_MS);
      if (!attempt.allowed) {
        throw core.tooManyAttempts(attempt.retryAfterSeconds, 'orders.errors.cardRetry');
      }
      // The bff reads the transaction from the provider.
      if (core.state.outages?.card) throw new FakeError(503, 'orders.errors.gatewayUnavailable');
      const transaction = core.state.cardTransactions.find(
        (candidate) => candidate.cashTxHash === input.cashTxHash,
      );
      if (!transaction) throw new FakeError(404, 'orders.errors.cardUnknown');
      // In the bff's order: the provider's record, the minimum, the sale, then the row.
      const recorded = core.state.orders.find((order) => order.uuid === transaction.cashTxHash);
      if (recorded && recorded.cardStatus !== CARD_TRANSACTION_STATUS.pending) {
        throw new FakeError(409, 'orders.errors.cardNotPending');
      }
      if (!(transaction.fiatValue >= CARD_MIN_PLN)) {
        throw new FakeError(400, 'validation.cardMinimum', {
          errors: { amount: 'validation.cardMinimum' },
        });
      }
      const settings = saleSettings();
      if (settings.endsAt !== null && settings.endsAt <= now()) {
        throw new FakeError(409, 'orders.errors.saleEnded');
      }
      if (recorded) throw new FakeError(409, 'orders.errors.cardAlreadyRecorded');
      core.state.orders.push({
        userId: user.id,
        uuid: transaction.cashTxHash,
        method: 'PLN',
        value: Math.round((transaction.fiatValue / settings.plnPerUsd) * 100) / 100,
        price: salePrice(settings),
        tokens: transaction.tokens,
        createdAt: now(),
        cardStatus: 'Pending',
      });
      return { message: SUCCESS, secondStepUrl: transaction.secondStepUrl };
    },
  };
}

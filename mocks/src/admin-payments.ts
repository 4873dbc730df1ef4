import { isOverdueEthOrder } from '@brnd/contracts/domain/orders';
import type { ActivityKind, ActivityRow } from '@brnd/contracts/api/activity';
import {
  ADMIN_NOTIFICATIONS_PAGE_SIZE,
  ADMIN_ORDERS_PAGE_SIZE,
  type NotificationOutcome,
  adminOrderStatus,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrderStatus,
  type DepositObservation,
  type PaymentNotification,
  type Resolution,
} from '@brnd/contracts/api/admin-orders';
import { ADMIN_PAYOUTS_PAGE_SIZE, type AdminPayout } from '@brnd/contracts/api/admin-payouts';
import type { SaleSettingsInputSchema } from '@brnd/contracts/api/admin-sale';
import type { Payout, PayoutStatus } from '@brnd/contracts/api/wallet';
import { ORDER_STATUS, type TransactionStatus } from '@brnd/contracts/domain/constants';
import { SALE_STAGE_NAMES, SALE_TOKENS_OFFERED } from '@brnd/contracts/domain/sale';
import type * as v from 'valibot';
import { MOCK_REQUIRED_CONFIRMATIONS, type MockCryptoPayment, type SaleSettings } from './sale.ts';

/**
 * The console's orders and payments, payouts and sale sections over the fake's state, with the
 * bff's rules (bff/src/services/payment-desk/, payouts.ts, sale.ts; docs/decisions/016): a
 * decision per order and amount received, credits at the order's price for what arrived, a
 * failed payout retried once if the balance still holds it, the sale validated by the contract.
 */

interface DeskUser {
  id: number;
  email: string;
  wallet: { amount: number; brnd_tokens: number };
}

interface DeskOrder {
  userId: number;
  uuid: string;
  method: 'BTC' | 'ETH' | 'PLN';
  value: number;
  price: number;
  tokens: number;
  createdAt: number;
  crypto?: MockCryptoPayment;
  cardStatus?: TransactionStatus;
}

type DeskPayout = Payout & { userId: number };

/** What the fake keeps for the console beyond orders and payouts. */
export interface DeskState {
  notifications: (PaymentNotification & { orderId: string })[];
  deposits: (DepositObservation & { orderId: string })[];
  resolutions: (Resolution & { orderId: string })[];
  /** Failed payouts: why the chain refused them. */
  payoutErrors: Record<string, string>;
  /** Failed payout id → the payout retrying it. */
  retries: Record<string, string>;
}

export interface DeskHost {
  state(): {
    nextId: number;
    users: DeskUser[];
    orders: DeskOrder[];
    payouts?: DeskPayout[];
    paymentDesk?: DeskState;
    /** The gateway down: an invoice cannot be read back. */
    outages?: { gateway?: boolean };
  };
  now(): number;
  saleSettings(): SaleSettings;
  setSaleSettings(settings: SaleSettings): void;
  recordAudit(
    actor: DeskUser,
    action: string,
    subject: string,
    details: Record<string, unknown>,
  ): void;
  /** A movement of a user's BRND balance, for their activity list. */
  recordActivity?(
    userId: number,
    kind: ActivityKind,
    tokens: number,
    source: ActivityRow['source'],
  ): void;
}

/** A refusal with the status and message id the bff answers with. */
export type DeskError = (status: number, messageId: string) => Error;

const UNITS = 10n ** 8n;

/** The mocks keep coin amounts with 8 decimals (sale.ts). */
function toUnits(amount: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(amount.trim());
  if (!match) return null;
  return BigInt(match[1] ?? '0') * UNITS + BigInt((match[2] ?? '').padEnd(8, '0'));
}

function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const text = `${abs / UNITS}.${(abs % UNITS).toString().padStart(8, '0')}`.replace(/\.?0+$/, '');
  return `${negative ? '-' : ''}${text || '0'}`;
}

function scaled(value: number, scale: number): bigint {
  return BigInt(Math.round(value * 10 ** scale));
}

/** floor(usd × paid / expected / price) in integers, as the bff's tokensForReceived. */
function tokensForReceived(order: DeskOrder, paid: bigint, expected: bigint): bigint {
  const priceMicros = scaled(order.price, 6);
  if (expected <= 0n || priceMicros <= 0n) return 0n;
  return (scaled(order.value, 2) * 10_000n * paid) / (expected * priceMicros);
}

function usdFor(tokens: bigint, order: DeskOrder): number {
  return Number((tokens * scaled(order.price, 6)) / 10_000n) / 100;
}

const CARD_STATUS: Record<TransactionStatus, AdminOrderStatus> = {
  Pending: 'waiting',
  WAITING_FOR_PAYMENT: 'waiting',
  Confirmed: 'paid',
  Failed: 'failed',
  Canceled: 'canceled',
};

export function emptyDeskState(): DeskState {
  return { notifications: [], deposits: [], resolutions: [], payoutErrors: {}, retries: {} };
}

export function createPaymentDeskFake(host: DeskHost, fail: DeskError) {
  const desk = (): DeskState => (host.state().paymentDesk ??= emptyDeskState());

  function overdue(order: DeskOrder): boolean {
    const crypto = order.crypto;
    return Boolean(
      crypto &&
      isOverdueEthOrder(
        { currency: order.method, status: crypto.status, expiresAt: crypto.expiresAt },
        host.now(),
      ),
    );
  }

  function statusOf(order: DeskOrder): AdminOrderStatus {
    if (!order.crypto) return CARD_STATUS[order.cardStatus ?? 'Pending'];
    return overdue(order) ? 'expired' : adminOrderStatus(order.crypto.status);
  }

  function paidUnits(order: DeskOrder): bigint {
    return toUnits(order.crypto?.paidAmount ?? '0') ?? 0n;
  }

  function decisions(order: DeskOrder) {
    return desk().resolutions.filter((resolution) => resolution.orderId === order.uuid);
  }

  function decidable(order: DeskOrder): boolean {
    const crypto = order.crypto;
    if (!crypto?.exception || paidUnits(order) === 0n) return false;
    if (crypto.status === ORDER_STATUS.PAID) return crypto.exception === 'overpaid';
    return crypto.status > ORDER_STATUS.PAID || overdue(order);
  }

  function open(order: DeskOrder): boolean {
    const paid = paidUnits(order);
    return (
      decidable(order) &&
      !decisions(order).some((resolution) => toUnits(resolution.paid_amount) === paid)
    );
  }

  function credited(order: DeskOrder): bigint {
    const own = order.crypto?.status === ORDER_STATUS.PAID ? BigInt(order.tokens) : 0n;
    return decisions(order).reduce((sum, resolution) => sum + BigInt(resolution.brnd_tokens), own);
  }

  function emailOf(userId: number): string {
    return host.state().users.find((user) => user.id === userId)?.email ?? '';
  }

  function summary(order: DeskOrder): AdminOrder {
    return {
      id: order.uuid,
      method: order.method,
      user_email: emailOf(order.userId),
      status: statusOf(order),
      usd: order.value,
      token_price: order.price,
      brnd_tokens: order.tokens,
      payment_exception: order.crypto?.exception ?? null,
      needs_decision: open(order),
      created_at: new Date(order.createdAt).toISOString(),
    };
  }

  function strip<T extends { orderId: string }>({ orderId: _orderId, ...rest }: T) {
    return rest;
  }

  function detail(order: DeskOrder): AdminOrderDetail {
    const crypto = order.crypto;
    const ofOrder = <T extends { orderId: string }>(list: T[]) =>
      list.filter((entry) => entry.orderId === order.uuid).map(strip);
    const notifications = ofOrder(desk().notifications);
    if (!crypto) {
      const paid = order.cardStatus === 'Confirmed';
      const pln = (order.value * host.saleSettings().plnPerUsd).toFixed(2);
      return {
        ...summary(order),
        status_code: null,
        currency: 'PLN',
        expected_amount: pln,
        paid_amount: paid ? pln : '0',
        due_amount: paid ? '0' : pln,
        address: null,
        gateway_invoice_id: null,
        confirmations: 0,
        required_confirmations: 0,
        expires_at: null,
        paid_at: paid ? new Date(order.createdAt).toISOString() : null,
        credit_preview: null,
        deposits: [],
        notifications,
        resolutions: [],
        explorer_tx_url: null,
      };
    }
    const expected = toUnits(crypto.destinationAmount) ?? 0n;
    const paid = paidUnits(order);
    const preview = tokensForReceived(order, paid, expected) - credited(order);
    const isOpen = open(order);
    const method = order.method === 'PLN' ? 'ETH' : order.method;
    return {
      ...summary(order),
      status_code: crypto.status,
      currency: method,
      expected_amount: crypto.destinationAmount,
      paid_amount: fromUnits(paid),
      due_amount: fromUnits(paid >= expected ? 0n : expected - paid),
      address: crypto.address,
      gateway_invoice_id: method === 'BTC' ? `inv-${crypto.shopOrderId}` : null,
      confirmations: crypto.confirmations ?? 0,
      required_confirmations: MOCK_REQUIRED_CONFIRMATIONS[method],
      expires_at: new Date(crypto.expiresAt).toISOString(),
      paid_at: crypto.status === ORDER_STATUS.PAID ? new Date(order.createdAt).toISOString() : null,
      credit_preview:
        isOpen && preview > 0n
          ? { brnd_tokens: Number(preview), usd: usdFor(preview, order) }
          : null,
      deposits: ofOrder(desk().deposits),
      notifications,
      resolutions: ofOrder(desk().resolutions),
      explorer_tx_url: null,
    };
  }

  function findOrder(id: string): DeskOrder {
    const order = host
      .state()
      .orders.find((candidate) => candidate.uuid.toLowerCase() === id.toLowerCase());
    if (!order) throw fail(404, 'errors.notFound');
    return order;
  }

  function adminPayout(payout: DeskPayout): AdminPayout {
    const retryOf = Object.entries(desk().retries).find(([, retry]) => retry === payout.id);
    return {
      id: payout.id,
      user_email: emailOf(payout.userId),
      status: payout.status,
      brnd_tokens: payout.brnd_tokens,
      amount: payout.amount,
      address: payout.walletAddress,
      tx_hash: payout.txHash,
      error: desk().payoutErrors[payout.id] ?? null,
      retry_of: retryOf?.[0] ?? null,
      retried_by: desk().retries[payout.id] ?? null,
      created_at: payout.created_at,
    };
  }

  return {
    /** Seeds and tests: a notification, deposit observation or payout failure as recorded. */
    recordNotification(orderId: string, notification: PaymentNotification) {
      desk().notifications.push({ ...notification, orderId });
    },
    recordDeposit(orderId: string, deposit: DepositObservation) {
      desk().deposits.push({ ...deposit, orderId });
    },
    failPayout(payoutId: string, error: string) {
      const payout = (host.state().payouts ?? []).find((candidate) => candidate.id === payoutId);
      if (!payout) throw fail(404, 'errors.notFound');
      payout.status = 'failed';
      desk().payoutErrors[payoutId] = error;
      const owner = host.state().users.find((user) => user.id === payout.userId);
      // The bff's reversal: the tokens are back on the balance.
      if (owner) {
        owner.wallet.brnd_tokens += payout.brnd_tokens;
        host.recordActivity?.(owner.id, 'payout_returned', payout.brnd_tokens, {
          type: 'payout',
          id: payout.id,
        });
      }
    },

    adminOrders(query: {
      email?: string | undefined;
      id?: string | undefined;
      status?: AdminOrderStatus | undefined;
      method?: 'BTC' | 'ETH' | 'PLN' | undefined;
      undecided?: boolean | undefined;
      from?: string | undefined;
      to?: string | undefined;
      offset?: number | undefined;
    }) {
      const from = query.from ? Date.parse(`${query.from}T00:00:00Z`) : -Infinity;
      const to = query.to ? Date.parse(`${query.to}T00:00:00Z`) + 24 * 60 * 60_000 : Infinity;
      const email = query.email?.toLowerCase();
      const matching = host
        .state()
        .orders.map(summary)
        .filter(
          (order) =>
            (!email || order.user_email.toLowerCase().includes(email)) &&
            (!query.id || order.id.toLowerCase() === query.id.toLowerCase()) &&
            (!query.status || order.status === query.status) &&
            (!query.method || order.method === query.method) &&
            (!query.undecided || order.needs_decision) &&
            Date.parse(order.created_at) >= from &&
            Date.parse(order.created_at) < to,
        )
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
      const offset = query.offset ?? 0;
      return {
        orders: matching.slice(offset, offset + ADMIN_ORDERS_PAGE_SIZE),
        count: matching.length,
      };
    },

    adminOrder(params: { id: string }) {
      return { order: detail(findOrder(params.id)) };
    },

    /** Newest first, filtered as the bff filters (docs/decisions/027). */
    adminNotifications(query: {
      order?: string | undefined;
      provider?: 'gateway' | 'card' | undefined;
      outcome?: NotificationOutcome | undefined;
      offset?: number | undefined;
    }) {
      const matching = desk()
        .notifications.filter(
          (entry) =>
            (!query.order ||
              (entry.order_ref ?? entry.orderId).toLowerCase() === query.order.toLowerCase()) &&
            (!query.provider || entry.provider === query.provider) &&
            (!query.outcome || entry.outcome === query.outcome),
        )
        .map(strip)
        .reverse();
      const offset = query.offset ?? 0;
      return {
        notifications: matching.slice(offset, offset + ADMIN_NOTIFICATIONS_PAGE_SIZE),
        count: matching.length,
      };
    },

    /** The fake is its own gateway: reading the invoice again finds what it holds; audited. */
    resyncOrder(operator: DeskUser, params: { id: string }) {
      const order = findOrder(params.id);
      // As the bff: a card order's id is no order uuid, so it is not found before it is judged.
      if (!order.crypto) throw fail(404, 'errors.notFound');
      if (order.method !== 'BTC') {
        throw fail(409, 'finance.orders.errors.notGatewayOrder');
      }
      if (host.state().outages?.gateway) throw fail(503, 'orders.errors.gatewayUnavailable');
      const read = detail(order);
      host.recordAudit(operator, 'order.resync', order.uuid, {
        invoice: read.gateway_invoice_id,
        status_before: order.crypto.status,
        status_after: order.crypto.status,
      });
      return { order: read };
    },

    resolveOrder(
      operator: DeskUser,
      params: { id: string },
      input: {
        decision: 'credit' | 'refund';
        paid_amount: string;
        reference?: string | undefined;
        note?: string | undefined;
      },
    ) {
      const order = findOrder(params.id);
      if (!order.crypto) throw fail(404, 'errors.notFound');
      const paid = paidUnits(order);
      if (decisions(order).some((resolution) => toUnits(resolution.paid_amount) === paid)) {
        throw fail(409, 'finance.orders.errors.alreadyResolved');
      }
      if (!decidable(order)) throw fail(409, 'finance.orders.errors.notDecidable');
      if (toUnits(input.paid_amount) !== paid) {
        throw fail(409, 'finance.orders.errors.paymentChanged');
      }
      let tokens = 0n;
      if (input.decision === 'credit') {
        tokens =
          tokensForReceived(order, paid, toUnits(order.crypto.destinationAmount) ?? 0n) -
          credited(order);
        if (tokens <= 0n) throw fail(409, 'finance.orders.errors.nothingToCredit');
      }
      const usd = usdFor(tokens, order);
      const resolution: Resolution = {
        id: String(host.state().nextId++),
        decision: input.decision,
        paid_amount: fromUnits(paid),
        brnd_tokens: Number(tokens),
        usd,
        reference: input.reference ?? null,
        note: input.note ?? null,
        operator_email: operator.email,
        created_at: new Date(host.now()).toISOString(),
      };
      desk().resolutions.push({ ...resolution, orderId: order.uuid });
      const owner = host.state().users.find((user) => user.id === order.userId);
      if (owner && tokens > 0n) {
        owner.wallet.brnd_tokens += Number(tokens);
        owner.wallet.amount += usd;
        host.recordActivity?.(owner.id, 'operator_credit', Number(tokens), {
          type: 'order',
          id: order.uuid,
        });
      }
      host.recordAudit(operator, `order.resolve.${input.decision}`, order.uuid, {
        exception: order.crypto.exception ?? null,
        paid_amount: resolution.paid_amount,
        currency: order.method,
        brnd_tokens: resolution.brnd_tokens,
        usd,
        ...(input.reference ? { reference: input.reference } : {}),
        ...(input.note ? { note: input.note } : {}),
      });
      return { resolution, order: detail(order) };
    },

    adminPayouts(query: { status?: PayoutStatus | undefined; offset?: number | undefined }) {
      const matching = (host.state().payouts ?? [])
        .filter((payout) => !query.status || payout.status === query.status)
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      const offset = query.offset ?? 0;
      return {
        payouts: matching.slice(offset, offset + ADMIN_PAYOUTS_PAGE_SIZE).map(adminPayout),
        count: matching.length,
        explorer_tx_url: null,
      };
    },

    retryPayout(operator: DeskUser, params: { id: string }) {
      const payouts = (host.state().payouts ??= []);
      const failed = payouts.find((payout) => payout.id === params.id);
      if (!failed) throw fail(404, 'errors.notFound');
      if (failed.status !== 'failed') throw fail(409, 'finance.payouts.errors.notFailed');
      if (desk().retries[failed.id]) throw fail(409, 'finance.payouts.errors.alreadyRetried');
      const owner = host.state().users.find((user) => user.id === failed.userId);
      if (!owner || owner.wallet.brnd_tokens < failed.brnd_tokens) {
        throw fail(409, 'finance.payouts.errors.balanceGone');
      }
      owner.wallet.brnd_tokens -= failed.brnd_tokens;
      const retry: DeskPayout = {
        ...failed,
        id: `payout-${host.state().nextId++}`,
        status: 'pending',
        txHash: null,
        created_at: new Date(host.now()).toISOString(),
      };
      payouts.unshift(retry);
      desk().retries[failed.id] = retry.id;
      host.recordActivity?.(owner.id, 'payout', -failed.brnd_tokens, {
        type: 'payout',
        id: retry.id,
      });
      host.recordAudit(operator, 'payout.retry', failed.id, {
        retry: retry.id,
        address: failed.walletAddress,
        brnd_tokens: failed.brnd_tokens,
      });
      return { payout: adminPayout(retry) };
    },

    updateSale(operator: DeskUser, input: v.InferOutput<typeof SaleSettingsInputSchema>) {
      const before = host.saleSettings();
      const after: SaleSettings = {
        ...before,
        tiers: input.tiers.map(({ tokens, price }) => ({ tokens, price })),
        activeTier: input.activeTier,
        endsAt: Date.parse(input.endsAt),
        stages: input.stages.map((stage, index) => ({
          name: SALE_STAGE_NAMES[index] ?? 'Pre ICO',
          month: stage.month,
          active: stage.active,
        })),
      };
      host.setSaleSettings(after);
      const snapshot = (settings: SaleSettings) => ({
        tiers: settings.tiers ?? null,
        activeTier: settings.activeTier,
        stages: settings.stages,
        endsAt: settings.endsAt === null ? null : new Date(settings.endsAt).toISOString(),
      });
      host.recordAudit(operator, 'sale.update', 'sale', {
        before: snapshot(before),
        after: snapshot(after),
      });
    },

    saleAllocation: SALE_TOKENS_OFFERED,

    /** USD of operators' credit decisions: raised like paid orders. */
    resolvedUsd() {
      return desk().resolutions.reduce((sum, resolution) => sum + resolution.usd, 0);
    },
  };
}

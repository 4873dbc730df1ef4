import type { CryptoOrder } from '@brnd/contracts/api/orders';
import type { Sale } from '@brnd/contracts/api/sale';
import { isOverdueEthOrder } from '@brnd/contracts/domain/orders';
import {
  ORDER_EXPIRY_MS,
  ORDER_TEXT_STATUS,
  PLN_PER_USD,
  type CryptoPayMethod,
  type OrderStatusCode,
} from '@brnd/contracts/domain/constants';
import {
  DEFAULT_TOKEN_PRICE_USD,
  SALE_GOAL_USD,
  SALE_STAGE_NAMES,
  SALE_TIERS,
  SALE_TOTAL_SUPPLY_TOKENS,
  btcPaymentUri,
  ethPaymentUri,
  paymentSituation,
  tierTotalUsd,
  tokensForUsd,
  type PaymentException,
} from '@brnd/contracts/domain/sale';

/**
 * The mocks' token sale: its configuration (a live sale by default, like the bff's demo seed)
 * and how a crypto order looks to the client. The fake (fake.ts) keeps the orders; this file
 * keeps the sale's own rules so fake.ts stays about state.
 */

const DAY = 24 * 60 * 60_000;

/** Quote rates of the mock crypto gateway, USD per coin. */
export const MOCK_CRYPTO_RATES_USD: Record<CryptoPayMethod, number> = { BTC: 11_500, ETH: 380 };
/** The dev chain's id, so a mock EIP-681 URI looks like the bff's. */
export const MOCK_CHAIN_ID = 31337;
export const MOCK_REQUIRED_CONFIRMATIONS: Record<CryptoPayMethod, number> = { BTC: 1, ETH: 2 };

export interface SaleSettings {
  /** Id of the active tier, or null: the price falls back to 0.003 USD. */
  activeTier: number | null;
  /** Epoch ms; null when no end is set. */
  endsAt: number | null;
  /** Stage name → [month YYYY-MM, active]. */
  stages: { name: (typeof SALE_STAGE_NAMES)[number]; month: string; active: boolean }[];
  plnPerUsd: number;
  ieoUrl: string;
  cardProviderUrl: string;
  /** Tier amounts and prices as an operator set them; unset: the spec's table. */
  tiers?: { tokens: number; price: number }[];
}

/** The tiers in force: the spec's table, with an operator's amounts and prices if any. */
export function saleTiers(settings: SaleSettings) {
  return SALE_TIERS.map((tier, index) => ({ ...tier, ...settings.tiers?.[index] }));
}

/**
 * A live sale: Tier IV (0.003 USD, the spec's 'value / 0.003') active, ending in 30 days, Pre ICO
 * and Round I active. See docs/decisions/007-token-sale-as-data.md.
 */
export function liveSaleSettings(now: number, appUrl: string): SaleSettings {
  const start = new Date(now);
  const month = (offset: number) => {
    const at = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + offset, 1));
    return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  return {
    activeTier: 4,
    endsAt: now + 30 * DAY,
    stages: SALE_STAGE_NAMES.map((name, index) => ({
      name,
      month: month(index - 1),
      active: index < 2,
    })),
    plnPerUsd: PLN_PER_USD,
    ieoUrl: 'https://exchange.example/market/BRND-USDT',
    // The mocks answer the provider's calls on any origin; the app's own keeps it same-origin.
    cardProviderUrl: `${appUrl}/card-provider`,
  };
}

export function salePrice(settings: SaleSettings): number {
  const tier = saleTiers(settings).find((candidate) => candidate.id === settings.activeTier);
  return tier?.price ?? DEFAULT_TOKEN_PRICE_USD;
}

export function saleView(settings: SaleSettings, raisedUsd: number): Sale {
  return {
    tiers: saleTiers(settings).map((tier) => ({
      ...tier,
      total: tierTotalUsd(tier),
      active: tier.id === settings.activeTier,
    })),
    activeTier: settings.activeTier,
    price: salePrice(settings),
    stages: settings.stages.map((stage) => ({ ...stage })),
    endsAt: settings.endsAt === null ? null : new Date(settings.endsAt).toISOString(),
    totalSupply: SALE_TOTAL_SUPPLY_TOKENS,
    tokensOffered: saleTiers(settings).reduce((sum, tier) => sum + tier.tokens, 0),
    raised: Math.round(raisedUsd * 100) / 100,
    goal: SALE_GOAL_USD,
    plnPerUsd: settings.plnPerUsd,
    ieoUrl: settings.ieoUrl,
    cardProviderUrl: settings.cardProviderUrl,
  };
}

/** The crypto amount quoted for `usd`: 8 decimals for BTC, 6 for ETH (the bff's quote step). */
export function quoteCryptoAmount(method: CryptoPayMethod, usd: number): string {
  return (usd / MOCK_CRYPTO_RATES_USD[method]).toFixed(method === 'BTC' ? 8 : 6);
}

export interface MockCryptoPayment {
  status: OrderStatusCode;
  destinationAmount: string;
  address: string;
  shopOrderId: string;
  expiresAt: number;
  /** Crypto received so far (decimal string). */
  paidAmount?: string;
  confirmations?: number;
  exception?: PaymentException | null;
  /** Epoch ms: when money last arrived. */
  seenAt?: number;
}

/** An operator's decision on an order's money, as the buyer is shown it. */
export type MockOrderDecision = NonNullable<CryptoOrder['decision']>;

function toUnits(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 10n ** 8n + BigInt((fraction + '00000000').slice(0, 8));
}

function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const text = `${abs / 10n ** 8n}.${(abs % 10n ** 8n).toString().padStart(8, '0')}`;
  return text.replace(/\.?0+$/, '') || '0';
}

function paymentUri(method: CryptoPayMethod, address: string, amount: string): string {
  if (method === 'BTC') return btcPaymentUri(address, amount);
  return ethPaymentUri(address, MOCK_CHAIN_ID, toUnits(amount) * 10n ** 10n);
}

/** How the mocks answer for a crypto order, with every field of the contract. */
export function cryptoOrderView(order: {
  uuid: string;
  method: CryptoPayMethod;
  value: number;
  price: number;
  createdAt: number;
  payment: MockCryptoPayment;
  /** The operator's latest decision on the order's money. */
  decision?: MockOrderDecision | null;
  now?: number;
}): CryptoOrder {
  const { payment } = order;
  const paid = payment.paidAmount ?? '0';
  const due = toUnits(payment.destinationAmount) - toUnits(paid);
  const decision = order.decision ?? null;
  const received = toUnits(paid) > 0n;
  const quoteOver = isOverdueEthOrder(
    { currency: order.method, status: payment.status, expiresAt: payment.expiresAt },
    order.now ?? Date.now(),
  );
  return {
    uuid: order.uuid,
    status: payment.status,
    value: order.value,
    destination_currency: order.method,
    destination_amount: payment.destinationAmount,
    blockchain_address: payment.address,
    shop_order_id: payment.shopOrderId,
    expires_at: new Date(payment.expiresAt).toISOString(),
    text_status: ORDER_TEXT_STATUS[payment.status],
    created_at: new Date(order.createdAt).toISOString(),
    token_price: order.price,
    brnd_tokens: tokensForUsd(order.value, order.price),
    // After a partial payment the link and QR code ask for the rest, as the bff's do.
    payment_uri: paymentUri(
      order.method,
      payment.address,
      received && due > 0n ? fromUnits(due) : payment.destinationAmount,
    ),
    paid_amount: paid,
    due_amount: due > 0n ? fromUnits(due) : '0',
    confirmations: payment.confirmations ?? 0,
    required_confirmations: MOCK_REQUIRED_CONFIRMATIONS[order.method],
    payment_exception: payment.exception ?? null,
    checkout_url: null,
    payment_seen_at: received ? new Date(payment.seenAt ?? order.createdAt).toISOString() : null,
    payment_situation: paymentSituation(
      {
        status: quoteOver ? 6 : payment.status,
        exception: payment.exception ?? null,
        received,
        quoteOver,
      },
      decision && toUnits(decision.paid_amount) === toUnits(paid) ? decision.decision : null,
    ),
    decision,
  };
}

/** Half the quote, for partial-payment states. */
export function halfOf(amount: string): string {
  return fromUnits(toUnits(amount) / 2n);
}

export { ORDER_EXPIRY_MS };

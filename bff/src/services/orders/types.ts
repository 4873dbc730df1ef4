import type { CryptoOrder, Transaction as ListRow } from '@brnd/contracts/api/orders';
import type { CryptoPayMethod } from '@brnd/contracts/domain/constants';
import type { Transaction } from 'sequelize';
import type { DepositAddresses } from '../../chain/deposit-addresses.ts';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { CardExchange } from '../../providers/card-exchange.ts';
import type { CryptoGateway } from '../../providers/crypto-gateway.ts';
import type { Ledger } from '../ledger.ts';
import type { RateLimiter } from '../rate-limits.ts';
import type { SaleService } from '../sale.ts';

/** The order service's interface (service.ts builds it), its dependencies and its events. */

/** A paid order, for code that pays on it (the referral programme's 10 %). */
export interface OrderPaidEvent {
  /** The crypto order's uuid or the card transaction's hash. */
  orderId: string;
  kind: 'crypto' | 'card';
  method: CryptoPayMethod | 'PLN';
  userId: string;
  usd: number;
  tokens: number;
}

/**
 * Runs inside the crediting transaction, once per order: a hook that posts to the ledger joins
 * the transaction (and so is credited exactly when the order is). Throwing rolls the credit back.
 */
export type OrderPaidHook = (event: OrderPaidEvent, transaction: Transaction) => Promise<void>;

/** A transfer into a deposit address, found in a block's transactions. */
export interface DepositTransfer {
  hash: string;
  from: string;
  /** Wei, decimal. */
  value: string;
}

/** What the chain watcher saw at a deposit address. */
export interface EthObservation {
  /** Wei held by the address at `block` (the latest). */
  balance: bigint;
  block: number;
  /**
   * Wei held at the order's required depth (`block - required_confirmations + 1`): only money
   * this deep pays an order, so a payment that a reorg removes (or replaces with a later one)
   * is never credited on an observation made above it.
   */
  settledBalance: bigint;
  at: Date;
  /** The transfers into the address since the watcher's previous look, when it searched. */
  transfers?: DepositTransfer[];
}

export interface OrderService {
  /**
   * `commit`, when given, runs in the transaction that stores the order (an `Idempotency-Key`'s
   * answer is recorded there, so a crash cannot leave an order its retry would make again).
   */
  buyTokens(
    userId: string,
    input: { usd: number; currency: CryptoPayMethod },
    commit?: (order: CryptoOrder, transaction: Transaction) => Promise<void>,
  ): Promise<CryptoOrder>;
  /** Only the owner's order; anyone else gets the same 404 as for an unknown one. */
  verify(userId: string, uuid: string): Promise<CryptoOrder>;
  /** The user's crypto and card orders as transactions-list rows. */
  transactions(userId: string): Promise<ListRow[]>;
  recordCardOrder(userId: string, cashTxHash: string): Promise<{ secondStepUrl: string }>;
  handleCardCallback(rawBody: Buffer, signature: string | undefined): Promise<void>;
  handleGatewayWebhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
  /** Reads the invoice from the gateway and applies it (webhook, or a reconciliation). */
  syncInvoice(uuid: string): Promise<void>;
  applyEthObservation(uuid: string, observation: EthObservation): Promise<void>;
  /**
   * ETH orders the watcher looks at: open ones, and expired or paid ones that may still receive
   * money (recorded for an operator's decision, never ignored).
   */
  watchedEthOrders(
    lateWindowMs: number,
  ): Promise<{ uuid: string; address: string; paidUnits: bigint; requiredConfirmations: number }[]>;
  /**
   * Open ETH orders past their expiry (and not confirming) become expired (6); open BTC orders
   * past theirs are read back from the gateway (which decides, and may have a lost webhook).
   */
  expireOverdue(now?: Date): Promise<number>;
  onOrderPaid(hook: OrderPaidHook): void;
  /**
   * Runs the paid hooks for a credit made elsewhere (an operator's decision on an exception),
   * inside that credit's transaction, exactly as for a paid order.
   */
  runPaidHooks(event: OrderPaidEvent, transaction: Transaction): Promise<void>;
}

export interface OrderServiceDeps {
  db: Database;
  ledger: Ledger;
  sale: SaleService;
  limiter: RateLimiter;
  logger: Logger;
  /** Where the browser comes back after the gateway's checkout. */
  appUrl: string;
  deposits: DepositAddresses;
  chainId: number;
  /** Blocks on top of (and including) the one with the payment before an ETH order is paid. */
  ethConfirmations: number;
  /** USD per ETH quoted to buyers. */
  usdPerEth: () => Promise<number>;
  /** How long an ETH quote holds; default ORDER_EXPIRY_MS (15 minutes). */
  ethQuoteMs?: number;
  /** Unset: BTC orders answer 503. */
  gateway?: CryptoGateway;
  /** Unset: card orders answer 503. */
  card?: CardExchange;
  now?: () => Date;
}

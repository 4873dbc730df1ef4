import type { AdminOrderDetail } from '@brnd/contracts/api/admin-orders';
import { adminOrderStatus } from '@brnd/contracts/api/admin-orders';
import { ORDER_STATUS } from '@brnd/contracts/domain/constants';
import { type CardOrderState } from '@brnd/contracts/domain/sale';
import type { Transaction } from 'sequelize';
import { DomainError } from '../errors.ts';
import { isOverdueEthOrder } from '@brnd/contracts/domain/orders';
import {
  type CryptoRow,
  type ResolutionRow,
  formatUnits,
  tokensForReceived,
  usdFor,
  decidable,
  type NotificationRow,
  NOTIFICATION_COLUMNS,
  toNotification,
  isUuid,
  toResolution,
} from './rows.ts';
import type { PaymentDeskBase } from './context.ts';

/** An order as the console shows it: its payment, notifications and decisions. */
export function orderDetails(ctx: PaymentDeskBase) {
  const { deps } = ctx;
  const { db } = deps;

  const now = deps.now ?? (() => new Date());

  const explorerTxUrl = deps.explorerTxUrl ?? null;

  const CRYPTO_COLUMNS = `o.uuid::text, o.user_id::text, u.email AS user_email, o.currency,
    o.status, o.usd::text, o.token_price::text, o.tokens::text, o.expected_units::text,
    o.paid_units::text, o.deposit_address, o.gateway_invoice_id, o.confirmations,
    o.required_confirmations, o.payment_exception, o.expires_at, o.paid_at, o.created_at`;

  async function cryptoRow(
    uuid: string,
    transaction?: Transaction,
  ): Promise<CryptoRow | undefined> {
    const [row] = await db.query<CryptoRow>(
      `SELECT ${CRYPTO_COLUMNS} FROM crypto_orders o JOIN users u ON u.id = o.user_id
       WHERE o.uuid = $1 ${transaction ? 'FOR UPDATE OF o' : ''}`,
      [uuid],
      transaction ? { transaction } : {},
    );
    return row;
  }

  async function resolutions(uuid: string, transaction?: Transaction): Promise<ResolutionRow[]> {
    return db.query<ResolutionRow>(
      `SELECT id::text, decision, paid_units::text, tokens::text, usd::text, reference, note,
         operator_email, created_at
       FROM payment_resolutions WHERE order_uuid = $1 ORDER BY id`,
      [uuid],
      transaction ? { transaction } : {},
    );
  }

  /** BRND this order has credited so far: the paid order itself, then each credit decision. */
  function credited(row: CryptoRow, decided: ResolutionRow[]): bigint {
    const own = row.status === ORDER_STATUS.PAID ? BigInt(row.tokens) : 0n;
    return decided.reduce(
      (sum, decision) => sum + (decision.decision === 'credit' ? BigInt(decision.tokens) : 0n),
      own,
    );
  }

  async function cryptoDetail(row: CryptoRow): Promise<AdminOrderDetail> {
    const [decided, deposits, notifications] = await Promise.all([
      resolutions(row.uuid),
      db.query<{
        block: string;
        balance: string;
        change: string;
        transactions: { hash: string; from: string; value: string }[];
        observed_at: Date;
      }>(
        `SELECT block::text, balance::text, change::text, transactions, observed_at
         FROM eth_deposit_observations WHERE order_uuid = $1 ORDER BY id`,
        [row.uuid],
      ),
      notificationsOf(row.uuid),
    ]);
    const expected = BigInt(row.expected_units);
    const paid = BigInt(row.paid_units);
    const open =
      decidable(row, now()) && !decided.some((decision) => BigInt(decision.paid_units) === paid);
    const preview = tokensForReceived(row, paid, expected) - credited(row, decided);
    const overdue = isOverdueEthOrder(
      { currency: row.currency, status: row.status, expiresAt: row.expires_at },
      now(),
    );
    const signed = (units: bigint) =>
      units < 0n ? `-${formatUnits(-units, row.currency)}` : formatUnits(units, row.currency);
    return {
      id: row.uuid,
      method: row.currency,
      user_email: row.user_email,
      status: overdue ? 'expired' : adminOrderStatus(row.status),
      usd: Number(row.usd),
      token_price: Number(row.token_price),
      brnd_tokens: Number(row.tokens),
      payment_exception: row.payment_exception,
      needs_decision: open,
      created_at: row.created_at.toISOString(),
      status_code: row.status,
      currency: row.currency,
      expected_amount: formatUnits(expected, row.currency),
      paid_amount: formatUnits(paid, row.currency),
      due_amount: formatUnits(paid >= expected ? 0n : expected - paid, row.currency),
      address: row.deposit_address,
      gateway_invoice_id: row.gateway_invoice_id,
      confirmations: row.confirmations,
      required_confirmations: row.required_confirmations,
      expires_at: row.expires_at.toISOString(),
      paid_at: row.paid_at ? row.paid_at.toISOString() : null,
      credit_preview:
        open && preview > 0n ? { brnd_tokens: Number(preview), usd: usdFor(preview, row) } : null,
      deposits: deposits.map((deposit) => ({
        block: Number(deposit.block),
        balance: formatUnits(BigInt(deposit.balance), 'ETH'),
        change: signed(BigInt(deposit.change)),
        transactions: deposit.transactions.map((transfer) => ({
          hash: transfer.hash,
          from: transfer.from,
          value: formatUnits(BigInt(transfer.value), 'ETH'),
        })),
        observed_at: deposit.observed_at.toISOString(),
      })),
      notifications,
      resolutions: decided.map((decision) => toResolution(decision, row.currency)),
      explorer_tx_url: explorerTxUrl,
    };
  }

  async function notificationsOf(ref: string): Promise<AdminOrderDetail['notifications']> {
    const rows = await db.query<NotificationRow>(
      `SELECT ${NOTIFICATION_COLUMNS} FROM payment_notifications WHERE order_ref = $1 ORDER BY id`,
      [ref],
    );
    return rows.map(toNotification);
  }

  async function cardDetail(hash: string): Promise<AdminOrderDetail | undefined> {
    const [row] = await db.query<{
      cash_tx_hash: string;
      user_email: string;
      status: CardOrderState;
      pln: string;
      usd: string;
      token_price: string;
      tokens: string;
      paid_at: Date | null;
      created_at: Date;
    }>(
      `SELECT c.cash_tx_hash, u.email AS user_email, c.status, c.pln::text, c.usd::text,
         c.token_price::text, c.tokens::text, c.paid_at, c.created_at
       FROM card_orders c JOIN users u ON u.id = c.user_id WHERE c.cash_tx_hash = $1`,
      [hash],
    );
    if (!row) return undefined;
    const paid = row.status === 'paid';
    return {
      id: row.cash_tx_hash,
      method: 'PLN',
      user_email: row.user_email,
      status: row.status === 'pending' ? 'waiting' : row.status,
      usd: Number(row.usd),
      token_price: Number(row.token_price),
      brnd_tokens: Number(row.tokens),
      payment_exception: null,
      needs_decision: false,
      created_at: row.created_at.toISOString(),
      status_code: null,
      currency: 'PLN',
      expected_amount: row.pln,
      paid_amount: paid ? row.pln : '0',
      due_amount: paid ? '0' : row.pln,
      address: null,
      gateway_invoice_id: null,
      confirmations: 0,
      required_confirmations: 0,
      expires_at: null,
      paid_at: row.paid_at ? row.paid_at.toISOString() : null,
      credit_preview: null,
      deposits: [],
      notifications: await notificationsOf(row.cash_tx_hash),
      resolutions: [],
      explorer_tx_url: explorerTxUrl,
    };
  }

  async function detail(id: string): Promise<AdminOrderDetail> {
    if (isUuid(id)) {
      const row = await cryptoRow(id);
      if (row) return cryptoDetail(row);
    }
    const card = await cardDetail(id);
    if (!card) throw new DomainError(404, 'errors.notFound');
    return card;
  }

  return {
    now,
    explorerTxUrl,
    CRYPTO_COLUMNS,
    cryptoRow,
    resolutions,
    credited,
    cryptoDetail,
    notificationsOf,
    cardDetail,
    detail,
  };
}

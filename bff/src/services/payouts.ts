import { connectContract } from '@brnd/contracts/chain/connect';
import { BRND } from '@brnd/contracts/chain/generated/index';
import type { Payout, PayoutStatus } from '@brnd/contracts/api/wallet';
import { ADMIN_PAYOUTS_PAGE_SIZE, type AdminPayout } from '@brnd/contracts/api/admin-payouts';
import type { PlatformChain } from '../chain/platform-chain.ts';
import {
  createTreasurySender,
  type SendStatus,
  type TreasurySenderOptions,
  type TreasuryTransactionRow,
} from '../chain/treasury-sender.ts';
import type { Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';
import { SQL_STATE, sqlError } from '../db/sql-errors.ts';
import type { Logger } from '../logger.ts';
import type { AuditLog } from './audit-log.ts';
import { DomainError } from './errors.ts';
import { LEDGER_ACCOUNTS, ONE_TOKEN, toTokenNumber, userAccount, type Ledger } from './ledger.ts';

/**
 * Payouts of a user's BRND balance to their wallet. The claim (payout row + ledger debit) commits
 * before anything is signed; the treasury sender then signs it once, broadcasts and confirms it.
 */

type StoredStatus = SendStatus;

interface PayoutRow extends TreasuryTransactionRow {
  user_id: string;
  to_address: string;
  amount: string;
  chain_id: string;
  created_at: Date;
}

/** Runs in the transaction that settles a payout as confirmed, once per payout. */
export type PayoutSentHook = (
  event: { payoutId: string; userId: string; amount: bigint; address: string; txHash: string },
  transaction: Transaction,
) => Promise<void>;

export interface PayoutService {
  /** Registers what follows a confirmed payout (its receipt mail). */
  onSent(hook: PayoutSentHook): void;
  /**
   * Records the payout of `tokens` whole BRND of the balance (all of it, fraction included, when
   * they are all its whole tokens) and queues it; the queue does the chain work.
   */
  /**
   * `beforeCommit` runs inside the claim's database transaction (an idempotency key is marked
   * done there, so the claim and its answer commit together).
   */
  claim(
    userId: string,
    tokens: number,
    beforeCommit?: (payout: Payout, transaction: Transaction) => Promise<void>,
  ): Promise<Payout>;
  list(userId: string): Promise<Payout[]>;
  /** Signs (once), broadcasts and confirms one payout; safe to run again at any point. */
  process(payoutId: string): Promise<StoredStatus>;
  /** Unfinished payouts, e.g. after a crash: each is processed again. */
  unfinished(): Promise<string[]>;
  /** Every payout for the console, newest first, a page at a time. */
  adminList(filter: {
    status?: PayoutStatus | undefined;
    offset?: number | undefined;
  }): Promise<{ payouts: AdminPayout[]; count: number }>;
  /**
   * An operator's retry of a failed payout (docs/decisions/016): a new payout of the same amount
   * to the same address, debiting the user again only if the balance still holds it; once per
   * failed payout. Queued like a claim.
   */
  retry(
    operator: { id: string; email: string },
    payoutId: string,
    audit: AuditLog,
  ): Promise<AdminPayout>;
}

export interface PayoutDeps {
  db: Database;
  ledger: Ledger;
  chain: PlatformChain | undefined;
  logger: Logger;
  /** Called after the claim commits (the job queue); a lost call is caught by reconciliation. */
  enqueue: (payoutId: string) => Promise<void>;
  /** Test hook for the crash test: runs once signed and stored, before the first broadcast. */
  beforeBroadcast?: (payoutId: string) => Promise<void>;
  /** Test hook for the crash test: runs after the broadcast, before the payout is marked. */
  afterBroadcast?: (payoutId: string) => Promise<void>;
  /** When a stuck send is bumped, how long one attempt waits (tests shorten them). */
  sender?: TreasurySenderOptions;
}

export function publicStatus(status: StoredStatus): PayoutStatus {
  return status === 'confirmed' || status === 'failed' ? status : 'pending';
}

function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    status: publicStatus(row.status),
    brnd_tokens: toTokenNumber(BigInt(row.amount)),
    amount: row.amount,
    walletAddress: row.to_address,
    txHash: row.tx_hash,
    created_at: row.created_at.toISOString(),
  };
}

interface AdminPayoutRow {
  id: string;
  user_email: string;
  status: StoredStatus;
  amount: string;
  to_address: string;
  tx_hash: string | null;
  error: string | null;
  retry_of: string | null;
  retried_by: string | null;
  created_at: Date;
}

const ADMIN_PAYOUT_SELECT = `SELECT p.id::text, u.email AS user_email, p.status, p.amount::text,
    p.to_address, p.tx_hash, p.error, p.retry_of::text,
    (SELECT r.id::text FROM payouts r WHERE r.retry_of = p.id) AS retried_by, p.created_at
  FROM payouts p JOIN users u ON u.id = p.user_id`;

/** The console's status filter in stored statuses: pending covers recorded, signed, broadcast. */
const STORED_STATUSES: Record<PayoutStatus, StoredStatus[]> = {
  pending: ['pending', 'signed', 'broadcast'],
  confirmed: ['confirmed'],
  failed: ['failed'],
};

function toAdminPayout(row: AdminPayoutRow): AdminPayout {
  return {
    id: row.id,
    user_email: row.user_email,
    status: publicStatus(row.status),
    brnd_tokens: toTokenNumber(BigInt(row.amount)),
    amount: row.amount,
    address: row.to_address,
    tx_hash: row.tx_hash,
    error: row.error,
    retry_of: row.retry_of,
    retried_by: row.retried_by,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Base units to pay out for `tokens` whole BRND of `balance` (docs/decisions/044). Asking for
 * every whole token takes the fraction along (a referrer's 10 % can leave one), so it is never
 * stranded below 1 BRND.
 */
export function payoutAmount(balance: bigint, tokens: number): bigint {
  const requested = BigInt(tokens) * ONE_TOKEN;
  if (requested > balance) {
    throw new DomainError(400, 'wallet.errors.overBalance', {
      fields: { brnd_tokens: 'wallet.errors.overBalance' },
    });
  }
  return requested === balance - (balance % ONE_TOKEN) ? balance : requested;
}

export function createPayoutService(deps: PayoutDeps): PayoutService {
  const { db, ledger, logger } = deps;
  const sentHooks: PayoutSentHook[] = [];

  async function load(payoutId: string): Promise<PayoutRow | undefined> {
    const [row] = await db.query<PayoutRow>(
      'SELECT id, user_id, to_address, amount::text, status, chain_id::text, genesis_hash, nonce::text, raw_transaction, tx_hash, created_at FROM payouts WHERE id = $1',
      [payoutId],
    );
    return row;
  }

  async function settle(row: PayoutRow, outcome: 'confirmed' | 'failed', error?: string) {
    const amount = BigInt(row.amount);
    await db.transaction(async (transaction) => {
      if (outcome === 'confirmed') {
        const posted = await ledger.post(
          {
            idempotencyKey: `payout:${row.id}:confirmed`,
            entries: [
              { account: LEDGER_ACCOUNTS.payoutsInFlight, amount: -amount },
              { account: LEDGER_ACCOUNTS.chain, amount },
            ],
            metadata: { kind: 'payout', payoutId: row.id, txHash: row.tx_hash },
          },
          { transaction },
        );
        // A settle run again finds the posting made: its hooks ran the first time.
        if (posted.created && row.tx_hash) {
          const event = {
            payoutId: row.id,
            userId: row.user_id,
            amount,
            address: row.to_address,
            txHash: row.tx_hash,
          };
          for (const hook of sentHooks) await hook(event, transaction);
        }
      } else {
        await ledger.post(
          {
            idempotencyKey: `payout:${row.id}:reversal`,
            entries: [
              { account: LEDGER_ACCOUNTS.payoutsInFlight, amount: -amount },
              { account: userAccount(row.user_id), amount },
            ],
            metadata: { kind: 'payout-reversal', payoutId: row.id, error },
          },
          { transaction },
        );
      }
      await db.query(
        `UPDATE payouts SET status = $2, error = $3, updated_at = now() WHERE id = $1`,
        [row.id, outcome, error ?? null],
        { transaction },
      );
    });
    logger.info(`payout ${outcome}`, { payoutId: row.id, txHash: row.tx_hash });
  }

  async function process(payoutId: string): Promise<StoredStatus> {
    const chain = deps.chain;
    if (!chain) throw new Error('payouts need a chain');
    const brnd = connectContract(BRND, chain.contracts.brnd, chain.treasury);
    return createTreasurySender(db, chain, deps.sender).send({
      table: 'payouts',
      load: () => load(payoutId),
      request: (row) => brnd.transfer.populateTransaction(row.to_address, BigInt(row.amount)),
      settle,
      beforeBroadcast: deps.beforeBroadcast,
      afterBroadcast: deps.afterBroadcast,
    });
  }

  return {
    onSent(hook) {
      sentHooks.push(hook);
    },
    async claim(userId, tokens, beforeCommit) {
      const row = await db.transaction(async (transaction) => {
        // FOR SHARE: a wallet change waits for the claim, so the payout goes where was proven.
        const [user] = await db.query<{ wallet_address: string | null; verified: boolean }>(
          `SELECT wallet_address, wallet_verified_at IS NOT NULL AS verified
           FROM users WHERE id = $1 FOR SHARE`,
          [userId],
          { transaction },
        );
        if (!user?.wallet_address) {
          throw new DomainError(409, 'wallet.errors.noWalletAddress');
        }
        // Only an address whose key the user proved to hold receives tokens (decision 042).
        if (!user.verified) throw new DomainError(409, 'wallet.errors.walletNotVerified');
        const account = await ledger.ensureUserAccount(userId, { transaction });
        // The row lock makes parallel claims queue here; each later one finds the balance gone.
        const [locked] = await db.query<{ balance: string }>(
          'SELECT balance::text FROM ledger_accounts WHERE id = $1 FOR UPDATE',
          [account],
          { transaction },
        );
        const balance = BigInt(locked?.balance ?? '0');
        if (balance <= 0n) throw new DomainError(409, 'wallet.errors.nothingToClaim');
        const amount = payoutAmount(balance, tokens);
        if (!deps.chain) throw new DomainError(503, 'wallet.errors.payoutsUnavailable');
        const chainId = deps.chain.chainId;
        const [payout] = await db.query<PayoutRow>(
          `INSERT INTO payouts (user_id, to_address, amount, chain_id) VALUES ($1, $2, $3, $4)
           RETURNING id, user_id, to_address, amount::text, status, chain_id::text, genesis_hash, nonce::text,
             raw_transaction, tx_hash, created_at`,
          [userId, user.wallet_address, amount.toString(), chainId],
          { transaction },
        );
        if (!payout) throw new Error('the payout was not recorded');
        await ledger.post(
          {
            idempotencyKey: `payout:${payout.id}:claim`,
            entries: [
              { account, amount: -amount },
              { account: LEDGER_ACCOUNTS.payoutsInFlight, amount },
            ],
            metadata: { kind: 'payout-claim', payoutId: payout.id },
          },
          { transaction },
        );
        await beforeCommit?.(toPayout(payout), transaction);
        return payout;
      });
      await deps.enqueue(row.id).catch((error: unknown) => {
        logger.error('could not queue a payout; reconciliation will send it', {
          err: error,
          payoutId: row.id,
        });
      });
      return toPayout(row);
    },
    async list(userId) {
      const rows = await db.query<PayoutRow>(
        `SELECT id, user_id, to_address, amount::text, status, chain_id::text, genesis_hash, nonce::text,
           raw_transaction, tx_hash, created_at
         FROM payouts WHERE user_id = $1 ORDER BY created_at DESC, id`,
        [userId],
      );
      return rows.map(toPayout);
    },
    process,
    async adminList({ status, offset = 0 }) {
      const statuses = status ? STORED_STATUSES[status] : null;
      const where = 'WHERE ($1::text[] IS NULL OR p.status = ANY($1::text[]))';
      const [rows, [total]] = await Promise.all([
        db.query<AdminPayoutRow>(
          `${ADMIN_PAYOUT_SELECT} ${where} ORDER BY p.created_at DESC, p.id LIMIT $2 OFFSET $3`,
          [statuses, ADMIN_PAYOUTS_PAGE_SIZE, offset],
        ),
        db.query<{ count: string }>(`SELECT count(*) AS count FROM payouts p ${where}`, [statuses]),
      ]);
      return { payouts: rows.map(toAdminPayout), count: Number(total?.count ?? 0) };
    },
    async retry(operator, payoutId, audit) {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(payoutId)) {
        throw new DomainError(404, 'errors.notFound');
      }
      if (!deps.chain) throw new DomainError(503, 'wallet.errors.payoutsUnavailable');
      const chainId = deps.chain.chainId;
      const retried = await db
        .transaction(async (transaction) => {
          // The failed payout's row lock: a double click or a second operator waits here and
          // then finds the retry made.
          const [failed] = await db.query<PayoutRow>(
            `SELECT id, user_id, to_address, amount::text, status
             FROM payouts WHERE id = $1 FOR UPDATE`,
            [payoutId],
            { transaction },
          );
          if (!failed) throw new DomainError(404, 'errors.notFound');
          if (failed.status !== 'failed')
            throw new DomainError(409, 'finance.payouts.errors.notFailed');
          // A statement of its own, after the lock: the one that took the lock still sees the
          // database as it was before the wait, without the retry committed meanwhile.
          const [{ retried } = { retried: false }] = await db.query<{ retried: boolean }>(
            'SELECT EXISTS (SELECT 1 FROM payouts WHERE retry_of = $1) AS retried',
            [failed.id],
            { transaction },
          );
          if (retried) throw new DomainError(409, 'finance.payouts.errors.alreadyRetried');
          const amount = BigInt(failed.amount);
          const account = await ledger.ensureUserAccount(failed.user_id, { transaction });
          const [locked] = await db.query<{ balance: string }>(
            'SELECT balance::text FROM ledger_accounts WHERE id = $1 FOR UPDATE',
            [account],
            { transaction },
          );
          // The reversal gave the tokens back; the user may have claimed or spent them since.
          if (BigInt(locked?.balance ?? '0') < amount) {
            throw new DomainError(409, 'finance.payouts.errors.balanceGone');
          }
          const [payout] = await db.query<{ id: string }>(
            `INSERT INTO payouts (user_id, to_address, amount, chain_id, retry_of)
             VALUES ($1, $2, $3, $4, $5) RETURNING id::text`,
            [failed.user_id, failed.to_address, amount.toString(), chainId, failed.id],
            { transaction },
          );
          if (!payout) throw new Error('the retry was not recorded');
          await ledger.post(
            {
              idempotencyKey: `payout:${payout.id}:claim`,
              entries: [
                { account, amount: -amount },
                { account: LEDGER_ACCOUNTS.payoutsInFlight, amount },
              ],
              metadata: {
                kind: 'payout-claim',
                payoutId: payout.id,
                retryOf: failed.id,
                operator_id: operator.id,
              },
            },
            { transaction },
          );
          await audit.record(
            {
              actorId: operator.id,
              actorEmail: operator.email,
              action: 'payout.retry',
              subject: failed.id,
              details: {
                retry: payout.id,
                address: failed.to_address,
                brnd_tokens: toTokenNumber(amount),
              },
            },
            transaction,
          );
          return payout.id;
        })
        .catch((error: unknown) => {
          if (sqlError(error).code === SQL_STATE.uniqueViolation) {
            throw new DomainError(409, 'finance.payouts.errors.alreadyRetried');
          }
          throw error;
        });
      await deps.enqueue(retried).catch((error: unknown) => {
        logger.error('could not queue a payout retry; reconciliation will send it', {
          err: error,
          payoutId: retried,
        });
      });
      const [row] = await db.query<AdminPayoutRow>(`${ADMIN_PAYOUT_SELECT} WHERE p.id = $1`, [
        retried,
      ]);
      if (!row) throw new Error('the retry vanished');
      return toAdminPayout(row);
    },
    async unfinished() {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM payouts WHERE status IN ('pending', 'signed', 'broadcast') ORDER BY created_at`,
      );
      return rows.map((row) => row.id);
    },
  };
}

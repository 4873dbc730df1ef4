import type { Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';

/**
 * The token ledger: the only code that moves tokens. Amounts are integer base units (18
 * decimals, like wei) as bigint; the database stores NUMERIC(78,0) and keeps the invariants
 * itself (see migration 0010-ledger).
 */

export const TOKEN_DECIMALS = 18;
export const ONE_TOKEN = 10n ** BigInt(TOKEN_DECIMALS);

/** The platform's own accounts, created by the migration. */
export const LEDGER_ACCOUNTS = {
  /** Where tokens enter the ledger from (the on-chain supply); goes negative. */
  supply: 'external:supply',
  /** Where tokens go once paid out on-chain; goes negative in the other direction. */
  chain: 'external:chain',
  /** What is left of the 400,000,000 BRND sale allocation. */
  sale: 'treasury:sale',
  rewards: 'rewards:pool',
  /** Claimed by users, not yet confirmed on-chain. */
  payoutsInFlight: 'payouts:in_flight',
} as const;

export function userAccount(userId: string): string {
  return `user:${userId}`;
}

export interface LedgerEntry {
  account: string;
  /** Positive credits the account, negative debits it. */
  amount: bigint;
}

export interface PostInput {
  /** A business event's unique key (`order:<uuid>:paid`, `payout:<id>:claim`, …). */
  idempotencyKey: string;
  entries: LedgerEntry[];
  metadata?: Record<string, unknown>;
}

export interface PostedTransaction {
  id: string;
  idempotencyKey: string;
  metadata: Record<string, unknown>;
  /** False when the key had been posted before: nothing moved this time. */
  created: boolean;
}

export class InsufficientBalanceError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`ledger: ${idempotencyKey} would make a balance negative`);
    this.name = 'InsufficientBalanceError';
  }
}

const CHECK_VIOLATION = '23514';
const FOREIGN_KEY_VIOLATION = '23503';

function sqlState(error: unknown): string | undefined {
  const parent = (error as { parent?: { code?: string } }).parent;
  return parent?.code ?? (error as { code?: string }).code;
}

export interface Ledger {
  /**
   * Posts a balanced transaction once per idempotency key. A repeated key returns the original
   * transaction without moving anything. With `transaction`, it joins the caller's database
   * transaction (e.g. a payout row recorded together with its debit).
   */
  post(input: PostInput, options?: { transaction?: Transaction }): Promise<PostedTransaction>;
  balance(account: string, options?: { transaction?: Transaction }): Promise<bigint>;
  /** Creates the user's account if missing; safe to call concurrently. */
  ensureUserAccount(userId: string, options?: { transaction?: Transaction }): Promise<string>;
}

function validate(input: PostInput): void {
  if (!input.idempotencyKey.trim()) throw new Error('ledger: an idempotency key is required');
  if (input.entries.length < 2) throw new Error('ledger: a transaction needs two entries or more');
  let total = 0n;
  for (const entry of input.entries) {
    if (typeof entry.amount !== 'bigint') throw new Error('ledger: amounts are bigint base units');
    if (entry.amount === 0n) throw new Error('ledger: an entry cannot be zero');
    total += entry.amount;
  }
  if (total !== 0n) throw new Error(`ledger: entries of ${input.idempotencyKey} sum to ${total}`);
}

export function createLedger(db: Database): Ledger {
  async function existing(key: string, transaction: Transaction | undefined) {
    const [row] = await db.query<{ id: string; metadata: Record<string, unknown> }>(
      'SELECT id::text, metadata FROM ledger_transactions WHERE idempotency_key = $1',
      [key],
      transaction ? { transaction } : {},
    );
    return row;
  }

  /**
   * One statement: the transaction row, then its entries in account order (so concurrent
   * postings take the balance rows' locks in the same order and cannot deadlock). Being one
   * statement, it is atomic on its own; inside a caller's transaction it simply joins it.
   */
  async function postIn(
    input: PostInput,
    transaction: Transaction | undefined,
  ): Promise<PostedTransaction> {
    const metadata = input.metadata ?? {};
    const sorted = [...input.entries].sort((a, b) => (a.account < b.account ? -1 : 1));
    // ON CONFLICT waits for a concurrent insert of the same key, then skips: one wins, once.
    const [inserted] = await db.query<{ id: string }>(
      `WITH posted AS (
         INSERT INTO ledger_transactions (idempotency_key, metadata) VALUES ($1, $2)
         ON CONFLICT (idempotency_key) DO NOTHING RETURNING id
       ), entries AS (
         INSERT INTO ledger_entries (transaction_id, account_id, amount)
         SELECT posted.id, e.account, e.amount::numeric
         FROM posted, unnest($3::text[], $4::text[]) WITH ORDINALITY AS e(account, amount, n)
         ORDER BY e.n
       )
       SELECT id::text FROM posted`,
      [
        input.idempotencyKey,
        JSON.stringify(metadata),
        sorted.map((entry) => entry.account),
        sorted.map((entry) => entry.amount.toString()),
      ],
      transaction ? { transaction } : {},
    );
    if (inserted) {
      return { id: inserted.id, idempotencyKey: input.idempotencyKey, metadata, created: true };
    }
    const row = await existing(input.idempotencyKey, transaction);
    if (!row) throw new Error(`ledger: ${input.idempotencyKey} vanished`);
    return {
      id: row.id,
      idempotencyKey: input.idempotencyKey,
      metadata: row.metadata,
      created: false,
    };
  }

  return {
    async post(input, options = {}) {
      validate(input);
      try {
        return await postIn(input, options.transaction);
      } catch (error) {
        const state = sqlState(error);
        if (state === CHECK_VIOLATION) throw new InsufficientBalanceError(input.idempotencyKey);
        if (state === FOREIGN_KEY_VIOLATION) {
          throw new Error(`ledger: ${input.idempotencyKey} names an unknown account`, {
            cause: error,
          });
        }
        throw error;
      }
    },
    async balance(account, options = {}) {
      const [row] = await db.query<{ balance: string }>(
        'SELECT balance::text FROM ledger_accounts WHERE id = $1',
        [account],
        options.transaction ? { transaction: options.transaction } : {},
      );
      return BigInt(row?.balance ?? '0');
    },
    async ensureUserAccount(userId, options = {}) {
      const id = userAccount(userId);
      await db.query(
        `INSERT INTO ledger_accounts (id, kind, user_id) VALUES ($1, 'user', $2)
         ON CONFLICT (id) DO NOTHING`,
        [id, userId],
        options.transaction ? { transaction: options.transaction } : {},
      );
      return id;
    },
  };
}

/** Whole tokens as a JS number, for display fields the spec reads as numbers. */
export function toTokenNumber(baseUnits: bigint): number {
  const whole = baseUnits / ONE_TOKEN;
  const fraction = baseUnits % ONE_TOKEN;
  return Number(whole) + Number(fraction) / Number(ONE_TOKEN);
}

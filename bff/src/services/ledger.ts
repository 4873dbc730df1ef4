import type { Transaction } from 'sequelize';
import { createBatcher, type Batching } from '../db/batches.ts';
import type { Database } from '../db/database.ts';
import { SQL_STATE, sqlError } from '../db/sql-errors.ts';

/**
 * The token ledger: the only code that moves tokens. Amounts are integer base units (18
 * decimals, like wei) as bigint; the database stores NUMERIC(78,0) and keeps the invariants
 * itself (see migration 0010-ledger).
 */

export const TOKEN_DECIMALS = 18;
export const ONE_TOKEN = 10n ** BigInt(TOKEN_DECIMALS);

/**
 * The platform's own accounts, created by the migrations. Each is split into sub-accounts
 * (decision 024): postings name the account, the database books them on a free sub-account,
 * and `balance()` sums them.
 */
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

/** Every account holds one asset: BRND, or a brand token (its id). */
export const BRND_ASSET = 'BRND';

/** The user's account for an asset; BRND keeps the plain `user:<id>` of before assets. */
export function userAccount(userId: string, asset: string = BRND_ASSET): string {
  return asset === BRND_ASSET ? `user:${userId}` : `user:${userId}:${asset}`;
}

/** A platform account of an asset other than BRND (a brand token's supply, burn, …). */
export interface AssetAccount {
  id: string;
  kind: 'treasury' | 'payouts' | 'external' | 'held' | 'burned';
  asset: string;
  /** Only the external accounts (the chain's side of the ledger) may go negative. */
  allowNegative?: boolean;
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

/** A posting of its own that PostgreSQL chose as a deadlock's victim is sent again. */
const DEADLOCK_ATTEMPTS = 3;

export interface Ledger {
  /**
   * Posts a balanced transaction once per idempotency key. A repeated key returns the original
   * transaction without moving anything. With `transaction`, it joins the caller's database
   * transaction (e.g. a payout row recorded together with its debit).
   */
  post(input: PostInput, options?: { transaction?: Transaction }): Promise<PostedTransaction>;
  balance(account: string, options?: { transaction?: Transaction }): Promise<bigint>;
  /** Creates the user's account (of BRND unless `asset`) if missing; safe to call concurrently. */
  ensureUserAccount(
    userId: string,
    options?: { transaction?: Transaction; asset?: string },
  ): Promise<string>;
  /** ensureUserAccount for many users at once (a bulk give); returns the account ids in order. */
  ensureUserAccounts(
    userIds: string[],
    options: { transaction?: Transaction; asset: string },
  ): Promise<string[]>;
  /** Creates the platform accounts of an asset if missing (a new brand token's). */
  ensureAccounts(accounts: AssetAccount[], options?: { transaction?: Transaction }): Promise<void>;
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

/**
 * How postings made outside a caller's transaction share a `ledger_post_batch` statement
 * (decision 080): each leaves as soon as one of `inFlight` statements is free, with whatever
 * arrived while they were busy, so a lone posting never waits and a busy moment shares commits.
 */
export const LEDGER_BATCHING: Batching = { gatherMs: 0, maxBatch: 64, inFlight: 1 };

export function createLedger(
  db: Database,
  { batching = LEDGER_BATCHING }: { batching?: Batching } = {},
): Ledger {
  /**
   * One statement: the database's `ledger_post_batch` (migration 0171, decisions 024 and 080)
   * books each split account on a free sub-account, locks every account in one fixed order (byte
   * order of their ids), then writes the transaction rows and their entries, whose statement
   * trigger checks the sums and moves the balances of rows it already holds. Locks taken in a
   * fixed order keep postings free of deadlocks (decision 005's addendum). Being one statement,
   * it is atomic on its own; inside a caller's transaction it simply joins it.
   */
  async function postAll(
    inputs: PostInput[],
    transaction?: Transaction,
  ): Promise<PostedTransaction[]> {
    const entries = inputs.flatMap((input, index) =>
      input.entries.map((entry) => ({ ...entry, posting: index + 1 })),
    );
    const rows = await db.query<{
      posting: number;
      id: string;
      metadata: Record<string, unknown>;
      created: boolean;
    }>(
      `SELECT posting, id::text, metadata, created
       FROM ledger_post_batch($1::text[], $2::jsonb[], $3::integer[], $4::text[], $5::numeric[])`,
      [
        inputs.map((input) => input.idempotencyKey),
        inputs.map((input) => JSON.stringify(input.metadata ?? {})),
        entries.map((entry) => entry.posting),
        entries.map((entry) => entry.account),
        entries.map((entry) => entry.amount.toString()),
      ],
      { prepared: 'ledger_post_batch', ...(transaction ? { transaction } : {}) },
    );
    return inputs.map((input, index) => {
      const row = rows.find((candidate) => candidate.posting === index + 1);
      if (!row) throw new Error(`ledger: ${input.idempotencyKey} vanished`);
      return {
        id: row.id,
        idempotencyKey: input.idempotencyKey,
        metadata: row.metadata,
        created: row.created,
      };
    });
  }

  /** A deadlock's victim (a statement of its own) is sent again. */
  async function postWithRetries(inputs: PostInput[]): Promise<PostedTransaction[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await postAll(inputs);
      } catch (error) {
        if (sqlError(error).code !== SQL_STATE.deadlockDetected || attempt >= DEADLOCK_ATTEMPTS)
          throw error;
      }
    }
  }

  const postGathered = createBatcher(batching, postWithRetries);

  return {
    async post(input, options = {}) {
      validate(input);
      try {
        // Inside a caller's transaction a deadlock aborts the caller's work: only it can retry.
        return options.transaction
          ? (await postAll([input], options.transaction))[0]!
          : await postGathered(input);
      } catch (error) {
        const state = sqlError(error).code;
        if (state === SQL_STATE.checkViolation)
          throw new InsufficientBalanceError(input.idempotencyKey);
        if (state === SQL_STATE.foreignKeyViolation) {
          throw new Error(`ledger: ${input.idempotencyKey} names an unknown account`, {
            cause: error,
          });
        }
        throw error;
      }
    },
    async balance(account, options = {}) {
      // A split account's balance is its own plus its sub-accounts' (decision 024).
      const [row] = await db.query<{ balance: string }>(
        'SELECT sum(balance)::text AS balance FROM ledger_accounts WHERE id = $1 OR parent_id = $1',
        [account],
        options.transaction ? { transaction: options.transaction } : {},
      );
      return BigInt(row?.balance ?? '0');
    },
    async ensureUserAccount(userId, options = {}) {
      const asset = options.asset ?? BRND_ASSET;
      const id = userAccount(userId, asset);
      await db.query(
        // No conflict target: with (id) only, a concurrent first insert still failed on the
        // (user_id, asset) unique index (only the target index is checked without raising).
        `INSERT INTO ledger_accounts (id, kind, user_id, asset) VALUES ($1, 'user', $2, $3)
         ON CONFLICT DO NOTHING`,
        [id, userId, asset],
        options.transaction ? { transaction: options.transaction } : {},
      );
      return id;
    },
    async ensureUserAccounts(userIds, options) {
      const ids = userIds.map((userId) => userAccount(userId, options.asset));
      if (userIds.length === 0) return ids;
      await db.query(
        `INSERT INTO ledger_accounts (id, kind, user_id, asset)
         SELECT id, 'user', user_id, $3 FROM unnest($1::text[], $2::uuid[]) AS a(id, user_id)
         ON CONFLICT DO NOTHING`,
        [ids, userIds, options.asset],
        options.transaction ? { transaction: options.transaction } : {},
      );
      return ids;
    },
    async ensureAccounts(accounts, options = {}) {
      if (accounts.some((account) => account.asset === BRND_ASSET)) {
        throw new Error('ledger: BRND accounts come from migrations');
      }
      await db.query(
        `INSERT INTO ledger_accounts (id, kind, asset, allow_negative)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[])
         ON CONFLICT (id) DO NOTHING`,
        [
          accounts.map((account) => account.id),
          accounts.map((account) => account.kind),
          accounts.map((account) => account.asset),
          accounts.map((account) => account.allowNegative ?? false),
        ],
        options.transaction ? { transaction: options.transaction } : {},
      );
    },
  };
}

/** Whole tokens as a JS number, for display fields the spec reads as numbers. */
export function toTokenNumber(baseUnits: bigint): number {
  const whole = baseUnits / ONE_TOKEN;
  const fraction = baseUnits % ONE_TOKEN;
  return Number(whole) + Number(fraction) / Number(ONE_TOKEN);
}

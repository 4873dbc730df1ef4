import { createHash, randomUUID } from 'node:crypto';
import { canonicalJson } from '@brnd/contracts/api/idempotency';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '@brnd/contracts/domain/constants';
import type { Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';
import { DomainError } from './errors.ts';

/**
 * `Idempotency-Key` with Stripe's semantics (docs/decisions/027), in PostgreSQL so every bff
 * instance agrees. The first request with a key claims it and does the work; the same key and
 * body within a day answers that first result, also when the requests race (the later one waits
 * for the first); the same key with another body is refused with 422. A failed attempt created
 * nothing and gives the key back, so a retry after an error really retries. Keys older than a
 * day are deleted by `purgeExpired` (services/maintenance.ts).
 */
type Scope = { userId: string; endpoint: string; key: string | undefined };

/** Records the work's result as the key's answer, inside the work's own database transaction. */
export type MarkDone<T> = (result: T, transaction: Transaction) => Promise<void>;

export interface Idempotency {
  run<T>(scope: Scope, request: unknown, work: () => Promise<T>): Promise<T>;
  /**
   * For work that moves money: the key is marked done in the same database transaction as the
   * work (the work calls `markDone` before it commits), so a crash between the two can never
   * leave committed work under a key a retry would claim again, and a claimant whose lease was
   * taken over rolls its work back instead of doing it a second time.
   */
  runAtomically<T>(
    scope: Scope,
    request: unknown,
    work: (markDone: MarkDone<T>) => Promise<T>,
  ): Promise<T>;
}

/** A claim outlives the slowest work (the gateway's 10 s timeout, twice) before it is taken over. */
const LEASE_MS = 30_000;
const WAIT_STEP_MS = 100;

export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createIdempotency(db: Database): Idempotency {
  /**
   * Claims the key for this request, or answers the first result when it is done. Returns the
   * claim, or `{ answer }` for a request already answered.
   */
  async function claimKey<T>(
    scope: Scope & { key: string },
    hash: string,
  ): Promise<{ claim: string } | { answer: T }> {
    const claim = randomUUID();
    const deadline = Date.now() + LEASE_MS + 5_000;
    for (;;) {
      // Claim a new key, or one that expired or whose claimant died (lease over).
      const [claimed] = await db.query<{ claim: string }>(
        `INSERT INTO idempotency_keys AS k (user_id, endpoint, key, request_hash, state, claim,
           lease_until)
         VALUES ($1, $2, $3, $4, 'pending', $5, now() + $6 * interval '1 millisecond')
         ON CONFLICT (user_id, endpoint, key) DO UPDATE SET request_hash = excluded.request_hash,
           state = 'pending', claim = excluded.claim, lease_until = excluded.lease_until,
           response = NULL, created_at = now()
         WHERE k.created_at <= now() - $7 * interval '1 millisecond'
           OR (k.state = 'pending' AND k.lease_until <= now() AND k.request_hash = excluded.request_hash)
         RETURNING claim::text`,
        [
          scope.userId,
          scope.endpoint,
          scope.key,
          hash,
          claim,
          LEASE_MS,
          IDEMPOTENCY_KEY_LIFETIME_MS,
        ],
      );
      if (claimed) return { claim };
      const [held] = await db.query<{ request_hash: string; state: string; response: T | null }>(
        `SELECT request_hash, state, response FROM idempotency_keys
         WHERE user_id = $1 AND endpoint = $2 AND key = $3`,
        [scope.userId, scope.endpoint, scope.key],
      );
      // Deleted meanwhile (the first attempt failed): claim it afresh.
      if (!held) continue;
      if (held.request_hash !== hash) {
        throw new DomainError(422, 'orders.errors.idempotencyMismatch');
      }
      if (held.state === 'done' && held.response !== null) return { answer: held.response };
      if (Date.now() > deadline) throw new DomainError(409, 'orders.errors.idempotencyInProgress');
      await sleep(WAIT_STEP_MS);
    }
  }

  async function release(scope: Scope, claim: string) {
    await db.query(
      'DELETE FROM idempotency_keys WHERE user_id = $1 AND endpoint = $2 AND key = $3 AND claim = $4',
      [scope.userId, scope.endpoint, scope.key, claim],
    );
  }

  /** Marks the key done with its answer; false when the claim was taken over meanwhile. */
  async function markDone(scope: Scope, claim: string, result: unknown, transaction?: Transaction) {
    const updated = await db.query<{ key: string }>(
      `UPDATE idempotency_keys SET state = 'done', response = $5
       WHERE user_id = $1 AND endpoint = $2 AND key = $3 AND claim = $4 RETURNING key`,
      [scope.userId, scope.endpoint, scope.key, claim, JSON.stringify(result)],
      transaction ? { transaction } : {},
    );
    return updated.length > 0;
  }

  return {
    async run(scope, request, work) {
      if (scope.key === undefined) return work();
      const claimed = await claimKey<Awaited<ReturnType<typeof work>>>(
        { ...scope, key: scope.key },
        requestHash(request),
      );
      if ('answer' in claimed) return claimed.answer;
      let result;
      try {
        result = await work();
      } catch (error) {
        await release(scope, claimed.claim);
        throw error;
      }
      await markDone(scope, claimed.claim, result);
      return result;
    },

    async runAtomically(scope, request, work) {
      if (scope.key === undefined) return work(async () => {});
      const claimed = await claimKey<Awaited<ReturnType<typeof work>>>(
        { ...scope, key: scope.key },
        requestHash(request),
      );
      if ('answer' in claimed) return claimed.answer;
      try {
        return await work(async (result, transaction) => {
          if (!(await markDone(scope, claimed.claim, result, transaction))) {
            // Another request took the key over after our lease ran out: it does the work.
            throw new DomainError(409, 'orders.errors.idempotencyInProgress');
          }
        });
      } catch (error) {
        await release(scope, claimed.claim);
        throw error;
      }
    },
  };
}

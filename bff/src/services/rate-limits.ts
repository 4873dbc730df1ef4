import type { Database } from '../db/database.ts';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  /** Seconds until the window resets (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in PostgreSQL, so every bff instance sees the same count. A hit is
 * counted before the guarded work runs: parallel requests cannot slip past the limit together.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Gives one hit back, e.g. for a login that turned out to be right. */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Forgets every window whose key starts with `prefix` (an account's pairs with addresses). */
  resetPrefix(prefix: string): Promise<void>;
}

export function createRateLimiter(db: Database): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const [row] = await db.query<{ hits: number; retry_after: number }>(
        `INSERT INTO rate_limits AS r (key, hits, reset_at)
         VALUES ($1, 1, now() + $2 * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
           reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
         RETURNING hits, GREATEST(1, ceil(extract(epoch FROM reset_at - now())))::int AS retry_after`,
        [key, windowMs],
      );
      if (!row) throw new Error(`Rate limit upsert for ${key} returned no row`);
      return { allowed: row.hits <= limit, hits: row.hits, retryAfterSeconds: row.retry_after };
    },
    async refund(key) {
      await db.query(
        'UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1 AND reset_at > now()',
        [key],
      );
    },
    async reset(key) {
      await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
    },
    async resetPrefix(prefix) {
      await db.query('DELETE FROM rate_limits WHERE left(key, length($1)) = $1', [prefix]);
    },
  };
}

/** Checks several limits with one hit each; the strictest refusal wins. */
export async function hitAll(
  limiter: RateLimiter,
  limits: { key: string; limit: number; windowMs: number }[],
): Promise<RateLimitResult> {
  const results = await Promise.all(
    limits.map(({ key, limit, windowMs }) => limiter.hit(key, limit, windowMs)),
  );
  const refused = results.filter((result) => !result.allowed);
  if (refused.length === 0) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  return {
    allowed: false,
    hits: Math.max(...refused.map((result) => result.hits)),
    retryAfterSeconds: Math.max(...refused.map((result) => result.retryAfterSeconds)),
  };
}

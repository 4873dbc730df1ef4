import type { Migration } from '../migrate.ts';

/**
 * `Idempotency-Key` on order creation (docs/decisions/027): one row per user, endpoint and key.
 * The first request claims it (`pending`, with a claim id and a lease); it ends `done` with the
 * answer, or is deleted when the attempt failed (nothing was created, so the key may be retried).
 * A request that finds a pending row waits for it; a lease past its time (a crashed instance) may
 * be claimed again. Rows older than a day are deleted by the sale sweep.
 */
export const idempotencyKeys: Migration = {
  name: '0076-idempotency-keys',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE idempotency_keys (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        endpoint text NOT NULL,
        key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
        -- SHA-256 of the parsed request body: the same key with another body is refused.
        request_hash text NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'done')),
        claim uuid NOT NULL,
        lease_until timestamptz NOT NULL,
        response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, endpoint, key),
        CHECK ((state = 'done') = (response IS NOT NULL))
      );
      CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP TABLE idempotency_keys');
  },
};

import { SESSION_LIFETIME_MS } from '@brnd/contracts/domain/constants';
import type { Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';
import type { User } from '../db/models.ts';
import { randomToken, sha256 } from './secrets.ts';

/** Who made an authenticated request. */
export interface AuthContext {
  sessionId: string;
  user: User;
}

/**
 * Server-side sessions behind an opaque bearer token. Only the token's SHA-256 is stored, so a
 * copy of the table cannot be replayed; revoking a row kills the token everywhere at once.
 * Times come from the database clock, the one clock every bff instance shares.
 */
export interface SessionService {
  create(userId: string): Promise<string>;
  authenticate(token: string): Promise<AuthContext | null>;
  revoke(sessionId: string): Promise<void>;
  revokeAll(userId: string, transaction?: Transaction): Promise<void>;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function createSessionService(db: Database): SessionService {
  return {
    async create(userId) {
      const token = randomToken();
      await db.query(
        `INSERT INTO sessions (token_hash, user_id, expires_at)
         VALUES ($1, $2, now() + $3 * interval '1 millisecond')`,
        [sha256(token), userId, SESSION_LIFETIME_MS],
      );
      return token;
    },

    async authenticate(token) {
      // Tokens are 43 characters; anything else cannot match and is not worth a query.
      if (!TOKEN_PATTERN.test(token)) return null;
      // last_seen_at is written at most once a minute, so reads do not turn into writes.
      const [session] = await db.query<{ id: string; user_id: string }>(
        `WITH live AS (
           SELECT id, user_id, last_seen_at FROM sessions
           WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
         ), touched AS (
           UPDATE sessions SET last_seen_at = now()
           WHERE id IN (SELECT id FROM live WHERE last_seen_at < now() - interval '1 minute')
         )
         SELECT id, user_id FROM live`,
        [sha256(token)],
      );
      if (!session) return null;
      const user = await db.models.User.findByPk(session.user_id);
      return user ? { sessionId: session.id, user } : null;
    },

    async revoke(sessionId) {
      await db.query(
        'UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL',
        [sessionId],
      );
    },

    async revokeAll(userId, transaction) {
      await db.query(
        'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
        [userId],
        transaction ? { transaction } : {},
      );
    },
  };
}

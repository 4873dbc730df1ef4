import { SESSION_LIFETIME_MS } from '@brnd/contracts/domain/constants';
import type { BuildOptions, InferAttributes, Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';
import type { User } from '../db/models.ts';
import { randomToken, sha256 } from './secrets.ts';

/** Who made an authenticated request. */
export interface AuthContext {
  sessionId: string;
  /** The user's id, without building the model: what most reads need. */
  userId: string;
  /**
   * The user's columns as read with the session, under the model's attribute names: for a read
   * that needs no model (the profile), since building one costs more than the read (decision 084).
   * The row itself, so the session's `sessionId` and `stale` are on it too (decision 089).
   */
  readonly account: Readonly<InferAttributes<User>>;
  /** The user's model, built when first read. */
  readonly user: User;
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

/** The user's columns, and the session's two under names no user attribute has. */
interface SessionUserRow {
  sessionId: string;
  stale: boolean;
  [attribute: string]: unknown;
}

export function createSessionService(db: Database): SessionService {
  // The users columns under the User model's attribute names, as Sequelize's own SELECT names them.
  const attributes = db.models.User.getAttributes();
  const userAttributes = Object.keys(attributes);
  if ('sessionId' in attributes || 'stale' in attributes) {
    throw new Error("a user attribute is named like the session's columns read with it");
  }
  const userColumns = Object.entries(attributes)
    .map(([name, attribute]) => `u."${attribute.field ?? name}" AS "${name}"`)
    .join(', ');
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
      // One read by the unique token hash brings the session and its user: every authenticated
      // request pays one round trip, and a plain SELECT (no write, no lock) in the common case.
      const [row] = await db.query<SessionUserRow>(
        `SELECT s.id AS "sessionId", s.last_seen_at < now() - interval '1 minute' AS "stale",
           ${userColumns}
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
        [sha256(token)],
      );
      if (!row) return null;
      const { sessionId, stale } = row;
      // last_seen_at is written at most once a minute, so reads do not turn into writes.
      if (stale) {
        await db.query(
          `UPDATE sessions SET last_seen_at = now()
           WHERE id = $1 AND last_seen_at < now() - interval '1 minute'`,
          [sessionId],
        );
      }
      // The same instance findByPk would make: every attribute, not a new record. Built on first
      // use: the list and poll GETs need only the id.
      let user: User | undefined;
      return {
        sessionId,
        userId: String(row.id),
        // Uncopied: the model takes only the user's attributes, and every answer is trimmed to
        // its contract.
        account: row as unknown as InferAttributes<User>,
        get user() {
          user ??= db.models.User.build(
            row as never,
            { raw: true, isNewRecord: false, attributes: userAttributes } as BuildOptions,
          );
          return user;
        },
      };
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

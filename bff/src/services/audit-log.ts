import type { Transaction } from 'sequelize';
import type { AuditEntry } from '@brnd/contracts/api/admin';
import { AUDIT_LOG_PAGE_SIZE } from '@brnd/contracts/domain/constants';
import type { Database } from '../db/database.ts';

export interface AuditRecord {
  /** The operator; null only for the `admin:create` command run on the server itself. */
  actorId: string | null;
  actorEmail: string;
  action: string;
  subject?: string;
  details?: Record<string, unknown>;
}

export interface AuditFilter {
  /** A prefix of the action: `brand.` matches `brand.approve` and `brand.reject`. */
  action?: string;
  /** Part of the operator's e-mail. */
  actor?: string;
  offset?: number;
}

/**
 * The append-only record of every operator action. `record` takes the action's own database
 * transaction, so an action and its log row commit together or not at all.
 */
export interface AuditLog {
  record(entry: AuditRecord, transaction?: Transaction): Promise<void>;
  list(filter: AuditFilter): Promise<{ entries: AuditEntry[]; count: number }>;
}

interface AuditRow {
  id: string;
  created_at: Date;
  actor_email: string;
  action: string;
  subject: string;
  details: Record<string, unknown>;
}

/** Escapes LIKE's wildcards, so an operator's filter text matches literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function createAuditLog(db: Database): AuditLog {
  return {
    async record(entry, transaction) {
      await db.query(
        `INSERT INTO admin_audit_log (actor_id, actor_email, action, subject, details)
         VALUES ($1, $2, $3, $4, $5)`,
        [
          entry.actorId,
          entry.actorEmail,
          entry.action,
          entry.subject ?? '',
          JSON.stringify(entry.details ?? {}),
        ],
        transaction ? { transaction } : {},
      );
    },

    async list({ action, actor, offset = 0 }) {
      const filters = [action ? likeLiteral(action) : null, actor ? likeLiteral(actor) : null];
      const matching = `FROM admin_audit_log
         WHERE ($1::text IS NULL OR action LIKE $1 || '%')
           AND ($2::text IS NULL OR actor_email ILIKE '%' || $2 || '%')`;
      const [rows, [total]] = await Promise.all([
        db.query<AuditRow>(
          `SELECT id, created_at, actor_email, action, subject, details ${matching}
           ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
          [...filters, AUDIT_LOG_PAGE_SIZE, offset],
        ),
        db.query<{ count: string }>(`SELECT count(*) AS count ${matching}`, filters),
      ]);
      return {
        count: Number(total?.count ?? 0),
        entries: rows.map((row) => ({
          id: String(row.id),
          created_at: row.created_at.toISOString(),
          actor_email: row.actor_email,
          action: row.action,
          subject: row.subject,
          details: row.details,
        })),
      };
    },
  };
}

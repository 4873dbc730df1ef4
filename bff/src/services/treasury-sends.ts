import type { TreasurySend, TreasurySource } from '@brnd/contracts/api/admin-treasury';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { AuditLog } from './audit-log.ts';
import { DomainError } from './errors.ts';

/** Runs a source's send again at once (the job would in a minute); absent: the job does. */
export type TreasuryProcessors = Partial<Record<TreasurySource, (id: string) => Promise<unknown>>>;

export interface TreasurySendService {
  /** Unsettled sends that hold a nonce, oldest nonce first. */
  stuck(): Promise<TreasurySend[]>;
  /** Asks for a fee-bumped replacement of a broadcast send, audited, and runs it if it can. */
  retry(
    operator: { id: string; email: string },
    source: TreasurySource,
    id: string,
  ): Promise<TreasurySend>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const UNSETTLED = `('pending', 'signed', 'broadcast')`;

/** One row per nonce with its source row's status and its latest signed version. */
const SENDS = `
  SELECT n.source, n.source_id::text AS id, s.status, n.nonce::text, v.tx_hash,
    coalesce(v.version, 0)::int AS versions,
    floor(extract(epoch FROM now() - n.created_at))::int AS age_seconds,
    n.bump_requested_at IS NOT NULL AS retry_requested
  FROM treasury_nonces n
  JOIN LATERAL (
    SELECT status::text FROM payouts WHERE n.source = 'payouts' AND id = n.source_id
    UNION ALL SELECT status::text FROM buybacks WHERE n.source = 'buybacks' AND id = n.source_id
    UNION ALL SELECT status::text FROM brand_token_sends
      WHERE n.source = 'brand_token_sends' AND id = n.source_id
  ) s ON true
  LEFT JOIN LATERAL (
    SELECT tx_hash, version FROM treasury_transaction_versions tv
    WHERE tv.chain_id = n.chain_id AND tv.genesis_hash = n.genesis_hash
      AND tv.account = n.account AND tv.nonce = n.nonce
    ORDER BY version DESC LIMIT 1
  ) v ON true
  WHERE s.status IN ${UNSETTLED}`;

export function createTreasurySendService(deps: {
  db: Database;
  audit: AuditLog;
  logger: Logger;
  processors: TreasuryProcessors;
  runInBackground(name: string, work: () => Promise<void>): void;
}): TreasurySendService {
  const { db } = deps;

  async function one(source: TreasurySource, id: string): Promise<TreasurySend | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.query<TreasurySend>(`${SENDS} AND n.source = $1 AND n.source_id = $2`, [
      source,
      id,
    ]);
    return row;
  }

  return {
    stuck: () => db.query<TreasurySend>(`${SENDS} ORDER BY n.chain_id, n.account, n.nonce`),

    async retry(operator, source, id) {
      const before = await one(source, id);
      if (!before) throw new DomainError(404, 'errors.notFound');
      // Only a broadcast send can be replaced; an unsigned one is simply sent by its job.
      if (before.status !== 'broadcast') {
        throw new DomainError(409, 'admin.treasury.errors.notBroadcast');
      }
      await db.transaction(async (transaction) => {
        await db.query(
          `UPDATE treasury_nonces SET bump_requested_at = now()
           WHERE source = $1 AND source_id = $2`,
          [source, id],
          { transaction },
        );
        await deps.audit.record(
          {
            actorId: operator.id,
            actorEmail: operator.email,
            action: 'treasury.retry',
            subject: id,
            details: {
              source,
              nonce: before.nonce,
              txHash: before.tx_hash,
              versions: before.versions,
            },
          },
          transaction,
        );
      });
      const process = deps.processors[source];
      if (process) {
        deps.runInBackground('treasury retry', async () => {
          // "Not final yet" is the normal answer for a fresh replacement: the job settles it.
          await process(id).catch((error: unknown) =>
            deps.logger.info('treasury retry sent, not final yet', { err: error, source, id }),
          );
        });
      }
      return { ...before, retry_requested: true };
    },
  };
}

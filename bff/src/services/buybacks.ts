import type { Burn, Buyback } from '@brnd/contracts/api/burns';
import { connectContract } from '@brnd/contracts/chain/connect';
import { BRND } from '@brnd/contracts/chain/generated/index';
import type { PlatformChain } from '../chain/platform-chain.ts';
import {
  createTreasurySender,
  type SendStatus,
  type TreasuryTransactionRow,
} from '../chain/treasury-sender.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { AuditLog } from './audit-log.ts';
import { DomainError } from './errors.ts';
import { ONE_TOKEN, toTokenNumber } from './ledger.ts';

/**
 * The quarterly buyback-and-burn. The BRND bought back on the market sits in the treasury
 * wallet; the burn removes it from the chain's total supply. It never was in the ledger (which
 * holds users' balances), so only the chain and this table record it.
 */

interface BuybackRow extends TreasuryTransactionRow {
  quarter: string;
  subscription_profit_usd: string;
  buyback_usd: string;
  amount: string;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface BuybackInput {
  quarter: string;
  subscription_profit_usd: number;
  buyback_usd: number;
  /** Whole BRND. */
  brnd_amount: number;
}

export interface BuybackService {
  /** Every buyback, newest first, for the console. */
  list(): Promise<Buyback[]>;
  /** The confirmed burns and their total, for the public page. */
  burns(): Promise<{ burns: Burn[]; total_burned: number }>;
  /** Records the buyback with its audit entry; `process` then burns it. */
  record(operator: { id: string; email: string }, input: BuybackInput): Promise<Buyback>;
  /** Signs (once), broadcasts and confirms the burn; safe to run again at any point. */
  process(buybackId: string): Promise<SendStatus>;
  /** Buybacks whose burn has not finished, e.g. after a crash. */
  unfinished(): Promise<string[]>;
}

const COLUMNS = `id, quarter, subscription_profit_usd::text, buyback_usd::text, amount::text, status,
  nonce::text, raw_transaction, tx_hash, genesis_hash, error, created_at, updated_at`;
const UNIQUE_VIOLATION = '23505';

function toBuyback(row: BuybackRow): Buyback {
  return {
    id: row.id,
    quarter: row.quarter,
    subscription_profit_usd: Number(row.subscription_profit_usd),
    buyback_usd: Number(row.buyback_usd),
    brnd_burned: toTokenNumber(BigInt(row.amount)),
    status: row.status === 'confirmed' || row.status === 'failed' ? row.status : 'pending',
    tx_hash: row.tx_hash,
    error: row.error,
    created_at: row.created_at.toISOString(),
  };
}

export function createBuybackService({
  db,
  chain,
  audit,
  logger,
}: {
  db: Database;
  chain: PlatformChain | undefined;
  audit: AuditLog;
  logger: Logger;
}): BuybackService {
  async function load(id: string): Promise<BuybackRow | undefined> {
    const [row] = await db.query<BuybackRow>(`SELECT ${COLUMNS} FROM buybacks WHERE id = $1`, [id]);
    return row;
  }

  async function settle(row: BuybackRow, outcome: 'confirmed' | 'failed', error?: string) {
    await db.query(
      'UPDATE buybacks SET status = $2, error = $3, updated_at = now() WHERE id = $1',
      [row.id, outcome, error ?? null],
    );
    logger.info(`buyback burn ${outcome}`, { buybackId: row.id, txHash: row.tx_hash, error });
  }

  return {
    async list() {
      const rows = await db.query<BuybackRow>(
        `SELECT ${COLUMNS} FROM buybacks ORDER BY created_at DESC, id`,
      );
      return rows.map(toBuyback);
    },

    async burns() {
      const rows = await db.query<BuybackRow>(
        `SELECT ${COLUMNS} FROM buybacks WHERE status = 'confirmed' ORDER BY updated_at DESC, id`,
      );
      const total = rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
      return {
        burns: rows.map((row) => ({
          quarter: row.quarter,
          brnd_burned: toTokenNumber(BigInt(row.amount)),
          buyback_usd: Number(row.buyback_usd),
          tx_hash: row.tx_hash as string,
          burned_at: row.updated_at.toISOString(),
        })),
        total_burned: toTokenNumber(total),
      };
    },

    async record(operator, input) {
      if (!chain) throw new DomainError(503, 'admin.buybacks.errors.noChain');
      const amount = BigInt(input.brnd_amount) * ONE_TOKEN;
      const brnd = connectContract(BRND, chain.contracts.brnd, chain.treasury);
      const held = await brnd.balanceOf(chain.treasury.address);
      if (held < amount) {
        throw new DomainError(409, 'admin.buybacks.errors.treasuryShort', {
          fields: { brnd_amount: 'admin.buybacks.errors.treasuryShort' },
        });
      }
      try {
        return await db.transaction(async (transaction) => {
          const [row] = await db.query<BuybackRow>(
            `INSERT INTO buybacks (quarter, subscription_profit_usd, buyback_usd, amount, operator_id, chain_id)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
            [
              input.quarter,
              input.subscription_profit_usd,
              input.buyback_usd,
              amount.toString(),
              operator.id,
              chain.chainId,
            ],
            { transaction },
          );
          if (!row) throw new Error('the buyback was not recorded');
          await audit.record(
            {
              actorId: operator.id,
              actorEmail: operator.email,
              action: 'buyback.record',
              subject: input.quarter,
              details: { ...input },
            },
            transaction,
          );
          return toBuyback(row);
        });
      } catch (error) {
        const { parent } = error as { parent?: { code?: string } };
        if ((parent ?? (error as { code?: string })).code === UNIQUE_VIOLATION) {
          throw new DomainError(409, 'admin.buybacks.errors.quarterTaken', {
            fields: { quarter: 'admin.buybacks.errors.quarterTaken' },
          });
        }
        throw error;
      }
    },

    async process(buybackId) {
      if (!chain) throw new Error('burning needs a chain');
      const brnd = connectContract(BRND, chain.contracts.brnd, chain.treasury);
      return createTreasurySender(db, chain).send({
        table: 'buybacks',
        load: () => load(buybackId),
        request: (row) => brnd.burn.populateTransaction(BigInt(row.amount)),
        settle,
      });
    },

    async unfinished() {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM buybacks WHERE status IN ('pending', 'signed', 'broadcast') ORDER BY created_at`,
      );
      return rows.map((row) => row.id);
    },
  };
}

/** After a restart: every burn not yet confirmed or failed is sent again (never signed anew). */
export async function reconcileBuybacks(buybacks: BuybackService, logger: Logger): Promise<void> {
  for (const buybackId of await buybacks.unfinished()) {
    try {
      logger.info('reconciled a buyback burn', {
        buybackId,
        status: await buybacks.process(buybackId),
      });
    } catch (error) {
      logger.warn('buyback burn not reconciled yet', { err: error, buybackId });
    }
  }
}

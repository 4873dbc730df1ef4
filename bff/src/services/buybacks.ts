import type { Burn, Buyback } from '@brnd/contracts/api/burns';
import { connectContract } from '@brnd/contracts/chain/connect';
import { BRND } from '@brnd/contracts/chain/generated/index';
import { Interface } from 'ethers';
import type { PlatformChain } from '../chain/platform-chain.ts';
import {
  createTreasurySender,
  type SendStatus,
  type TreasuryTransactionRow,
} from '../chain/treasury-sender.ts';
import type { Database } from '../db/database.ts';
import { SQL_STATE, sqlError } from '../db/sql-errors.ts';
import type { Logger } from '../logger.ts';
import type { AuditLog } from './audit-log.ts';
import { DomainError } from './errors.ts';
import { ONE_TOKEN, toTokenNumber } from './ledger.ts';

/**
 * The quarterly buyback-and-burn (decision 063). The BRND bought back on the market is delivered
 * to the buyback wallet, a key of its own: the treasury's float backs what users may claim from
 * the ledger, so a burn never touches it. A buyback is recorded with its purchase (the
 * transaction that delivered the BRND there, settled at the chain's depth, one buyback per
 * purchase), and the buyback wallet burns it. It never was in the ledger, so only the chain and
 * this table record it.
 */

interface BuybackRow extends TreasuryTransactionRow {
  quarter: string;
  /** The wallet that burns it, lower case; null for buybacks burned by the treasury before 063. */
  wallet: string | null;
  purchase_tx_hash: string | null;
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
  /** The transaction that delivered the bought BRND to the buyback wallet. */
  purchase_tx_hash: string;
}

export interface BuybackService {
  /** Every buyback, newest first, for the console. */
  list(): Promise<Buyback[]>;
  /** The buyback wallet's address, where purchases are delivered; null without a chain. */
  wallet(): string | null;
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
  nonce::text, raw_transaction, tx_hash, genesis_hash, wallet, purchase_tx_hash, error,
  created_at, updated_at`;
/** Any constant: buybacks are recorded one at a time, so two never count the same BRND. */
const RECORD_LOCK_ID = 7_251_063;
const brndEvents = new Interface(BRND.abi);

const fieldError = (field: string, messageId: string) =>
  new DomainError(409, messageId, { fields: { [field]: messageId } });

function toBuyback(row: BuybackRow): Buyback {
  return {
    id: row.id,
    quarter: row.quarter,
    subscription_profit_usd: Number(row.subscription_profit_usd),
    buyback_usd: Number(row.buyback_usd),
    brnd_burned: toTokenNumber(BigInt(row.amount)),
    status: row.status === 'confirmed' || row.status === 'failed' ? row.status : 'pending',
    tx_hash: row.tx_hash,
    purchase_tx_hash: row.purchase_tx_hash,
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

  /**
   * The BRND a purchase delivered to the buyback wallet: its Transfer events to that address in
   * a successful transaction settled at the chain's depth.
   */
  async function purchased(chain: PlatformChain, hash: string): Promise<bigint> {
    const receipt = await chain.provider.getTransactionReceipt(hash);
    if (!receipt || receipt.status !== 1) {
      throw fieldError('purchase_tx_hash', 'admin.buybacks.errors.purchaseNotFound');
    }
    const depth = (await chain.provider.getBlockNumber()) - receipt.blockNumber + 1;
    if (depth < chain.confirmations) {
      throw fieldError('purchase_tx_hash', 'admin.buybacks.errors.purchaseUnconfirmed');
    }
    const wallet = chain.buyback.address.toLowerCase();
    let delivered = 0n;
    for (const log of receipt.logs) {
      if (log.address.toLowerCase() !== chain.contracts.brnd.toLowerCase()) continue;
      const parsed = brndEvents.parseLog(log);
      if (parsed?.name !== 'Transfer') continue;
      if ((parsed.args.getValue('to') as string).toLowerCase() !== wallet) continue;
      delivered += parsed.args.getValue('value') as bigint;
    }
    return delivered;
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

    wallet: () => chain?.buyback.address ?? null,

    async record(operator, input) {
      if (!chain) throw new DomainError(503, 'admin.buybacks.errors.noChain');
      const amount = BigInt(input.brnd_amount) * ONE_TOKEN;
      const delivered = await purchased(chain, input.purchase_tx_hash);
      if (delivered < amount) {
        throw fieldError('brnd_amount', 'admin.buybacks.errors.purchaseShort');
      }
      const brnd = connectContract(BRND, chain.contracts.brnd, chain.provider);
      try {
        return await db.transaction(async (transaction) => {
          await db.query('SELECT pg_advisory_xact_lock($1)', [RECORD_LOCK_ID], { transaction });
          // What is already taken is said first; the unique indexes stay the last word.
          const [taken] = await db.query<{ quarter: boolean; purchase: boolean }>(
            `SELECT bool_or(quarter = $1) AS quarter, bool_or(purchase_tx_hash = $2) AS purchase
             FROM buybacks WHERE quarter = $1 OR purchase_tx_hash = $2`,
            [input.quarter, input.purchase_tx_hash],
            { transaction },
          );
          if (taken?.quarter) throw fieldError('quarter', 'admin.buybacks.errors.quarterTaken');
          if (taken?.purchase) {
            throw fieldError('purchase_tx_hash', 'admin.buybacks.errors.purchaseTaken');
          }
          // What the wallet holds beyond the burns already recorded and not yet on chain: a
          // purchase whose BRND has since left the wallet cannot be burned twice.
          const [[unburned], held] = await Promise.all([
            db.query<{ amount: string }>(
              `SELECT coalesce(sum(amount), 0)::text AS amount FROM buybacks
               WHERE wallet = $1 AND status IN ('pending', 'signed', 'broadcast')`,
              [chain.buyback.address.toLowerCase()],
              { transaction },
            ),
            brnd.balanceOf(chain.buyback.address) as Promise<bigint>,
          ]);
          if (held - BigInt(unburned?.amount ?? '0') < amount) {
            throw fieldError('brnd_amount', 'admin.buybacks.errors.walletShort');
          }
          const [row] = await db.query<BuybackRow>(
            `INSERT INTO buybacks (quarter, subscription_profit_usd, buyback_usd, amount, operator_id,
               chain_id, wallet, purchase_tx_hash, purchased_amount)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
            [
              input.quarter,
              input.subscription_profit_usd,
              input.buyback_usd,
              amount.toString(),
              operator.id,
              chain.chainId,
              chain.buyback.address.toLowerCase(),
              input.purchase_tx_hash,
              delivered.toString(),
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
              details: { ...input, wallet: chain.buyback.address },
            },
            transaction,
          );
          return toBuyback(row);
        });
      } catch (error) {
        const cause = sqlError(error);
        if (
          cause.code === SQL_STATE.uniqueViolation &&
          cause.constraint === 'buybacks_purchase_tx_hash_key'
        ) {
          throw fieldError('purchase_tx_hash', 'admin.buybacks.errors.purchaseTaken');
        }
        if (cause.code === SQL_STATE.uniqueViolation) {
          throw fieldError('quarter', 'admin.buybacks.errors.quarterTaken');
        }
        throw error;
      }
    },

    async process(buybackId) {
      if (!chain) throw new Error('burning needs a chain');
      const brnd = connectContract(BRND, chain.contracts.brnd, chain.provider);
      const recorded = await load(buybackId);
      if (!recorded) throw new Error(`no buyback ${buybackId}`);
      // The buyback wallet burns what it holds (decision 063): its key, its nonces. A buyback
      // recorded before it existed is finished by the treasury that signed it.
      const signer = recorded.wallet ? chain.buyback : chain.signer;
      if (recorded.wallet && recorded.wallet !== signer.address.toLowerCase()) {
        throw new Error(
          `buyback ${buybackId} is to be burned by ${recorded.wallet}, not the buyback wallet ${signer.address}`,
        );
      }
      return createTreasurySender(db, chain, { signer }).send({
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

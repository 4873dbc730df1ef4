import { Transaction as ChainTransaction, type TransactionRequest } from 'ethers';
import pg from 'pg';
import { withGasHeadroom } from '@brnd/contracts/chain/connect';
import type { Database } from '../db/database.ts';
import type { PlatformChain } from './platform-chain.ts';

/**
 * Sends transactions the treasury signs (payouts, buyback burns) so that a crash or a retry can
 * never send one twice. The order of writes is what makes it safe: a row is recorded before
 * anything is signed; the signed transaction and its hash commit before it is broadcast; after
 * that, only the hash is ever looked up or re-broadcast, so each row is signed at most once.
 */

export type SendStatus = 'pending' | 'signed' | 'broadcast' | 'confirmed' | 'failed';

/** The columns every treasury transaction table has. */
export interface TreasuryTransactionRow {
  id: string;
  status: SendStatus;
  nonce: string | null;
  raw_transaction: string | null;
  tx_hash: string | null;
  genesis_hash: string | null;
}

/** The tables whose rows are treasury transactions: they share the treasury's nonces. */
const TREASURY_TABLES = ['payouts', 'buybacks', 'brand_token_sends'] as const;
export type TreasuryTable = (typeof TREASURY_TABLES)[number];

/** Any constant: one signer at a time for the treasury's nonces, across bff instances. */
const TREASURY_LOCK_ID = 7_251_010;
const RECEIPT_TIMEOUT_MS = 60_000;

export interface TreasurySend<Row extends TreasuryTransactionRow> {
  table: TreasuryTable;
  load(): Promise<Row | undefined>;
  /** The unsigned call (to, data, value) the row stands for. */
  request(row: Row): Promise<TransactionRequest>;
  /** Marks the row finished, with its ledger effects, in one database transaction. */
  settle(row: Row, outcome: 'confirmed' | 'failed', error?: string): Promise<void>;
  /** Test hook for the crash tests: runs after the broadcast, before the row is marked. */
  afterBroadcast?(id: string): Promise<void>;
}

/** A node that already has the transaction (or mined it) answers the re-broadcast like this. */
function alreadySent(error: unknown): boolean {
  const text = String((error as { message?: string }).message ?? error);
  return /already known|known transaction|nonce too low|nonce has already been used|NONCE_EXPIRED/i.test(
    text,
  );
}

export function createTreasurySender(db: Database, chain: PlatformChain) {
  async function withTreasuryLock<T>(work: () => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [TREASURY_LOCK_ID]);
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TREASURY_LOCK_ID]).catch(() => {});
      await client.end();
    }
  }

  /** The next nonce: the node's count, or past any signed row it has not seen yet. */
  async function nextNonce(): Promise<number> {
    const signed = TREASURY_TABLES.map(
      (table) =>
        `SELECT nonce FROM ${table} WHERE chain_id = $1 AND genesis_hash = $2 AND status IN ('signed', 'broadcast')`,
    ).join(' UNION ALL ');
    const [pending, [stored]] = await Promise.all([
      chain.provider.getTransactionCount(chain.treasury.address, 'pending'),
      db.query<{ next: string | null }>(
        `SELECT (max(nonce) + 1)::text AS next FROM (${signed}) AS held`,
        [chain.chainId, chain.genesisHash],
      ),
    ]);
    return Math.max(pending, Number(stored?.next ?? 0));
  }

  /** Signs the row's transaction and stores it with its hash; nothing is broadcast yet. */
  async function sign<Row extends TreasuryTransactionRow>(
    send: TreasurySend<Row>,
    row: Row,
  ): Promise<Row | 'failed'> {
    const request = await send.request(row);
    let gasLimit: bigint;
    try {
      gasLimit = await chain.provider.estimateGas({ ...request, from: chain.treasury.address });
    } catch (error) {
      // Reverts in the estimate (e.g. the treasury lacks the tokens): nothing was signed.
      await send.settle(row, 'failed', String((error as Error).message ?? error).slice(0, 500));
      return 'failed';
    }
    const [nonce, fees] = await Promise.all([nextNonce(), chain.provider.getFeeData()]);
    const raw = await chain.treasury.signTransaction({
      ...request,
      from: chain.treasury.address,
      chainId: chain.chainId,
      nonce,
      gasLimit: withGasHeadroom(gasLimit),
      type: 2,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const updated = await db.query<{ id: string }>(
      `UPDATE ${send.table} SET status = 'signed', nonce = $2, raw_transaction = $3, tx_hash = $4,
         genesis_hash = $5, updated_at = now()
       WHERE id = $1 AND raw_transaction IS NULL RETURNING id`,
      [row.id, nonce, raw, ChainTransaction.from(raw).hash, chain.genesisHash],
    );
    if (updated.length === 0) throw new Error(`${send.table} ${row.id} was signed by someone else`);
    const signed = await send.load();
    if (!signed) throw new Error(`${send.table} ${row.id} disappeared`);
    return signed;
  }

  /** Signs (once), broadcasts and confirms one row; safe to run again at any point. */
  async function send<Row extends TreasuryTransactionRow>(
    input: TreasurySend<Row>,
  ): Promise<SendStatus> {
    return withTreasuryLock(async () => {
      let row = await input.load();
      if (!row) throw new Error(`no ${input.table} row to send`);
      if (row.status === 'confirmed' || row.status === 'failed') return row.status;
      if (row.raw_transaction && row.genesis_hash !== chain.genesisHash) {
        // Signed for a chain that no longer exists (a dev chain started afresh): never minable.
        await input.settle(row, 'failed', 'the chain it was signed for was reset');
        return 'failed';
      }
      if (!row.raw_transaction) {
        const signed = await sign(input, row);
        if (signed === 'failed') return 'failed';
        row = signed;
      }
      const hash = row.tx_hash as string;
      let receipt = await chain.provider.getTransactionReceipt(hash);
      if (!receipt) {
        try {
          await chain.provider.broadcastTransaction(row.raw_transaction as string);
        } catch (error) {
          if (!alreadySent(error)) throw error;
        }
        await db.query(
          `UPDATE ${input.table} SET status = 'broadcast', updated_at = now()
           WHERE id = $1 AND status IN ('pending', 'signed')`,
          [row.id],
        );
        if (input.afterBroadcast) await input.afterBroadcast(row.id);
        receipt = await chain.provider.waitForTransaction(hash, 1, RECEIPT_TIMEOUT_MS);
      }
      if (!receipt) {
        const mined = await chain.provider.getTransactionCount(chain.treasury.address, 'latest');
        if (mined > Number(row.nonce)) {
          // Its nonce went to another transaction: this one can never be mined.
          await input.settle(row, 'failed', 'the transaction was replaced on chain');
          return 'failed';
        }
        throw new Error(`${input.table} ${row.id}: ${hash} not mined yet`);
      }
      if (receipt.status === 1) {
        await input.settle(row, 'confirmed');
        return 'confirmed';
      }
      await input.settle(row, 'failed', 'the transaction reverted on chain');
      return 'failed';
    });
  }

  return { send };
}

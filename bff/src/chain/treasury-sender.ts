import {
  Transaction as ChainTransaction,
  type TransactionReceipt,
  type TransactionRequest,
} from 'ethers';
import pg from 'pg';
import { withGasHeadroom } from '@brnd/contracts/chain/connect';
import type { Database } from '../db/database.ts';
import type { PlatformChain } from './platform-chain.ts';
import type { TransactionSigner } from './signer.ts';

/**
 * Sends the platform's transactions (payouts and buyback burns signed by the treasury, brand token
 * sends by the minter: decision 058) so that a crash or a retry can never send one twice, and
 * every send ends confirmed or failed.
 *
 * - A row is recorded before anything is signed; a nonce is taken in `treasury_nonces` (unique
 *   per chain and signing account across every table) and each signed version commits before it
 *   is broadcast.
 * - A nonce is only ever re-signed for a fee bump: same nonce, same call, higher fees, stored as
 *   the next version. Whichever version is mined settles the row; no other call can use the nonce.
 * - A row settles only at `chain.confirmations` depth: a receipt at that depth confirms (or fails
 *   a revert); the account's nonce mined at that depth with none of our versions means the nonce
 *   went to another transaction (replaced), so the row fails and its effects are reversed.
 * - Otherwise the send throws "not final yet" and its job retries; a dropped transaction is
 *   broadcast again, an underpriced one (or one stuck past `bumpAfterMs`) is bumped.
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

/** The tables whose rows are sent here; each signing account's nonces span all of them. */
export type TreasuryTable = 'payouts' | 'buybacks' | 'brand_token_sends';

/** Any constant: one sender at a time per signing account's nonces, across bff instances. */
const SIGNER_LOCK_ID = 7_251_010;
/** How long one attempt waits for a receipt before leaving the rest to the job's retries. */
const RECEIPT_WAIT_MS = 5_000;
/**
 * A holder that hangs (a stuck RPC call) loses the lock when PostgreSQL ends its idle session,
 * instead of stopping every payout; one attempt takes seconds.
 */
const LOCK_IDLE_TIMEOUT = '5min';
/** An unmined version older than this is re-signed with higher fees. */
export const DEFAULT_BUMP_AFTER_MS = 3 * 60_000;
/** Nodes accept a replacement only with both fees raised (geth: 10 %); 25 % leaves a margin. */
const BUMP_PERCENT = 125n;

/** Thrown while a send waits for its block or its depth; the job retries it later. */
export class NotFinalError extends Error {}

export interface TreasurySend<Row extends TreasuryTransactionRow> {
  table: TreasuryTable;
  load(): Promise<Row | undefined>;
  /** The unsigned call (to, data, value) the row stands for. */
  request(row: Row): Promise<TransactionRequest>;
  /** Marks the row finished, with its ledger effects, in one database transaction. */
  settle(row: Row, outcome: 'confirmed' | 'failed', error?: string): Promise<void>;
  /**
   * Test hook for the crash tests: runs once the first signed version is stored, before it is
   * broadcast for the first time.
   */
  beforeBroadcast?(id: string): Promise<void>;
  /** Test hook for the crash tests: runs after the broadcast, before the row is marked. */
  afterBroadcast?(id: string): Promise<void>;
}

interface Version {
  version: number;
  raw_transaction: string;
  tx_hash: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  /** Milliseconds since it was signed, by the database's clock. */
  age_ms: number;
}

function messageOf(error: unknown): string {
  return String((error as { message?: string }).message ?? error);
}

/** The node has this very transaction already: nothing to do. */
function alreadyKnown(error: unknown): boolean {
  return /already known|known transaction|already imported/i.test(messageOf(error));
}

/** The nonce is used: by our own version or by another transaction (decided from the chain). */
function nonceUsed(error: unknown): boolean {
  return /nonce too low|nonce has already been used|NONCE_EXPIRED/i.test(messageOf(error));
}

/** Fees too low for the node (base fee rose) or for replacing what it holds: bump them. */
function underpriced(error: unknown): boolean {
  return /underpriced|fee cap|less than (the )?block base fee|REPLACEMENT_UNDERPRICED/i.test(
    messageOf(error),
  );
}

export interface TreasurySenderOptions {
  /** An unmined version older than this is bumped; default 3 minutes. */
  bumpAfterMs?: number;
  /** How long one attempt waits for a receipt; default 5 s. */
  receiptWaitMs?: number;
  /** The account that signs these sends; default the treasury's signer. */
  signer?: TransactionSigner;
}

export function createTreasurySender(
  db: Database,
  chain: PlatformChain,
  options: TreasurySenderOptions = {},
) {
  const bumpAfterMs = options.bumpAfterMs ?? DEFAULT_BUMP_AFTER_MS;
  const receiptWaitMs = options.receiptWaitMs ?? RECEIPT_WAIT_MS;
  const signer = options.signer ?? chain.signer;
  /** Nonces are stored per account, in lower case. */
  const account = signer.address.toLowerCase();

  /**
   * A transaction-scoped advisory lock on a connection of its own: released by COMMIT, by
   * ROLLBACK, or by PostgreSQL when the session dies or idles past the timeout, never left behind
   * on a pooled connection.
   */
  async function withSignerLock<T>(work: () => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL idle_in_transaction_session_timeout = '${LOCK_IDLE_TIMEOUT}'`);
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
        SIGNER_LOCK_ID,
        account,
      ]);
      try {
        return await work();
      } finally {
        await client.query('COMMIT').catch(() => {});
      }
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** The next nonce: the node's count, or past any nonce we gave out that it has not seen. */
  async function nextNonce(): Promise<number> {
    const [pending, [stored]] = await Promise.all([
      chain.provider.getTransactionCount(signer.address, 'pending'),
      db.query<{ next: string | null }>(
        `SELECT (max(nonce) + 1)::text AS next FROM treasury_nonces
         WHERE chain_id = $1 AND genesis_hash = $2 AND account = $3`,
        [chain.chainId, chain.genesisHash, account],
      ),
    ]);
    return Math.max(pending, Number(stored?.next ?? 0));
  }

  async function versions(nonce: string): Promise<Version[]> {
    return db.query<Version>(
      `SELECT version, raw_transaction, tx_hash, max_fee_per_gas::text,
         max_priority_fee_per_gas::text,
         (extract(epoch FROM now() - created_at) * 1000)::float8 AS age_ms
       FROM treasury_transaction_versions
       WHERE chain_id = $1 AND genesis_hash = $2 AND account = $3 AND nonce = $4
       ORDER BY version DESC`,
      [chain.chainId, chain.genesisHash, account, nonce],
    );
  }

  /** An operator asked for this nonce to be re-signed with higher fees (admin console). */
  async function bumpRequested(nonce: string): Promise<boolean> {
    const [row] = await db.query<{ requested: boolean }>(
      `SELECT bump_requested_at IS NOT NULL AS requested FROM treasury_nonces
       WHERE chain_id = $1 AND genesis_hash = $2 AND account = $3 AND nonce = $4`,
      [chain.chainId, chain.genesisHash, account, nonce],
    );
    return row?.requested ?? false;
  }

  /**
   * Stores a signed version and points the row at it, in one database transaction; a bump (any
   * version after the first) also answers the operator's retry request.
   */
  async function storeVersion(
    table: TreasuryTable,
    rowId: string,
    nonce: number,
    version: number,
    raw: string,
  ) {
    const signed = ChainTransaction.from(raw);
    await db.transaction(async (transaction) => {
      if (version === 1) {
        // The primary key refuses a nonce of this account already given to any transaction.
        await db.query(
          `INSERT INTO treasury_nonces (chain_id, genesis_hash, account, nonce, source, source_id)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [chain.chainId, chain.genesisHash, account, nonce, table, rowId],
          { transaction },
        );
      } else {
        // Any bump answers an operator's retry of this nonce: cleared with the version it made,
        // so no reader sees the new version still waiting, and a crash between the two cannot
        // leave the request standing for a second bump.
        await db.query(
          `UPDATE treasury_nonces SET bump_requested_at = NULL
           WHERE chain_id = $1 AND genesis_hash = $2 AND account = $3 AND nonce = $4`,
          [chain.chainId, chain.genesisHash, account, nonce],
          { transaction },
        );
      }
      await db.query(
        `INSERT INTO treasury_transaction_versions (chain_id, genesis_hash, account, nonce,
           version, raw_transaction, tx_hash, max_fee_per_gas, max_priority_fee_per_gas)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          chain.chainId,
          chain.genesisHash,
          account,
          nonce,
          version,
          raw,
          signed.hash,
          (signed.maxFeePerGas ?? 0n).toString(),
          (signed.maxPriorityFeePerGas ?? 0n).toString(),
        ],
        { transaction },
      );
      const updated = await db.query<{ id: string }>(
        `UPDATE ${table} SET status = CASE WHEN status = 'pending' THEN 'signed' ELSE status END,
           nonce = $2, raw_transaction = $3, tx_hash = $4, genesis_hash = $5, updated_at = now()
         WHERE id = $1 AND status NOT IN ('confirmed', 'failed')
           AND (nonce IS NULL OR nonce = $2) RETURNING id`,
        [rowId, nonce, raw, signed.hash, chain.genesisHash],
        { transaction },
      );
      if (updated.length === 0) throw new Error(`${table} ${rowId} was signed by someone else`);
    });
  }

  async function signVersion(
    request: TransactionRequest,
    nonce: number,
    gasLimit: bigint,
    fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ): Promise<string> {
    return signer.signTransaction({
      ...request,
      from: signer.address,
      chainId: chain.chainId,
      nonce,
      gasLimit,
      type: 2,
      ...fees,
    });
  }

  async function currentFees() {
    const fees = await chain.provider.getFeeData();
    return {
      maxFeePerGas: fees.maxFeePerGas ?? 0n,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas ?? 0n,
    };
  }

  /** Signs the row's first version and stores it with its hash; nothing is broadcast yet. */
  async function signFirst<Row extends TreasuryTransactionRow>(
    send: TreasurySend<Row>,
    row: Row,
  ): Promise<Row | 'failed'> {
    const request = await send.request(row);
    let gasLimit: bigint;
    try {
      gasLimit = await chain.provider.estimateGas({ ...request, from: signer.address });
    } catch (error) {
      // Reverts in the estimate (e.g. the treasury lacks the tokens): nothing was signed.
      await send.settle(row, 'failed', messageOf(error).slice(0, 500));
      return 'failed';
    }
    const [nonce, fees] = await Promise.all([nextNonce(), currentFees()]);
    const raw = await signVersion(request, nonce, withGasHeadroom(gasLimit), fees);
    await storeVersion(send.table, row.id, nonce, 1, raw);
    const signed = await send.load();
    if (!signed) throw new Error(`${send.table} ${row.id} disappeared`);
    return signed;
  }

  /** Re-signs the same call at the same nonce with higher fees: the next version. */
  async function bump(table: TreasuryTable, rowId: string, latest: Version): Promise<Version> {
    const previous = ChainTransaction.from(latest.raw_transaction);
    const fees = await currentFees();
    const raised = (value: bigint | null) => ((value ?? 0n) * BUMP_PERCENT) / 100n + 1n;
    const maxPriorityFeePerGas = [
      fees.maxPriorityFeePerGas,
      raised(previous.maxPriorityFeePerGas),
    ].reduce((a, b) => (a > b ? a : b));
    const maxFeePerGas = [
      fees.maxFeePerGas,
      raised(previous.maxFeePerGas),
      maxPriorityFeePerGas,
    ].reduce((a, b) => (a > b ? a : b));
    const raw = await signVersion(
      { to: previous.to, data: previous.data, value: previous.value },
      previous.nonce,
      previous.gasLimit,
      { maxFeePerGas, maxPriorityFeePerGas },
    );
    await storeVersion(table, rowId, previous.nonce, latest.version + 1, raw);
    const [stored] = await versions(String(previous.nonce));
    if (!stored) throw new Error(`${table} ${rowId}: the bumped version was not stored`);
    return stored;
  }

  async function receiptOf(
    all: Version[],
  ): Promise<{ version: Version; receipt: TransactionReceipt } | undefined> {
    for (const version of all) {
      const receipt = await chain.provider.getTransactionReceipt(version.tx_hash);
      if (receipt) return { version, receipt };
    }
    return undefined;
  }

  /** Broadcasts a version; answers 'underpriced' when its fees must be bumped first. */
  async function broadcast(version: Version): Promise<'sent' | 'nonce-used' | 'underpriced'> {
    try {
      await chain.provider.broadcastTransaction(version.raw_transaction);
      return 'sent';
    } catch (error) {
      if (alreadyKnown(error)) return 'sent';
      // Not success: the nonce is mined, by this transaction or another; the chain decides.
      if (nonceUsed(error)) return 'nonce-used';
      if (underpriced(error)) return 'underpriced';
      throw error;
    }
  }

  /** The receipt, if mined within the short wait; a timeout is not an error here. */
  async function waitBriefly(hash: string): Promise<TransactionReceipt | null> {
    try {
      return await chain.provider.waitForTransaction(hash, 1, receiptWaitMs);
    } catch (error) {
      if ((error as { code?: string }).code === 'TIMEOUT') return null;
      throw error;
    }
  }

  /** Points the row at the version that was mined (a bump, or an earlier version). */
  async function pointAt(table: TreasuryTable, rowId: string, version: Version) {
    await db.query(
      `UPDATE ${table} SET raw_transaction = $2, tx_hash = $3, updated_at = now()
       WHERE id = $1 AND tx_hash <> $3`,
      [rowId, version.raw_transaction, version.tx_hash],
    );
  }

  /** Signs (once per version), broadcasts and settles one row; safe to run again at any point. */
  async function send<Row extends TreasuryTransactionRow>(
    input: TreasurySend<Row>,
  ): Promise<SendStatus> {
    return withSignerLock(async () => {
      let row = await input.load();
      if (!row) throw new Error(`no ${input.table} row to send`);
      if (row.status === 'confirmed' || row.status === 'failed') return row.status;
      if (row.raw_transaction && row.genesis_hash !== chain.genesisHash) {
        // Signed for a chain that no longer exists (a dev chain started afresh): never minable.
        await input.settle(row, 'failed', 'the chain it was signed for was reset');
        return 'failed';
      }
      // Only a version some node has had the chance to mine is bumped for being slow.
      const wasBroadcast = row.status === 'broadcast';
      if (!row.raw_transaction) {
        const signed = await signFirst(input, row);
        if (signed === 'failed') return 'failed';
        row = signed;
      }
      const nonce = row.nonce as string;
      let all = await versions(nonce);
      if (all.length === 0) throw new Error(`${input.table} ${row.id}: no signed version stored`);

      let mined = await receiptOf(all);
      if (!mined) {
        const minedNonces = await chain.provider.getTransactionCount(signer.address, 'latest');
        if (minedNonces <= Number(nonce)) {
          // Not mined: (re-)broadcast the latest version, bumping it when it is underpriced or
          // has waited too long. A node that lost it (dropped) simply gets it again.
          let latest = all[0] as Version;
          if (wasBroadcast && (latest.age_ms >= bumpAfterMs || (await bumpRequested(nonce)))) {
            latest = await bump(input.table, row.id, latest);
          }
          if (!wasBroadcast && input.beforeBroadcast) await input.beforeBroadcast(row.id);
          let outcome = await broadcast(latest);
          if (outcome === 'underpriced') {
            latest = await bump(input.table, row.id, latest);
            outcome = await broadcast(latest);
          }
          await db.query(
            `UPDATE ${input.table} SET status = 'broadcast', updated_at = now()
             WHERE id = $1 AND status IN ('pending', 'signed')`,
            [row.id],
          );
          if (input.afterBroadcast) await input.afterBroadcast(row.id);
          if (outcome === 'sent') await waitBriefly(latest.tx_hash);
          all = await versions(nonce);
          mined = await receiptOf(all);
        }
      }
      const latestBlock = await chain.provider.getBlockNumber();
      if (mined) {
        const depth = latestBlock - mined.receipt.blockNumber + 1;
        if (depth < chain.confirmations) {
          throw new NotFinalError(
            `${input.table} ${row.id}: ${mined.version.tx_hash} has ${depth} of ${chain.confirmations} confirmations`,
          );
        }
        await pointAt(input.table, row.id, mined.version);
        const settled = (await input.load()) ?? row;
        if (mined.receipt.status === 1) {
          await input.settle(settled, 'confirmed');
          return 'confirmed';
        }
        await input.settle(settled, 'failed', 'the transaction reverted on chain');
        return 'failed';
      }
      // None of our versions is mined. The nonce mined at safe depth belongs to another
      // transaction: ours can never be mined.
      const safeBlock = Math.max(0, latestBlock - chain.confirmations + 1);
      const settledNonces = await chain.provider.getTransactionCount(signer.address, safeBlock);
      if (settledNonces > Number(nonce)) {
        await input.settle(row, 'failed', 'the transaction was replaced on chain');
        return 'failed';
      }
      throw new NotFinalError(`${input.table} ${row.id}: ${row.tx_hash} not mined yet`);
    });
  }

  return { send };
}

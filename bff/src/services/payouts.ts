import { connectContract } from '@brnd/contracts/chain/connect';
import { BRND } from '@brnd/contracts/chain/generated/index';
import type { Payout, PayoutStatus } from '@brnd/contracts/api/wallet';
import { Transaction as ChainTransaction } from 'ethers';
import pg from 'pg';
import type { PlatformChain } from '../chain/platform-chain.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { DomainError } from './errors.ts';
import { LEDGER_ACCOUNTS, toTokenNumber, userAccount, type Ledger } from './ledger.ts';

/**
 * Payouts of a user's BRND balance to their wallet. The order of writes is what makes a crash
 * harmless: the claim (payout row + ledger debit) commits before anything is signed; the signed
 * transaction and its hash commit before it is broadcast; after that, only the hash is ever
 * looked up or re-broadcast, so a payout is signed at most once.
 */

type StoredStatus = 'pending' | 'signed' | 'broadcast' | 'confirmed' | 'failed';

interface PayoutRow {
  id: string;
  user_id: string;
  to_address: string;
  amount: string;
  status: StoredStatus;
  chain_id: string;
  genesis_hash: string | null;
  nonce: string | null;
  raw_transaction: string | null;
  tx_hash: string | null;
  created_at: Date;
}

/** Any constant: one signer at a time for the treasury's nonces, across bff instances. */
const TREASURY_LOCK_ID = 7_251_010;
const RECEIPT_TIMEOUT_MS = 60_000;

export interface PayoutService {
  /** Records the payout of the whole balance and queues it; the queue does the chain work. */
  claim(userId: string): Promise<Payout>;
  list(userId: string): Promise<Payout[]>;
  /** Signs (once), broadcasts and confirms one payout; safe to run again at any point. */
  process(payoutId: string): Promise<StoredStatus>;
  /** Unfinished payouts, e.g. after a crash: each is processed again. */
  unfinished(): Promise<string[]>;
}

export interface PayoutDeps {
  db: Database;
  ledger: Ledger;
  chain: PlatformChain | undefined;
  logger: Logger;
  /** Called after the claim commits (the job queue); a lost call is caught by reconciliation. */
  enqueue: (payoutId: string) => Promise<void>;
  /** Test hook for the crash test: runs after the broadcast, before the payout is marked. */
  afterBroadcast?: (payoutId: string) => Promise<void>;
}

export function publicStatus(status: StoredStatus): PayoutStatus {
  return status === 'confirmed' || status === 'failed' ? status : 'pending';
}

function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    status: publicStatus(row.status),
    brnd_tokens: toTokenNumber(BigInt(row.amount)),
    amount: row.amount,
    walletAddress: row.to_address,
    txHash: row.tx_hash,
    created_at: row.created_at.toISOString(),
  };
}

/** A node that already has the transaction (or mined it) answers the re-broadcast like this. */
function alreadySent(error: unknown): boolean {
  const text = String((error as { message?: string }).message ?? error);
  return /already known|known transaction|nonce too low|nonce has already been used|NONCE_EXPIRED/i.test(
    text,
  );
}

export function createPayoutService(deps: PayoutDeps): PayoutService {
  const { db, ledger, logger } = deps;

  async function load(payoutId: string): Promise<PayoutRow | undefined> {
    const [row] = await db.query<PayoutRow>(
      'SELECT id, user_id, to_address, amount::text, status, chain_id::text, genesis_hash, nonce::text, raw_transaction, tx_hash, created_at FROM payouts WHERE id = $1',
      [payoutId],
    );
    return row;
  }

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

  async function settle(row: PayoutRow, outcome: 'confirmed' | 'failed', error?: string) {
    const amount = BigInt(row.amount);
    await db.transaction(async (transaction) => {
      if (outcome === 'confirmed') {
        await ledger.post(
          {
            idempotencyKey: `payout:${row.id}:confirmed`,
            entries: [
              { account: LEDGER_ACCOUNTS.payoutsInFlight, amount: -amount },
              { account: LEDGER_ACCOUNTS.chain, amount },
            ],
            metadata: { kind: 'payout', payoutId: row.id, txHash: row.tx_hash },
          },
          { transaction },
        );
      } else {
        await ledger.post(
          {
            idempotencyKey: `payout:${row.id}:reversal`,
            entries: [
              { account: LEDGER_ACCOUNTS.payoutsInFlight, amount: -amount },
              { account: userAccount(row.user_id), amount },
            ],
            metadata: { kind: 'payout-reversal', payoutId: row.id, error },
          },
          { transaction },
        );
      }
      await db.query(
        `UPDATE payouts SET status = $2, error = $3, updated_at = now() WHERE id = $1`,
        [row.id, outcome, error ?? null],
        { transaction },
      );
    });
    logger.info(`payout ${outcome}`, { payoutId: row.id, txHash: row.tx_hash });
  }

  /** Signs the transfer and stores it with its hash; nothing is broadcast yet. */
  async function sign(row: PayoutRow, chain: PlatformChain): Promise<PayoutRow | 'failed'> {
    const brnd = connectContract(BRND, chain.contracts.brnd, chain.treasury);
    const request = await brnd.transfer.populateTransaction(row.to_address, BigInt(row.amount));
    let gasLimit: bigint;
    try {
      gasLimit = await chain.provider.estimateGas({ ...request, from: chain.treasury.address });
    } catch (error) {
      // Reverts in the estimate (e.g. the treasury lacks the tokens): nothing was signed.
      await settle(row, 'failed', String((error as Error).message ?? error).slice(0, 500));
      return 'failed';
    }
    const [pending, [stored], fees] = await Promise.all([
      chain.provider.getTransactionCount(chain.treasury.address, 'pending'),
      db.query<{ next: string | null }>(
        `SELECT (max(nonce) + 1)::text AS next FROM payouts
         WHERE chain_id = $1 AND genesis_hash = $2 AND status IN ('signed', 'broadcast')`,
        [chain.chainId, chain.genesisHash],
      ),
      chain.provider.getFeeData(),
    ]);
    // A payout signed but not yet broadcast holds its nonce although the node has not seen it.
    const nonce = Math.max(pending, Number(stored?.next ?? 0));
    const raw = await chain.treasury.signTransaction({
      ...request,
      from: chain.treasury.address,
      chainId: chain.chainId,
      nonce,
      gasLimit: (gasLimit * 12n) / 10n,
      type: 2,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const hash = ChainTransaction.from(raw).hash;
    const [updated] = await db.query<PayoutRow>(
      `UPDATE payouts SET status = 'signed', nonce = $2, raw_transaction = $3, tx_hash = $4,
         genesis_hash = $5, updated_at = now()
       WHERE id = $1 AND raw_transaction IS NULL
       RETURNING id, user_id, to_address, amount::text, status, chain_id::text, genesis_hash, nonce::text,
         raw_transaction, tx_hash, created_at`,
      [row.id, nonce, raw, hash, chain.genesisHash],
    );
    if (!updated) throw new Error(`payout ${row.id} was signed by someone else`);
    return updated;
  }

  async function process(payoutId: string): Promise<StoredStatus> {
    const chain = deps.chain;
    if (!chain) throw new Error('payouts need a chain');
    return withTreasuryLock(async () => {
      let row = await load(payoutId);
      if (!row) throw new Error(`no payout ${payoutId}`);
      if (row.status === 'confirmed' || row.status === 'failed') return row.status;
      if (row.raw_transaction && row.genesis_hash !== chain.genesisHash) {
        // Signed for a chain that no longer exists (a dev chain started afresh): it can never
        // be mined, so the tokens go back.
        await settle(row, 'failed', 'the chain it was signed for was reset');
        return 'failed';
      }
      if (!row.raw_transaction) {
        const signed = await sign(row, chain);
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
          `UPDATE payouts SET status = 'broadcast', updated_at = now() WHERE id = $1 AND status IN ('pending', 'signed')`,
          [row.id],
        );
        if (deps.afterBroadcast) await deps.afterBroadcast(row.id);
        receipt = await chain.provider.waitForTransaction(hash, 1, RECEIPT_TIMEOUT_MS);
      }
      if (!receipt) {
        const mined = await chain.provider.getTransactionCount(chain.treasury.address, 'latest');
        if (mined > Number(row.nonce)) {
          // Its nonce went to another transaction: this one can never be mined.
          await settle(row, 'failed', 'the transaction was replaced on chain');
          return 'failed';
        }
        throw new Error(`payout ${row.id}: ${hash} not mined yet`);
      }
      if (receipt.status === 1) {
        await settle(row, 'confirmed');
        return 'confirmed';
      }
      await settle(row, 'failed', 'the transfer reverted on chain');
      return 'failed';
    });
  }

  return {
    async claim(userId) {
      const row = await db.transaction(async (transaction) => {
        const [user] = await db.query<{ wallet_address: string | null }>(
          'SELECT wallet_address FROM users WHERE id = $1',
          [userId],
          { transaction },
        );
        if (!user?.wallet_address) {
          throw new DomainError(409, 'wallet.errors.noWalletAddress');
        }
        const account = await ledger.ensureUserAccount(userId, { transaction });
        // The row lock makes parallel claims queue here; each later one finds the balance gone.
        const [locked] = await db.query<{ balance: string }>(
          'SELECT balance::text FROM ledger_accounts WHERE id = $1 FOR UPDATE',
          [account],
          { transaction },
        );
        const balance = BigInt(locked?.balance ?? '0');
        if (balance <= 0n) throw new DomainError(409, 'wallet.errors.nothingToClaim');
        if (!deps.chain) throw new DomainError(503, 'wallet.errors.payoutsUnavailable');
        const chainId = deps.chain.chainId;
        const [payout] = await db.query<PayoutRow>(
          `INSERT INTO payouts (user_id, to_address, amount, chain_id) VALUES ($1, $2, $3, $4)
           RETURNING id, user_id, to_address, amount::text, status, chain_id::text, genesis_hash, nonce::text,
             raw_transaction, tx_hash, created_at`,
          [userId, user.wallet_address, balance.toString(), chainId],
          { transaction },
        );
        if (!payout) throw new Error('the payout was not recorded');
        await ledger.post(
          {
            idempotencyKey: `payout:${payout.id}:claim`,
            entries: [
              { account, amount: -balance },
              { account: LEDGER_ACCOUNTS.payoutsInFlight, amount: balance },
            ],
            metadata: { kind: 'payout-claim', payoutId: payout.id },
          },
          { transaction },
        );
        return payout;
      });
      await deps.enqueue(row.id).catch((error: unknown) => {
        logger.error('could not queue a payout; reconciliation will send it', {
          err: error,
          payoutId: row.id,
        });
      });
      return toPayout(row);
    },
    async list(userId) {
      const rows = await db.query<PayoutRow>(
        `SELECT id, user_id, to_address, amount::text, status, chain_id::text, genesis_hash, nonce::text,
           raw_transaction, tx_hash, created_at
         FROM payouts WHERE user_id = $1 ORDER BY created_at DESC, id`,
        [userId],
      );
      return rows.map(toPayout);
    },
    process,
    async unfinished() {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM payouts WHERE status IN ('pending', 'signed', 'broadcast') ORDER BY created_at`,
      );
      return rows.map((row) => row.id);
    },
  };
}

import { connectContract } from '@brnd/contracts/chain/connect';
import {
  BRND,
  BrandToken,
  BrandTokenFactory,
  BrndStaking,
} from '@brnd/contracts/chain/generated/index';
import type { StakingAction } from '@brnd/contracts/domain/brand-tokens';
import { PREMIUM_STAKE_BRND } from '@brnd/contracts/domain/plans';
import { Interface, ZeroAddress, type TransactionRequest } from 'ethers';
import type { Transaction } from 'sequelize';
import type { PlatformChain } from '../../chain/platform-chain.ts';
import {
  createTreasurySender,
  type SendStatus,
  type TreasuryTransactionRow,
} from '../../chain/treasury-sender.ts';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import { tokenAccounts } from './accounts.ts';
import { DomainError } from '../errors.ts';
import { ONE_TOKEN, toTokenNumber, type Ledger } from '../ledger.ts';

/**
 * The chain side of brand tokens: deploying them through the factory (raising the brand's token
 * limit first when its plan allows more than the factory's default), minting what leaves the
 * ledger, the supply check, and the staking reads and calldata for the owner's own wallet.
 * Every transaction goes through the treasury sender, so a crash or a retried job never signs
 * one twice.
 */

interface SendRow extends TreasuryTransactionRow {
  token_id: string;
  kind: 'limit' | 'deploy' | 'mint';
  to_address: string | null;
  amount: string | null;
  token_limit: number | null;
  refund_account: string | null;
  brand_id: string;
  name: string;
  ticker: string;
  cap: string;
  address: string | null;
}

const SEND_COLUMNS = `s.id, s.token_id, s.kind, s.to_address, s.amount::text, s.token_limit,
  s.refund_account, s.status, s.nonce::text, s.raw_transaction, s.tx_hash, s.genesis_hash,
  t.brand_id::text, t.name, t.ticker, t.cap::text, t.address`;

export interface SupplyDifference {
  tokenId: string;
  chainSupply: bigint;
  minted: bigint;
  inFlight: bigint;
}

const factoryEvents = new Interface(BrandTokenFactory.abi);

export function createBrandTokenChain(deps: {
  db: Database;
  ledger: Ledger;
  chain: PlatformChain;
  logger: Logger;
}) {
  const { db, ledger, chain, logger } = deps;
  // Brand tokens are the minter's business (decision 058): its key, its nonces.
  const sender = createTreasurySender(db, chain, { signer: chain.minter });
  const factory = connectContract(
    BrandTokenFactory,
    chain.contracts.brandTokenFactory,
    chain.treasury,
  );

  async function load(sendId: string): Promise<SendRow | undefined> {
    const [row] = await db.query<SendRow>(
      `SELECT ${SEND_COLUMNS} FROM brand_token_sends s JOIN brand_tokens t ON t.id = s.token_id
       WHERE s.id = $1`,
      [sendId],
    );
    return row;
  }

  async function markSend(
    row: SendRow,
    outcome: 'confirmed' | 'failed',
    error: string | undefined,
    transaction?: Transaction,
  ) {
    await db.query(
      'UPDATE brand_token_sends SET status = $2, error = $3, updated_at = now() WHERE id = $1',
      [row.id, outcome, error ?? null],
      transaction ? { transaction } : {},
    );
  }

  async function failToken(tokenId: string, error: string, transaction?: Transaction) {
    await db.query(
      `UPDATE brand_tokens SET status = 'failed', error = $2, updated_at = now()
       WHERE id = $1 AND status = 'deploying'`,
      [tokenId, error.slice(0, 500)],
      transaction ? { transaction } : {},
    );
  }

  /** The deployed token's address, from the factory's BrandTokenCreated event in the receipt. */
  async function deployedAddress(row: SendRow): Promise<string> {
    const receipt = await chain.provider.getTransactionReceipt(row.tx_hash as string);
    for (const log of receipt?.logs ?? []) {
      if (log.address.toLowerCase() !== chain.contracts.brandTokenFactory.toLowerCase()) continue;
      const parsed = factoryEvents.parseLog(log);
      if (parsed?.name === 'BrandTokenCreated') return parsed.args.getValue('token') as string;
    }
    throw new Error(`deploy ${row.id}: no BrandTokenCreated in ${row.tx_hash}`);
  }

  async function settle(row: SendRow, outcome: 'confirmed' | 'failed', error?: string) {
    if (row.kind === 'limit') {
      await markSend(row, outcome, error);
    } else if (row.kind === 'deploy') {
      const address = outcome === 'confirmed' ? await deployedAddress(row) : null;
      await db.transaction(async (transaction) => {
        await markSend(row, outcome, error, transaction);
        if (address) {
          await db.query(
            `UPDATE brand_tokens SET status = 'active', address = $2, error = NULL, updated_at = now()
             WHERE id = $1`,
            [row.token_id, address],
            { transaction },
          );
        } else {
          await failToken(row.token_id, error ?? 'the deployment failed', transaction);
        }
      });
    } else {
      const amount = BigInt(row.amount as string);
      const accounts = tokenAccounts(row.token_id);
      await db.transaction(async (transaction) => {
        if (outcome === 'confirmed') {
          await ledger.post(
            {
              idempotencyKey: `bt-send:${row.id}:confirmed`,
              entries: [
                { account: accounts.minting, amount: -amount },
                { account: accounts.chain, amount },
              ],
              metadata: {
                kind: 'bt-mint',
                tokenId: row.token_id,
                sendId: row.id,
                txHash: row.tx_hash,
              },
            },
            { transaction },
          );
        } else {
          // The tokens go back where they came from: the customer, or the brand's unissued supply.
          await ledger.post(
            {
              idempotencyKey: `bt-send:${row.id}:reversal`,
              entries: [
                { account: accounts.minting, amount: -amount },
                { account: row.refund_account as string, amount },
              ],
              metadata: {
                kind: 'bt-send-reversal',
                tokenId: row.token_id,
                sendId: row.id,
                counterparty: row.to_address,
                error,
              },
            },
            { transaction },
          );
        }
        await markSend(row, outcome, error, transaction);
      });
    }
    logger.info(`brand token ${row.kind} ${outcome}`, {
      sendId: row.id,
      txHash: row.tx_hash,
      error,
    });
  }

  async function request(row: SendRow): Promise<TransactionRequest> {
    if (row.kind === 'limit') {
      return factory.setTokenLimit.populateTransaction(BigInt(row.brand_id), row.token_limit);
    }
    if (row.kind === 'deploy') {
      // The factory makes its minter the token's only minter, for gives and claims.
      return factory.createBrandToken.populateTransaction(
        BigInt(row.brand_id),
        row.name,
        row.ticker,
        BigInt(row.cap),
        chain.brandTokenAdmin,
      );
    }
    const token = connectContract(BrandToken, row.address as string, chain.treasury);
    return token.mint.populateTransaction(row.to_address, BigInt(row.amount as string));
  }

  function send(sendId: string): Promise<SendStatus> {
    return sender.send({
      table: 'brand_token_sends',
      load: () => load(sendId),
      request,
      settle,
    });
  }

  /**
   * The factory allows one token per brand until its owner raises the limit: before the first
   * signature of a brand's second (or later) token, a limit send is recorded and sent.
   */
  async function raiseLimitIfNeeded(row: SendRow): Promise<boolean> {
    const brandId = BigInt(row.brand_id);
    const [tokens, limit] = await Promise.all([
      factory.tokensOf(brandId) as Promise<string[]>,
      factory.tokenLimitOf(brandId) as Promise<bigint>,
    ]);
    if (BigInt(tokens.length) < limit) return true;
    const wanted = tokens.length + 1;
    let [limitSend] = await db.query<{ id: string }>(
      `SELECT id FROM brand_token_sends
       WHERE token_id = $1 AND kind = 'limit' AND token_limit >= $2 AND status <> 'failed'`,
      [row.token_id, wanted],
    );
    if (!limitSend) {
      [limitSend] = await db.query<{ id: string }>(
        `INSERT INTO brand_token_sends (token_id, kind, token_limit, chain_id)
         VALUES ($1, 'limit', $2, $3) RETURNING id`,
        [row.token_id, wanted, chain.chainId],
      );
    }
    const status = await send(limitSend?.id as string);
    if (status === 'confirmed') return true;
    await markSend(row, 'failed', 'the factory refused to raise the token limit');
    await failToken(row.token_id, 'the factory refused to raise the token limit');
    return false;
  }

  return {
    /** Signs (once), broadcasts and confirms one send; safe to run again at any point. */
    async process(sendId: string): Promise<SendStatus> {
      const row = await load(sendId);
      if (!row) throw new Error(`no brand token send ${sendId}`);
      if (row.status === 'confirmed' || row.status === 'failed') return row.status;
      if (row.kind === 'deploy' && !row.raw_transaction && !(await raiseLimitIfNeeded(row))) {
        return 'failed';
      }
      if (row.kind === 'mint' && !row.address)
        throw new Error(`mint ${row.id}: token not deployed`);
      return send(sendId);
    },

    async unfinished(): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM brand_token_sends
         WHERE status IN ('pending', 'signed', 'broadcast') AND chain_id = $1 AND kind <> 'limit'
         ORDER BY created_at`,
        [chain.chainId],
      );
      return rows.map((row) => row.id);
    },

    /**
     * Each active token's on-chain supply against the ledger: what was minted (confirmed) and,
     * for mints still settling, what is in flight. Every difference gets a row and a warning.
     */
    async checkSupply(): Promise<SupplyDifference[]> {
      const tokens = await db.query<{
        id: string;
        address: string;
        minted: string;
        in_flight: string;
      }>(
        `SELECT t.id, t.address, c.balance::text AS minted, m.balance::text AS in_flight
         FROM brand_tokens t
           JOIN ledger_accounts c ON c.id = 'bt:' || t.id || ':chain'
           JOIN ledger_accounts m ON m.id = 'bt:' || t.id || ':minting'
         WHERE t.status = 'active' AND t.chain_id = $1`,
        [chain.chainId],
      );
      const differences: SupplyDifference[] = [];
      for (const token of tokens) {
        const contract = connectContract(BrandToken, token.address, chain.provider);
        if ((await chain.provider.getCode(token.address)) === '0x') continue;
        const chainSupply = (await contract.totalSupply()) as bigint;
        const minted = BigInt(token.minted);
        const inFlight = BigInt(token.in_flight);
        if (chainSupply >= minted && chainSupply <= minted + inFlight) continue;
        if (chainSupply < minted) {
          // Holders burn what they hold (ERC20Burnable): the supply that ever existed is what
          // is left plus what was burned, read from the token's own Transfer-to-zero events.
          const burns = await contract.queryFilter(
            contract.getEvent('Transfer')(null, ZeroAddress),
          );
          const burned = burns.reduce(
            (sum, event) => sum + ('args' in event ? (event.args.getValue('value') as bigint) : 0n),
            0n,
          );
          const issued = chainSupply + burned;
          if (issued >= minted && issued <= minted + inFlight) continue;
        }
        differences.push({ tokenId: token.id, chainSupply, minted, inFlight });
        await db.query(
          `INSERT INTO brand_token_supply_checks (token_id, chain_supply, minted, in_flight, difference)
           VALUES ($1, $2, $3, $4, $5)`,
          [
            token.id,
            chainSupply.toString(),
            minted.toString(),
            inFlight.toString(),
            (chainSupply - minted).toString(),
          ],
        );
        logger.warn('a brand token supply differs from the ledger', {
          tokenId: token.id,
          chainSupply: chainSupply.toString(),
          minted: minted.toString(),
          inFlight: inFlight.toString(),
        });
      }
      return differences;
    },
  };
}

export type BrandTokenChain = ReturnType<typeof createBrandTokenChain>;

/* ---- staking (the owner's wallet signs; the server reads and prepares) ---- */

export async function stakingStatus(chain: PlatformChain | undefined, wallet: string | null) {
  if (!chain) throw new DomainError(503, 'brandTokens.errors.chainUnavailable');
  const staking = connectContract(BrndStaking, chain.contracts.staking, chain.provider);
  const brnd = connectContract(BRND, chain.contracts.brnd, chain.provider);
  const delay = Number((await staking.unbondingDelay()) as bigint);
  const base = {
    wallet,
    chain_id: chain.chainId,
    staking_contract: chain.contracts.staking,
    unbonding_seconds: delay,
    premium_threshold: PREMIUM_STAKE_BRND,
  };
  if (!wallet) {
    return {
      ...base,
      wallet_brnd: 0,
      staked: 0,
      unbonding: 0,
      unbonding_until: null,
      premium: false,
    };
  }
  const [held, staked, unbonding, premium] = await Promise.all([
    brnd.balanceOf(wallet) as Promise<bigint>,
    staking.stakedOf(wallet) as Promise<bigint>,
    staking.unbondingOf(wallet) as Promise<[bigint, bigint]>,
    staking.isPremium(wallet) as Promise<boolean>,
  ]);
  const [amount, releaseTime] = unbonding;
  return {
    ...base,
    wallet_brnd: toTokenNumber(held),
    staked: toTokenNumber(staked),
    unbonding: toTokenNumber(amount),
    unbonding_until: amount > 0n ? new Date(Number(releaseTime) * 1000).toISOString() : null,
    premium,
  };
}

/** The wallet transactions for a staking action, checked against the wallet's state first. */
export async function stakingTransactions(
  chain: PlatformChain | undefined,
  wallet: string | null,
  action: StakingAction,
  amount: number | undefined,
) {
  if (!wallet) throw new DomainError(409, 'brandTokens.errors.noWallet');
  if (action !== 'withdraw' && amount === undefined) {
    throw new DomainError(400, 'brandTokens.errors.amount', {
      fields: { amount: 'brandTokens.errors.amount' },
    });
  }
  if (!chain) throw new DomainError(503, 'brandTokens.errors.chainUnavailable');
  const staking = connectContract(BrndStaking, chain.contracts.staking, chain.provider);
  const brnd = connectContract(BRND, chain.contracts.brnd, chain.provider);
  const value = BigInt(amount ?? 0) * ONE_TOKEN;
  const insufficient = () =>
    new DomainError(409, 'brandTokens.errors.insufficient', {
      fields: { amount: 'brandTokens.errors.insufficient' },
    });
  const tx = (to: string, data: string) => ({ from: wallet, to, data });
  if (action === 'stake') {
    if (((await brnd.balanceOf(wallet)) as bigint) < value) throw insufficient();
    const approve = await brnd.approve.populateTransaction(chain.contracts.staking, value);
    const stake = await staking.stake.populateTransaction(value);
    return [tx(chain.contracts.brnd, approve.data), tx(chain.contracts.staking, stake.data)];
  }
  if (action === 'unstake') {
    if (((await staking.stakedOf(wallet)) as bigint) < value) throw insufficient();
    const unstake = await staking.requestUnstake.populateTransaction(value);
    return [tx(chain.contracts.staking, unstake.data)];
  }
  const [unbonding, releaseTime] = (await staking.unbondingOf(wallet)) as [bigint, bigint];
  const block = await chain.provider.getBlock('latest');
  if (unbonding === 0n || BigInt(block?.timestamp ?? 0) < releaseTime) {
    throw new DomainError(409, 'brandTokens.errors.nothingToWithdraw');
  }
  const withdraw = await staking.withdraw.populateTransaction();
  return [tx(chain.contracts.staking, withdraw.data)];
}

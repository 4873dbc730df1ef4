import { connectContract } from '@brnd/contracts/chain/connect';
import { BrndStaking } from '@brnd/contracts/chain/generated/index';
import { STAKE_PREMIUM_MIN_AGE_DAYS } from '@brnd/contracts/domain/wallet-proof';
import type { PlatformChain } from '../../chain/platform-chain.ts';
import type { Database } from '../../db/database.ts';
import type { Language } from '../../db/models.ts';
import type { Logger } from '../../logger.ts';
import type { Notifications } from '../notifications.ts';

export interface StakingPremiumDeps {
  db: Database;
  chain: PlatformChain | undefined;
  logger: Logger;
  notifications: Notifications;
}

/**
 * What a stake does for one brand (decision 042):
 * - `premium`: the proven wallet stakes enough, has for STAKE_PREMIUM_MIN_AGE_DAYS, and backs
 *   this brand;
 * - `maturing`: it stakes enough but not yet for long enough;
 * - `elsewhere`: its stake already backs another brand (one wallet, one brand);
 * - `none`: no proven wallet, no chain, or not enough staked.
 */
export type StakingPremiumState = 'premium' | 'maturing' | 'elsewhere' | 'none';

/** Whether the wallet stakes enough BRND for Premium, read from BrndStaking; null: unreadable. */
async function stakesEnough(
  chain: PlatformChain,
  wallet: string,
  logger: Logger,
): Promise<boolean | null> {
  try {
    const staking = connectContract(BrndStaking, chain.contracts.staking, chain.provider);
    return (await staking.isPremium(wallet)) as boolean;
  } catch (error) {
    logger.warn('could not read the stake for a brand plan', { err: error, wallet });
    return null;
  }
}

/**
 * Reads the stake and keeps `staking_premium` in step: the first brand to see a stake above the
 * threshold binds the wallet and starts its age; a stake seen below it ends the binding, and if
 * Premium had started, the brand's owner is mailed that it lapsed.
 */
export async function stakingPremium(
  brand: { id: number; owner_wallet: string | null },
  deps: StakingPremiumDeps,
): Promise<StakingPremiumState> {
  const { db, chain, logger } = deps;
  if (!chain || !brand.owner_wallet) return 'none';
  const wallet = brand.owner_wallet;
  const staked = await stakesEnough(chain, wallet, logger);
  // An unreachable chain neither grants Premium nor ends a binding.
  if (staked === null) return 'none';
  if (!staked) {
    await endBinding(wallet, deps);
    return 'none';
  }
  await db.query(
    // Either conflict (the wallet bound, or this brand bound to another wallet) keeps the row.
    `INSERT INTO staking_premium (wallet, brand_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [wallet, brand.id],
  );
  const [row] = await db.query<{ brand_id: string; mature: boolean }>(
    `UPDATE staking_premium
       SET premium_since = CASE WHEN brand_id = $2 AND premium_since IS NULL
         AND seen_since <= now() - make_interval(days => $3) THEN now() ELSE premium_since END
     WHERE wallet = $1
     RETURNING brand_id::text, premium_since IS NOT NULL AS mature`,
    [wallet, brand.id, STAKE_PREMIUM_MIN_AGE_DAYS],
  );
  if (!row || Number(row.brand_id) !== brand.id) return 'elsewhere';
  return row.mature ? 'premium' : 'maturing';
}

/**
 * Re-reads every wallet that backs a brand and ends the bindings whose stake fell below the
 * threshold, so Premium lapses (and its owner is told) when the stake drops, not only when
 * someone next looks at the brand's plan. Answers how many ended. Run periodically by a job.
 */
export async function reviewStakingPremium(deps: StakingPremiumDeps): Promise<number> {
  const { db, chain, logger } = deps;
  if (!chain) return 0;
  let ended = 0;
  const bound = await db.query<{ wallet: string }>('SELECT wallet FROM staking_premium');
  for (const { wallet } of bound) {
    // Unreadable (null) keeps the binding, as when a plan is read.
    if ((await stakesEnough(chain, wallet, logger)) === false) {
      await endBinding(wallet, deps);
      ended += 1;
    }
  }
  return ended;
}

/**
 * The stake fell below the threshold: the binding ends, and a started Premium lapses. The mail is
 * queued with the delete (decision 056): one per lapse, even when two readers see the drop.
 */
async function endBinding(wallet: string, deps: StakingPremiumDeps): Promise<void> {
  await deps.db.transaction(async (transaction) => {
    const ended = await deps.db.query<{
      brand: string;
      name: string;
      email: string;
      language: Language;
    }>(
      `WITH ended AS (DELETE FROM staking_premium WHERE wallet = $1 RETURNING brand_id, premium_since)
       SELECT b.name AS brand, u.name, u.email, u.language
       FROM ended JOIN brands b ON b.id = ended.brand_id JOIN users u ON u.id = b.owner_id
       WHERE ended.premium_since IS NOT NULL`,
      [wallet],
      { transaction },
    );
    for (const owner of ended) {
      await deps.notifications.mail(
        {
          kind: 'premiumLapsed',
          to: owner.email,
          language: owner.language,
          props: { name: owner.name, brand: owner.brand },
        },
        { transaction },
      );
    }
  });
}

/**
 * Adds to the contract's view of a stake what the plan rules make of it: whether the wallet is
 * proven, and when a fresh stake will start to count (its minimum age).
 */
export async function withPremiumAge<S extends { wallet: string | null; premium: boolean }>(
  db: Database,
  userId: string,
  status: S,
): Promise<S & { wallet_verified: boolean; premium_from: string | null }> {
  const [row] = await db.query<{ verified: boolean; premium_from: Date | null }>(
    `SELECT u.wallet_verified_at IS NOT NULL AS verified,
       (SELECT sp.seen_since + make_interval(days => $2) FROM staking_premium sp
        WHERE sp.wallet = u.wallet_address AND sp.premium_since IS NULL) AS premium_from
     FROM users u WHERE u.id = $1`,
    [userId, STAKE_PREMIUM_MIN_AGE_DAYS],
  );
  const verified = Boolean(status.wallet) && (row?.verified ?? false);
  return {
    ...status,
    wallet_verified: verified,
    premium_from:
      verified && status.premium && row?.premium_from ? row.premium_from.toISOString() : null,
  };
}

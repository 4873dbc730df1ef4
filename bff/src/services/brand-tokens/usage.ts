import type { PlanUsage } from '@brnd/contracts/api/brand-tokens';
import { connectContract } from '@brnd/contracts/chain/connect';
import { BrandToken as BrandTokenArtifact } from '@brnd/contracts/chain/generated/index';
import { BRAND_TOKEN_CHART_DAYS } from '@brnd/contracts/domain/brand-tokens';
import { PLATFORM_TIME_ZONE } from '@brnd/contracts/domain/constants';
import { PLAN_LIMITS, type PlanId, type PlanLimit } from '@brnd/contracts/domain/plans';
import { type Transaction } from 'sequelize';
import { tokenAccounts } from './accounts.ts';
import { effectivePlan, limitOf, requireWithin } from './plans.ts';
import { type BrandRow, type TokenRow, whole } from './rows.ts';
import type { AccessContext } from './context.ts';
import type { BrandTokenUsage } from './types.ts';

/** A brand's plan usage and daily volume, open holds, and a token's holdings and figures. */
export function brandTokenUsage(ctx: AccessContext): BrandTokenUsage {
  const { deps } = ctx;
  const { db, ledger, logger } = deps;

  async function planUsage(brand: BrandRow): Promise<PlanUsage> {
    const { plan, source } = await effectivePlan(brand, deps);
    const [row] = await db.query<{
      tokens: string;
      max_issued: string | null;
      volume: string | null;
      deals: string;
    }>(
      `SELECT
         (SELECT count(*) FROM brand_tokens WHERE brand_id = $1 AND status <> 'failed')::text AS tokens,
         -- The plan limits each token's supply cap, so its usage is the largest cap issued.
         (SELECT max(t.cap)::text FROM brand_tokens t
            WHERE t.brand_id = $1 AND t.status <> 'failed') AS max_issued,
         (SELECT tokens::text FROM brand_daily_volume
            WHERE brand_id = $1 AND day = (now() AT TIME ZONE $2)::date) AS volume,
         (SELECT count(*) FROM brand_token_offers o JOIN brand_tokens t ON t.id = o.token_id
            WHERE t.brand_id = $1 AND o.active)::text AS deals`,
      [brand.id, PLATFORM_TIME_ZONE],
    );
    const used: Record<PlanLimit, number> = {
      tokens: Number(row?.tokens ?? 0),
      maxSupply: row?.max_issued ? whole(row.max_issued) : 0,
      dailyVolume: Number(row?.volume ?? 0),
      // Team accounts and giveaways do not exist yet: the owner alone, none running.
      users: 1,
      deals: Number(row?.deals ?? 0),
      giveaways: 0,
    };
    return {
      plan,
      source,
      usage: PLAN_LIMITS.map((limit) => ({ limit, used: used[limit], max: limitOf(limit, plan) })),
    };
  }

  /**
   * Adds today's volume (a day in PLATFORM_TIME_ZONE) for the brand in one statement that
   * refuses to pass the limit: racing gives queue on the counter row, and the one that would
   * cross it gets no row back.
   */
  async function addVolume(brandId: number, plan: PlanId, tokens: number, t: Transaction) {
    const limit = limitOf('dailyVolume', plan);
    if (limit !== null && tokens > limit) requireWithin('dailyVolume', plan, tokens);
    const rows = await db.query<{ tokens: string }>(
      `INSERT INTO brand_daily_volume AS v (brand_id, day, tokens)
       VALUES ($1, (now() AT TIME ZONE $4)::date, $2)
       ON CONFLICT (brand_id, day) DO UPDATE SET tokens = v.tokens + EXCLUDED.tokens
         WHERE $3::bigint IS NULL OR v.tokens + EXCLUDED.tokens <= $3::bigint
       RETURNING tokens::text`,
      [brandId, tokens, limit, PLATFORM_TIME_ZONE],
      { transaction: t },
    );
    if (rows.length === 0) {
      const [today] = await db.query<{ tokens: string }>(
        `SELECT tokens::text FROM brand_daily_volume
         WHERE brand_id = $1 AND day = (now() AT TIME ZONE $2)::date`,
        [brandId, PLATFORM_TIME_ZONE],
        { transaction: t },
      );
      requireWithin('dailyVolume', plan, Number(today?.tokens ?? 0) + tokens);
      throw new Error('the daily volume refused a give within its limit');
    }
  }

  /** Credits every open hold of the user's verified e-mail; runs in `transaction` if given. */
  async function claimHolds(userId: string, transaction?: Transaction): Promise<number> {
    const work = async (t: Transaction) => {
      const claimed = await db.query<{
        id: string;
        token_id: string;
        amount: string;
        sender: string;
      }>(
        `UPDATE brand_token_holds h SET claimed_by = u.id, claimed_at = now()
         FROM users u
         WHERE u.id = $1 AND u.email_verified_at IS NOT NULL AND h.email = lower(u.email)
           AND h.claimed_at IS NULL
         RETURNING h.id, h.token_id, h.amount::text, h.sender`,
        [userId],
        { transaction: t },
      );
      for (const hold of claimed) {
        const account = await ledger.ensureUserAccount(userId, {
          asset: hold.token_id,
          transaction: t,
        });
        const amount = BigInt(hold.amount);
        await ledger.post(
          {
            idempotencyKey: `bt-hold:${hold.id}:claim`,
            entries: [
              { account: tokenAccounts(hold.token_id).held, amount: -amount },
              { account, amount },
            ],
            metadata: { kind: 'bt-hold-claim', tokenId: hold.token_id, counterparty: hold.sender },
          },
          { transaction: t },
        );
      }
      return claimed.length;
    };
    return transaction ? work(transaction) : db.transaction(work);
  }

  async function walletBalances(
    wallet: string | null,
    tokens: TokenRow[],
  ): Promise<Map<string, number | null>> {
    const balances = new Map<string, number | null>();
    for (const token of tokens) balances.set(token.id, wallet ? 0 : null);
    const chain = deps.chain;
    if (!wallet || !chain) return balances;
    await Promise.all(
      tokens
        .filter((token) => token.address)
        .map(async (token) => {
          try {
            const contract = connectContract(
              BrandTokenArtifact,
              token.address as string,
              chain.provider,
            );
            balances.set(token.id, whole((await contract.balanceOf(wallet)) as bigint));
          } catch (error) {
            logger.warn('could not read a brand token balance', { err: error, tokenId: token.id });
            balances.set(token.id, null);
          }
        }),
    );
    return balances;
  }

  async function tokenStats(token: TokenRow) {
    const accounts = tokenAccounts(token.id);
    const [totals] = await db.query<{
      unissued: string | null;
      redeemed: string | null;
      ledger_holders: string;
      wallet_holders: string;
      held: string;
    }>(
      `SELECT
         (SELECT balance::text FROM ledger_accounts WHERE id = $2) AS unissued,
         (SELECT balance::text FROM ledger_accounts WHERE id = $3) AS redeemed,
         (SELECT count(*)::text FROM ledger_accounts
            WHERE asset = $1::text AND kind = 'user' AND balance > 0) AS ledger_holders,
         (SELECT count(DISTINCT to_address)::text FROM brand_token_sends
            WHERE token_id = $1::uuid AND kind = 'mint' AND status = 'confirmed') AS wallet_holders,
         (SELECT count(DISTINCT email)::text FROM brand_token_holds
            WHERE token_id = $1::uuid AND claimed_at IS NULL) AS held`,
      [token.id, accounts.unissued, accounts.redeemed],
    );
    const daily = await db.query<{
      day: string;
      given: string;
      redeemed: string;
      transferred: string;
    }>(
      `WITH days AS (
         SELECT (generate_series(0, $2 - 1) * -1 + (now() AT TIME ZONE $3)::date)::date AS day
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
         coalesce((SELECT sum(amount) FROM brand_token_gives g WHERE g.token_id = $1
           AND (g.created_at AT TIME ZONE $3)::date = d.day), 0)::text AS given,
         coalesce((SELECT sum(r.amount) FROM brand_token_redemptions r
           JOIN brand_token_offers o ON o.id = r.offer_id WHERE o.token_id = $1
           AND (r.created_at AT TIME ZONE $3)::date = d.day), 0)::text AS redeemed,
         coalesce((SELECT sum(amount) FROM brand_token_transfers tr WHERE tr.token_id = $1
           AND (tr.created_at AT TIME ZONE $3)::date = d.day), 0)::text AS transferred
       FROM days d ORDER BY d.day`,
      [token.id, BRAND_TOKEN_CHART_DAYS, PLATFORM_TIME_ZONE],
    );
    const cap = BigInt(token.cap);
    return {
      token_id: token.id,
      holders:
        Number(totals?.ledger_holders ?? 0) +
        Number(totals?.wallet_holders ?? 0) +
        Number(totals?.held ?? 0),
      issued: whole(cap - BigInt(totals?.unissued ?? token.cap)),
      redeemed: whole(totals?.redeemed ?? '0'),
      daily: daily.map((row) => ({
        day: row.day,
        given: whole(row.given),
        redeemed: whole(row.redeemed),
        transferred: whole(row.transferred),
      })),
    };
  }

  return { planUsage, addVolume, claimHolds, walletBalances, tokenStats };
}

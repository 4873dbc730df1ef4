import type { Holding } from '@brnd/contracts/api/brand-tokens';
import { toTokenNumber, userAccount } from '../ledger.ts';
import {
  type TokenRow,
  type OfferRow,
  type RedemptionRow,
  OFFER_COLUMNS,
  OFFER_SOURCE,
  REDEMPTION_COLUMNS,
  TOKEN_COLUMNS,
  whole,
  toToken,
  toOffer,
  toRedemption,
  moveKind,
} from './rows.ts';
import type { BrandTokenContext } from './context.ts';
import type { BrandTokenService } from './types.ts';

/** The customer's holdings and the history of one token. */
export function holdingOperations(
  ctx: BrandTokenContext,
): Pick<BrandTokenService, 'mine' | 'history'> {
  const { deps, loadToken, claimHolds, walletBalances } = ctx;
  const { db } = deps;

  return {
    async mine(userId: string) {
      await claimHolds(userId);
      const [user] = await db.query<{ wallet_address: string | null }>(
        'SELECT wallet_address FROM users WHERE id = $1',
        [userId],
      );
      const wallet = user?.wallet_address ?? null;
      const tokens = await db.query<TokenRow & { balance: string | null }>(
        `SELECT ${TOKEN_COLUMNS}, a.balance::text AS balance
         FROM brand_tokens t JOIN brands b ON b.id = t.brand_id
           LEFT JOIN ledger_accounts a ON a.user_id = $1 AND a.asset = t.id::text
         WHERE t.status = 'active' AND (a.id IS NOT NULL OR EXISTS (
           SELECT 1 FROM brand_token_sends s
           WHERE s.token_id = t.id AND s.kind = 'mint' AND s.to_address = $2))
         ORDER BY t.created_at, t.id`,
        [userId, wallet],
      );
      const balances = await walletBalances(wallet, tokens);
      const holdings: Holding[] = tokens.map((token) => ({
        token: toToken(token),
        ledger_balance: whole(token.balance ?? '0'),
        wallet_balance: balances.get(token.id) ?? null,
      }));
      const offers = await db.query<OfferRow>(
        `SELECT ${OFFER_COLUMNS} FROM ${OFFER_SOURCE}
         WHERE o.active AND o.token_id = ANY($1::uuid[])
         ORDER BY o.price, o.created_at`,
        [tokens.map((token) => token.id)],
      );
      const redemptions = await db.query<RedemptionRow>(
        `SELECT ${REDEMPTION_COLUMNS}
         FROM brand_token_redemptions r JOIN brand_token_offers o ON o.id = r.offer_id
           JOIN brand_tokens t ON t.id = o.token_id JOIN brands b ON b.id = t.brand_id
         WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id`,
        [userId],
      );
      return { holdings, offers: offers.map(toOffer), redemptions: redemptions.map(toRedemption) };
    },

    async history(userId: string, tokenId: string) {
      const token = await loadToken(tokenId);
      await claimHolds(userId);
      const rows = await db.query<{
        id: string;
        amount: string;
        created_at: Date;
        metadata: Record<string, string | undefined>;
        tx_hash: string | null;
      }>(
        `SELECT e.id::text, e.amount::text, e.created_at, t.metadata, s.tx_hash
         FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
           LEFT JOIN brand_token_sends s ON s.id = (t.metadata ->> 'sendId')::uuid
         WHERE e.account_id = $1
         ORDER BY e.id DESC LIMIT 200`,
        [userAccount(userId, token.id)],
      );
      return {
        moves: rows.map((row) => {
          const amount = BigInt(row.amount);
          const kind = moveKind(row.metadata.kind, amount);
          const counterparty =
            row.metadata.kind === 'bt-transfer' || row.metadata.kind === 'bt-claim'
              ? amount < 0n
                ? row.metadata.to
                : row.metadata.from
              : row.metadata.kind === 'bt-redeem'
                ? token.brand_name
                : row.metadata.counterparty;
          return {
            id: row.id,
            kind,
            amount: toTokenNumber(amount),
            counterparty: counterparty ?? token.brand_name,
            tx_hash: row.tx_hash,
            created_at: row.created_at.toISOString(),
          };
        }),
      };
    },
  };
}

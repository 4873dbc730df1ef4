import type { Transaction } from 'sequelize';
import type { AssetAccount, Ledger } from '../ledger.ts';

/**
 * The ledger accounts of one brand token (decision 015). The asset is the token's id.
 * `cap` (−cap) and `unissued` (+cap, never negative) are posted when the token is recorded, so
 * every give drawing on `unissued` keeps the whole issuance within the cap in the database.
 */
export function tokenAccounts(tokenId: string) {
  return {
    cap: `bt:${tokenId}:cap`,
    unissued: `bt:${tokenId}:unissued`,
    /** For e-mails without a verified account yet. */
    held: `bt:${tokenId}:held`,
    /** Leaving the ledger: a mint recorded, not yet confirmed on chain. */
    minting: `bt:${tokenId}:minting`,
    /** Minted on chain (external, grows with each confirmed mint). */
    chain: `bt:${tokenId}:chain`,
    /** Spent on offers. */
    redeemed: `bt:${tokenId}:redeemed`,
  };
}

export async function openTokenAccounts(
  ledger: Ledger,
  tokenId: string,
  capBaseUnits: bigint,
  transaction: Transaction,
): Promise<void> {
  const ids = tokenAccounts(tokenId);
  const accounts: AssetAccount[] = [
    { id: ids.cap, kind: 'external', asset: tokenId, allowNegative: true },
    { id: ids.unissued, kind: 'treasury', asset: tokenId },
    { id: ids.held, kind: 'held', asset: tokenId },
    { id: ids.minting, kind: 'payouts', asset: tokenId },
    { id: ids.chain, kind: 'external', asset: tokenId, allowNegative: true },
    { id: ids.redeemed, kind: 'burned', asset: tokenId },
  ];
  await ledger.ensureAccounts(accounts, { transaction });
  await ledger.post(
    {
      idempotencyKey: `bt:${tokenId}:cap`,
      entries: [
        { account: ids.cap, amount: -capBaseUnits },
        { account: ids.unissued, amount: capBaseUnits },
      ],
      metadata: { kind: 'bt-cap', tokenId },
    },
    { transaction },
  );
}

import { SALE_ALLOCATION_TOKENS, type Wallet } from '@brnd/contracts/api/wallet';
import { ZeroAddress, getAddress } from 'ethers';
import type { Database } from '../db/database.ts';
import { DomainError } from './errors.ts';
import { LEDGER_ACCOUNTS, ONE_TOKEN, toTokenNumber, userAccount, type Ledger } from './ledger.ts';

export interface WalletService {
  wallet(userId: string): Promise<Wallet>;
  saleProgress(): Promise<{ allocation: number; sold: number; left: number }>;
}

/**
 * An all-lowercase (or all-uppercase) address carries no checksum and is accepted; a mixed-case
 * one must match its EIP-55 checksum, which catches a mistyped character.
 */
export function checksummedAddress(input: string): string {
  let address: string;
  try {
    address = getAddress(input.trim());
  } catch {
    throw new DomainError(400, 'errors.validation', {
      fields: { walletAddress: 'wallet.errors.checksum' },
    });
  }
  if (address === ZeroAddress) {
    throw new DomainError(400, 'errors.validation', {
      fields: { walletAddress: 'wallet.errors.zeroAddress' },
    });
  }
  return address;
}

export function createWalletService({
  db,
  ledger,
}: {
  db: Database;
  ledger: Ledger;
}): WalletService {
  return {
    async wallet(userId) {
      const [row] = await db.query<{
        wallet_address: string | null;
        verified: boolean;
        usd: string | null;
      }>(
        `SELECT u.wallet_address, u.wallet_verified_at IS NOT NULL AS verified,
           (SELECT sum((t.metadata ->> 'usd')::numeric)::text
              FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
              WHERE e.account_id = $2 AND e.amount > 0
                -- Paid orders and operators' credits on partial, over- and late payments.
                AND t.metadata ->> 'kind' IN ('sale', 'sale-resolution')) AS usd
         FROM users u WHERE u.id = $1`,
        [userId, userAccount(userId)],
      );
      const balance = await ledger.balance(userAccount(userId));
      return {
        amount: Number(row?.usd ?? 0),
        brnd_tokens: toTokenNumber(balance),
        walletAddress: row?.wallet_address ?? null,
        walletVerified: row?.verified ?? false,
      };
    },
    async saleProgress() {
      const left = await ledger.balance(LEDGER_ACCOUNTS.sale);
      const allocation = BigInt(SALE_ALLOCATION_TOKENS) * ONE_TOKEN;
      return {
        allocation: SALE_ALLOCATION_TOKENS,
        sold: toTokenNumber(allocation - left),
        left: toTokenNumber(left),
      };
    },
  };
}

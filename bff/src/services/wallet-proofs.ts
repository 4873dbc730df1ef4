import {
  LOGIN_THROTTLE_WINDOW_MS,
  PASSWORD_CHANGE_FAILURES,
} from '@brnd/contracts/domain/constants';
import {
  WALLET_CHALLENGE_TTL_MINUTES,
  walletProofMessage,
} from '@brnd/contracts/domain/wallet-proof';
import { verifyMessage } from 'ethers';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { User } from '../db/models.ts';
import type { Logger } from '../logger.ts';
import { DomainError, tooManyAttempts } from './errors.ts';
import type { Notifications } from './notifications.ts';
import type { PasswordHasher } from './passwords.ts';
import type { RateLimiter } from './rate-limits.ts';
import { checksummedAddress } from './wallet.ts';

export interface WalletChallenge {
  nonce: string;
  message: string;
  chainId: number;
  expiresAt: string;
}

export interface WalletProof {
  walletAddress: string;
  nonce: string;
  signature: string;
  password: string;
}

export interface WalletProofService {
  challenge(userId: string, walletAddress: string): Promise<WalletChallenge>;
  /** Verifies the proof and saves the address as the user's proven payout wallet. */
  saveProven(user: User, proof: WalletProof): Promise<string>;
}

/** Challenges a user may hold unused at once: enough for retries, not a table filler. */
const OPEN_CHALLENGES_PER_USER = 20;

const challengeExpired = () => new DomainError(409, 'wallet.errors.challengeExpired');

export function createWalletProofService(deps: {
  db: Database;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  notifications: Notifications;
  logger: Logger;
  appUrl: string;
  chainId: number;
  /** The app's clock: a challenge's life is measured on it (tests move it on). */
  clock: () => Date;
}): WalletProofService {
  const { db } = deps;
  const site = new URL(deps.appUrl);

  return {
    async challenge(userId, walletAddress) {
      const address = checksummedAddress(walletAddress);
      const nonce = randomBytes(12).toString('hex');
      const issuedAt = deps.clock();
      const expiresAt = new Date(issuedAt.getTime() + WALLET_CHALLENGE_TTL_MINUTES * 60_000);
      const message = walletProofMessage({
        domain: site.host,
        uri: site.origin,
        address,
        chainId: deps.chainId,
        nonce,
        issuedAt: issuedAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      await db.transaction(async (transaction) => {
        // Expired and used challenges are of no further use; the newest few stay valid.
        await db.query(
          `DELETE FROM wallet_challenges WHERE user_id = $1 AND (expires_at < $3
             OR used_at IS NOT NULL OR nonce NOT IN (SELECT nonce FROM wallet_challenges
               WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2))`,
          [userId, OPEN_CHALLENGES_PER_USER - 1, issuedAt],
          { transaction },
        );
        await db.query(
          `INSERT INTO wallet_challenges (nonce, user_id, address, message, expires_at)
           VALUES ($1, $2, $3, $4, $5)`,
          [nonce, userId, address, message, expiresAt],
          { transaction },
        );
      });
      return { nonce, message, chainId: deps.chainId, expiresAt: expiresAt.toISOString() };
    },

    async saveProven(user, proof) {
      const address = checksummedAddress(proof.walletAddress);
      const key = `wallet-change:${user.id}`;
      const limit = await deps.limiter.hit(key, PASSWORD_CHANGE_FAILURES, LOGIN_THROTTLE_WINDOW_MS);
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
      if (!(await deps.hasher.verify(user.passwordHash, proof.password))) {
        throw new DomainError(400, 'errors.wrongCurrentPassword', {
          fields: { password: 'errors.wrongCurrentPassword' },
        });
      }
      await deps.limiter.refund(key);

      await db.transaction(async (transaction) => {
        // The row lock makes the nonce single-use under concurrent requests.
        const [challenge] = await db.query<{ message: string; address: string; live: boolean }>(
          `SELECT message, address, expires_at > $3 AND used_at IS NULL AS live
           FROM wallet_challenges WHERE nonce = $1 AND user_id = $2 FOR UPDATE`,
          [proof.nonce, user.id, deps.clock()],
          { transaction },
        );
        if (!challenge?.live) throw challengeExpired();
        if (challenge.address !== address) {
          throw new DomainError(400, 'errors.validation', {
            fields: { walletAddress: 'wallet.errors.addressNotChallenged' },
          });
        }
        let signer: string;
        try {
          signer = verifyMessage(challenge.message, proof.signature);
        } catch {
          signer = '';
        }
        if (signer !== address) {
          throw new DomainError(400, 'errors.validation', {
            fields: { signature: 'wallet.errors.wrongSigner' },
          });
        }
        await db.query(
          'UPDATE wallet_challenges SET used_at = now() WHERE nonce = $1',
          [proof.nonce],
          { transaction },
        );
        const [before] = await db.query<{ wallet_address: string | null }>(
          'SELECT wallet_address FROM users WHERE id = $1 FOR UPDATE',
          [user.id],
          { transaction },
        );
        await db.query(
          `UPDATE users SET wallet_address = $2, wallet_verified_at = now(), updated_at = now()
           WHERE id = $1`,
          [user.id, address],
          { transaction },
        );
        // A stake binding of the old wallet no longer speaks for this user's brands.
        if (before?.wallet_address && before.wallet_address !== address) {
          await db.query('DELETE FROM staking_premium WHERE wallet = $1', [before.wallet_address], {
            transaction,
          });
        }
        // Queued with the change (decision 056): the owner hears of every change, once.
        await deps.notifications.mail(
          {
            kind: 'walletChanged',
            to: user.email,
            language: user.language,
            props: { name: user.name, address, previous: before?.wallet_address ?? null },
          },
          { transaction },
        );
      });
      return address;
    },
  };
}

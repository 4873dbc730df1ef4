import { SUCCESS } from '@brnd/contracts/api/accounts';
import type { Wallet } from '@brnd/contracts/api/wallet';
import type { Language } from '@brnd/contracts/domain/constants';
import {
  WALLET_CHALLENGE_TTL_MINUTES,
  walletProofMessage,
} from '@brnd/contracts/domain/wallet-proof';
import { ZeroAddress, getAddress, verifyMessage } from 'ethers';
import { FakeError } from './fake.ts';
import { localText } from './messages.ts';

/**
 * The payout wallet proven by signature, with the bff's rules (bff/src/services/wallet-proofs.ts,
 * decision 042): an EIP-4361 message per request, single use, expiring; the signature checked
 * against the stored text with ethers; the password asked again; the change mailed.
 */

interface ProofUser {
  id: number;
  name: string;
  email: string;
  password: string;
  language: Language;
  wallet: Wallet;
}

export interface ChallengeRecord {
  nonce: string;
  userId: number;
  address: string;
  message: string;
  expiresAt: number;
  used: boolean;
}

/** The fake's dev chain (anvil), as the bff names it without a configured chain. */
export const MOCK_CHAIN_ID = 31337;

/** What the proofs need of the fake: its origin and clock, a place for challenges, the outbox. */
export interface ProofHost {
  appUrl: string;
  now(): number;
  challenges(): ChallengeRecord[];
  sendMail(to: string, subject: string, text: string): void;
}

/** The bff's rule: a mixed-case address must carry its EIP-55 checksum; never the zero address. */
export function fakeChecksummed(input: string): string {
  let address: string;
  try {
    address = getAddress(input.trim());
  } catch {
    throw new FakeError(400, 'errors.validation', {
      errors: { walletAddress: 'wallet.errors.checksum' },
    });
  }
  if (address === ZeroAddress) {
    throw new FakeError(400, 'errors.validation', {
      errors: { walletAddress: 'wallet.errors.zeroAddress' },
    });
  }
  return address;
}

function hexNonce(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function fakeWalletChallenge(
  fake: ProofHost,
  user: ProofUser,
  input: { walletAddress: string },
) {
  const address = fakeChecksummed(input.walletAddress);
  const site = new URL(fake.appUrl);
  const issuedAt = fake.now();
  const expiresAt = issuedAt + WALLET_CHALLENGE_TTL_MINUTES * 60_000;
  const nonce = hexNonce();
  const message = walletProofMessage({
    domain: site.host,
    uri: site.origin,
    address,
    chainId: MOCK_CHAIN_ID,
    nonce,
    issuedAt: new Date(issuedAt).toISOString(),
    expiresAt: new Date(expiresAt).toISOString(),
  });
  fake.challenges().push({ nonce, userId: user.id, address, message, expiresAt, used: false });
  return {
    nonce,
    message,
    chainId: MOCK_CHAIN_ID,
    expiresAt: new Date(expiresAt).toISOString(),
  };
}

export function fakeUpdateWallet(
  fake: ProofHost,
  user: ProofUser,
  input: { walletAddress: string; nonce: string; signature: string; password: string },
) {
  const address = fakeChecksummed(input.walletAddress);
  if (input.password !== user.password) {
    throw new FakeError(400, 'errors.wrongCurrentPassword', {
      errors: { password: 'errors.wrongCurrentPassword' },
    });
  }
  const challenge = fake
    .challenges()
    .find((candidate) => candidate.nonce === input.nonce.trim() && candidate.userId === user.id);
  if (!challenge || challenge.used || challenge.expiresAt <= fake.now()) {
    throw new FakeError(409, 'wallet.errors.challengeExpired');
  }
  if (challenge.address !== address) {
    throw new FakeError(400, 'errors.validation', {
      errors: { walletAddress: 'wallet.errors.addressNotChallenged' },
    });
  }
  let signer: string;
  try {
    signer = verifyMessage(challenge.message, input.signature.trim());
  } catch {
    signer = '';
  }
  if (signer !== address) {
    throw new FakeError(400, 'errors.validation', {
      errors: { signature: 'wallet.errors.wrongSigner' },
    });
  }
  challenge.used = true;
  const previous = user.wallet.walletAddress;
  user.wallet.walletAddress = address;
  user.wallet.walletVerified = true;
  const values = { name: user.name, address, previous: previous ?? '' };
  fake.sendMail(
    user.email,
    localText(user.language, 'email.walletChanged.subject'),
    [
      localText(user.language, 'email.greeting', values),
      localText(
        user.language,
        previous ? 'email.walletChanged.bodyChanged' : 'email.walletChanged.bodyFirst',
        values,
      ),
      localText(user.language, 'email.walletChanged.notYou'),
    ].join('\n\n'),
  );
  return { message: SUCCESS };
}

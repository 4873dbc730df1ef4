/**
 * Proving control of a wallet (decision 042): the bff issues a Sign-In with Ethereum message
 * (EIP-4361) naming the account, the site, the chain and a single-use nonce with an expiry; the
 * wallet signs it with `personal_sign` (EIP-191), which every wallet offers, so a user without a
 * browser wallet can sign it elsewhere and paste the signature. The bff keeps the exact text it
 * issued and verifies against that, so the client cannot alter a line.
 */

/** How long a challenge may be signed and sent back. */
export const WALLET_CHALLENGE_TTL_MINUTES = 10;

/** Staking counts for Premium only once the stake has stood above the threshold this long. */
export const STAKE_PREMIUM_MIN_AGE_DAYS = 7;

/** The line the user agrees to by signing (EIP-4361 `statement`: one line, no newline). */
export const WALLET_PROOF_STATEMENT =
  'I control this wallet and want it to receive my BRND payouts and count for my Premium.';

export interface WalletProofFields {
  /** RFC 3986 authority of the site asking (the app's host). */
  domain: string;
  /** The app's origin. */
  uri: string;
  /** EIP-55 address. */
  address: string;
  chainId: number;
  /** At least 8 alphanumeric characters (EIP-4361). */
  nonce: string;
  /** ISO 8601. */
  issuedAt: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** The EIP-4361 message, line for line as the standard lays it out. */
export function walletProofMessage(fields: WalletProofFields): string {
  return [
    `${fields.domain} wants you to sign in with your Ethereum account:`,
    fields.address,
    '',
    WALLET_PROOF_STATEMENT,
    '',
    `URI: ${fields.uri}`,
    'Version: 1',
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
    `Expiration Time: ${fields.expiresAt}`,
  ].join('\n');
}

/** A signature as `personal_sign` returns it: 65 bytes, hex. */
export const SIGNATURE_PATTERN = /^0x[0-9a-fA-F]{130}$/;

import { type Transaction } from 'sequelize';
import type { Language } from '../../db/models.ts';
import { DomainError } from '../errors.ts';
import {
  type BrandRow,
  type TokenRow,
  type Recipient,
  TOKEN_COLUMNS,
  chainUnavailable,
  notFound,
} from './rows.ts';
import type { BrandTokenBase } from './context.ts';
import type { BrandTokenAccess } from './types.ts';

/**
 * Loading brands and tokens with the owner's checks, and the chain and mail steps moves share.
 */
export function brandTokenAccess(ctx: BrandTokenBase): BrandTokenAccess {
  const { deps } = ctx;
  const { db } = deps;

  async function loadBrand(brandId: number, transaction?: Transaction): Promise<BrandRow> {
    const [row] = await db.query<BrandRow & { id: string }>(
      `SELECT b.id::text, b.name, b.owner_id, b.verification_status, b.plan, b.lifetime_premium,
         -- Only a wallet proven by signature speaks for the owner's stake (decision 042).
         CASE WHEN u.wallet_verified_at IS NOT NULL THEN u.wallet_address END AS owner_wallet
       FROM brands b LEFT JOIN users u ON u.id = b.owner_id WHERE b.id = $1`,
      [brandId],
      transaction ? { transaction } : {},
    );
    if (!row) throw notFound();
    return { ...row, id: Number(row.id) };
  }

  async function ownBrand(userId: string, brandId: number): Promise<BrandRow> {
    const brand = await loadBrand(brandId);
    if (brand.owner_id !== userId) throw new DomainError(403, 'brandTokens.errors.notOwner');
    return brand;
  }

  async function verifiedBrand(userId: string, brandId: number): Promise<BrandRow> {
    const brand = await ownBrand(userId, brandId);
    if (brand.verification_status !== 'verified') {
      throw new DomainError(403, 'brandTokens.errors.notVerified');
    }
    return brand;
  }

  async function loadToken(tokenId: string, transaction?: Transaction): Promise<TokenRow> {
    const [row] = await db.query<TokenRow>(
      `SELECT ${TOKEN_COLUMNS} FROM brand_tokens t JOIN brands b ON b.id = t.brand_id
       WHERE t.id = $1`,
      [tokenId],
      transaction ? { transaction } : {},
    );
    if (!row) throw notFound();
    return row;
  }

  /** A token of a verified brand the user owns, deployed and ready to move. */
  async function consoleToken(userId: string, tokenId: string) {
    const token = await loadToken(tokenId);
    const brand = await verifiedBrand(userId, Number(token.brand_id));
    if (token.status !== 'active') throw new DomainError(409, 'brandTokens.errors.notActive');
    return { token, brand };
  }

  async function activeToken(tokenId: string): Promise<TokenRow> {
    const token = await loadToken(tokenId);
    if (token.status !== 'active') throw new DomainError(409, 'brandTokens.errors.notActive');
    return token;
  }

  function requireChain() {
    if (!deps.chain || !deps.queue) throw chainUnavailable();
    return { chain: deps.chain, queue: deps.queue };
  }

  /**
   * Tells each recipient by e-mail, after the commit. `hasAccount`: the tokens are in their
   * account already; otherwise they wait for an account that confirms this address.
   */
  function mailReceived(
    recipients: { email: string; language: Language; amount: number; hasAccount: boolean }[],
    token: { ticker: string },
    sender: string,
  ) {
    if (recipients.length === 0) return;
    deps.runInBackground('brand token mail', async () => {
      for (const recipient of recipients) {
        await deps.notifications.mail({
          kind: 'tokensReceived',
          to: recipient.email,
          language: recipient.language,
          props: {
            brand: sender,
            ticker: token.ticker,
            amount: recipient.amount,
            email: recipient.email,
            hasAccount: recipient.hasAccount,
          },
        });
      }
    });
  }

  /** Users with a verified e-mail among `emails` (lower case): they are credited at once. */
  async function verifiedRecipients(
    emails: string[],
    transaction: Transaction,
  ): Promise<Map<string, Recipient>> {
    if (emails.length === 0) return new Map();
    const rows = await db.query<{ id: string; email: string; name: string; language: Language }>(
      `SELECT id, lower(email) AS email, name, language FROM users
       WHERE lower(email) = ANY($1::text[]) AND email_verified_at IS NOT NULL`,
      [emails],
      { transaction },
    );
    return new Map(
      rows.map((row) => [
        row.email,
        { userId: row.id, email: row.email, name: row.name, language: row.language },
      ]),
    );
  }

  /** Records mint sends and queues their jobs, in the caller's transaction. */
  async function recordMints(
    token: TokenRow,
    mints: { to: string; amount: bigint }[],
    refundAccount: string,
    transaction: Transaction,
  ): Promise<string[]> {
    if (mints.length === 0) return [];
    const { chain, queue } = requireChain();
    const rows = await db.query<{ id: string }>(
      `INSERT INTO brand_token_sends (token_id, kind, to_address, amount, refund_account, chain_id)
       SELECT $1, 'mint', m.to_address, m.amount::numeric, $4, $5
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS m(to_address, amount, n)
       ORDER BY m.n
       RETURNING id`,
      [
        token.id,
        mints.map((mint) => mint.to),
        mints.map((mint) => mint.amount.toString()),
        refundAccount,
        chain.chainId,
      ],
      { transaction },
    );
    const ids = rows.map((row) => row.id);
    await queue.enqueue(ids, transaction);
    return ids;
  }

  async function redeploy(tokenId: string, t: Transaction) {
    const { chain, queue } = requireChain();
    await db.query(
      `UPDATE brand_tokens SET status = 'deploying', error = NULL, chain_id = $2, updated_at = now()
       WHERE id = $1`,
      [tokenId, chain.chainId],
      { transaction: t },
    );
    const [send] = await db.query<{ id: string }>(
      `INSERT INTO brand_token_sends (token_id, kind, chain_id) VALUES ($1, 'deploy', $2) RETURNING id`,
      [tokenId, chain.chainId],
      { transaction: t },
    );
    await queue.enqueue([send?.id as string], t);
  }

  return {
    loadBrand,
    ownBrand,
    verifiedBrand,
    loadToken,
    consoleToken,
    activeToken,
    requireChain,
    mailReceived,
    verifiedRecipients,
    recordMints,
    redeploy,
  };
}

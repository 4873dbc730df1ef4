import { isWalletAddress } from '@brnd/contracts/domain/brand-tokens';
import { getAddress } from 'ethers';
import type { Language } from '../../db/models.ts';
import { tokenAccounts } from './accounts.ts';
import { DomainError } from '../errors.ts';
import { InsufficientBalanceError } from '../ledger.ts';
import { type GiveOutcome, whole, baseUnits, lockKey } from './rows.ts';
import type { BrandTokenContext, GiveContext } from './context.ts';
import type { BrandTokenService, TokenMoves } from './types.ts';

interface TransferRow {
  recipient: string;
  amount: string;
  destination: 'ledger' | 'held' | 'chain';
  tx_hash: string | null;
  from_user: string;
}

/** A customer's move of their tokens: a transfer to someone else or a claim to their wallet. */
export function tokenMoves(ctx: GiveContext): TokenMoves {
  const {
    deps,
    activeToken,
    requireChain,
    mailReceived,
    verifiedRecipients,
    recordMints,
    claimHolds,
  } = ctx;
  const { db, ledger } = deps;

  async function transferOutcome(
    requestId: string,
  ): Promise<(GiveOutcome & { from: string }) | undefined> {
    const [row] = await db.query<TransferRow>(
      `SELECT tr.recipient, tr.amount::text, tr.destination, s.tx_hash, tr.from_user::text
       FROM brand_token_transfers tr LEFT JOIN brand_token_sends s ON s.id = tr.send_id
       WHERE tr.request_id = $1`,
      [requestId],
    );
    if (!row) return undefined;
    return {
      recipient: row.recipient,
      amount: whole(row.amount),
      destination: row.destination === 'chain' ? 'chain' : 'ledger',
      tx_hash: row.tx_hash,
      from: row.from_user,
    };
  }

  async function move(
    user: { id: string; email: string; name: string },
    tokenId: string,
    input: { recipient: string; amount: number; requestId: string; claim: boolean },
    language: Language = 'en',
  ): Promise<GiveOutcome> {
    const token = await activeToken(tokenId);
    const replay = async () => {
      const done = await transferOutcome(input.requestId);
      if (!done) return undefined;
      if (done.from !== user.id) {
        throw new DomainError(409, 'brandTokens.errors.requestId', {
          fields: { request_id: 'brandTokens.errors.requestId' },
        });
      }
      const { from: _from, ...outcome } = done;
      return outcome;
    };
    const earlier = await replay();
    if (earlier) return earlier;

    const wallet = isWalletAddress(input.recipient);
    const recipient = wallet ? getAddress(input.recipient) : input.recipient.toLowerCase();
    if (!wallet && recipient === user.email.toLowerCase()) {
      throw new DomainError(400, 'brandTokens.errors.selfTransfer', {
        fields: { recipient: 'brandTokens.errors.selfTransfer' },
      });
    }
    if (wallet) requireChain();
    await claimHolds(user.id);
    const amount = baseUnits(input.amount);
    const accounts = tokenAccounts(token.id);

    let mailTo: { email: string; language: Language; hasAccount: boolean } | undefined;
    const outcome = await db.transaction(async (t) => {
      await lockKey(db, `bt-request:${input.requestId}`, t);
      const again = await transferOutcome(input.requestId);
      if (again) return undefined;
      const from = await ledger.ensureUserAccount(user.id, { asset: token.id, transaction: t });
      let destination: 'ledger' | 'held' | 'chain';
      let to: string;
      let toUser: string | null = null;
      let sendId: string | null = null;
      if (wallet) {
        destination = 'chain';
        to = accounts.minting;
        [sendId] = (await recordMints(token, [{ to: recipient, amount }], from, t)) as [string];
      } else {
        const found = (await verifiedRecipients([recipient], t)).get(recipient);
        if (found) {
          destination = 'ledger';
          toUser = found.userId;
          to = await ledger.ensureUserAccount(found.userId, { asset: token.id, transaction: t });
          mailTo = { email: found.email, language: found.language, hasAccount: true };
        } else {
          destination = 'held';
          to = accounts.held;
          mailTo = { email: recipient, language, hasAccount: false };
          await db.query(
            `INSERT INTO brand_token_holds (token_id, email, amount, sender) VALUES ($1, $2, $3, $4)`,
            [token.id, recipient, amount.toString(), user.email.toLowerCase()],
            { transaction: t },
          );
        }
      }
      const [transfer] = await db.query<{ id: string }>(
        `INSERT INTO brand_token_transfers (token_id, request_id, from_user, destination, is_claim,
           recipient, to_user, amount, send_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          token.id,
          input.requestId,
          user.id,
          destination,
          input.claim,
          recipient,
          toUser,
          amount.toString(),
          sendId,
        ],
        { transaction: t },
      );
      try {
        await ledger.post(
          {
            idempotencyKey: `bt-transfer:${transfer?.id}`,
            entries: [
              { account: from, amount: -amount },
              { account: to, amount },
            ],
            metadata: {
              kind: input.claim ? 'bt-claim' : 'bt-transfer',
              tokenId: token.id,
              from: user.email.toLowerCase(),
              to: recipient,
              ...(sendId ? { sendId } : {}),
            },
          },
          { transaction: t },
        );
      } catch (error) {
        if (error instanceof InsufficientBalanceError) {
          throw new DomainError(409, 'brandTokens.errors.insufficient', {
            fields: { amount: 'brandTokens.errors.insufficient' },
          });
        }
        throw error;
      }
      const result: GiveOutcome = {
        recipient,
        amount: input.amount,
        destination: destination === 'chain' ? 'chain' : 'ledger',
        tx_hash: null,
      };
      return result;
    });
    if (!outcome) return (await replay()) as GiveOutcome;
    if (mailTo) mailReceived([{ ...mailTo, amount: input.amount }], token, user.name);
    return outcome;
  }

  return { transferOutcome, move };
}

/** The customer sends tokens to someone else, or claims them to their wallet. */
export function transferOperations(
  ctx: BrandTokenContext,
): Pick<BrandTokenService, 'transfer' | 'claim'> {
  const { deps, move } = ctx;
  const { db } = deps;

  return {
    transfer(
      user: { id: string; email: string; name: string },
      tokenId: string,
      input: { recipient: string; amount: number; request_id: string },
      language: Language = 'en',
    ) {
      return move(
        user,
        tokenId,
        {
          recipient: input.recipient,
          amount: input.amount,
          requestId: input.request_id,
          claim: false,
        },
        language,
      );
    },

    async claim(
      user: { id: string; email: string; name: string },
      tokenId: string,
      input: { amount: number; request_id: string },
    ) {
      const [row] = await db.query<{ wallet_address: string | null; verified: boolean }>(
        'SELECT wallet_address, wallet_verified_at IS NOT NULL AS verified FROM users WHERE id = $1',
        [user.id],
      );
      if (!row?.wallet_address) throw new DomainError(409, 'brandTokens.errors.noWallet');
      // Tokens leave only for a wallet the user proved to hold (decision 042).
      if (!row.verified) throw new DomainError(409, 'wallet.errors.walletNotVerified');
      return move(user, tokenId, {
        recipient: row.wallet_address,
        amount: input.amount,
        requestId: input.request_id,
        claim: true,
      });
    },
  };
}

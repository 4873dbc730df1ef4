import { isWalletAddress } from '@brnd/contracts/domain/brand-tokens';
import { getAddress } from 'ethers';
import { type Transaction } from 'sequelize';
import type { Language } from '../../db/models.ts';
import { tokenAccounts } from './accounts.ts';
import type { CsvGiveRow, CsvLineError } from './csv.ts';
import { effectivePlan } from './plans.ts';
import { DomainError } from '../errors.ts';
import { InsufficientBalanceError, userAccount, type LedgerEntry } from '../ledger.ts';
import { formatMessage, localeOf } from '../messages.ts';
import {
  type BrandRow,
  type TokenRow,
  type AccountOf,
  type GiveOutcome,
  type BulkOutcome,
  BULK_PREVIEW_ROWS,
  whole,
  baseUnits,
  lockKey,
} from './rows.ts';
import type { BrandTokenContext, UsageContext } from './context.ts';
import type { BrandTokenService, GiveRows, PreparedGive } from './types.ts';

/** Giving rows of tokens in one transaction: the ledger posting, holds, mint sends and mails. */
export function giveRows(ctx: UsageContext): GiveRows {
  const { deps, mailReceived, verifiedRecipients, recordMints, addVolume } = ctx;
  const { db, ledger } = deps;

  /**
   * Gives every row in the caller's transaction, all or nothing: daily volume first (the plan),
   * then one ledger posting from the token's unissued supply (the cap), holds for e-mails without
   * a verified account, mint sends for wallets.
   */
  async function applyGives(
    token: TokenRow,
    brand: BrandRow,
    givenBy: string,
    rows: { line: number | null; recipient: string; amount: number }[],
    request: { requestId: string; bulk: boolean },
    t: Transaction,
  ): Promise<PreparedGive[]> {
    const { plan } = await effectivePlan(brand, deps);
    const total = rows.reduce((sum, row) => sum + row.amount, 0);
    await addVolume(brand.id, plan, total, t);

    const emails = [
      ...new Set(rows.filter((row) => !isWalletAddress(row.recipient)).map((r) => r.recipient)),
    ];
    const users = await verifiedRecipients(emails, t);
    const accounts = tokenAccounts(token.id);
    const userIds = [...new Set([...users.values()].map((user) => user.userId))];
    await ledger.ensureUserAccounts(userIds, { asset: token.id, transaction: t });

    const prepared: PreparedGive[] = rows.map((row) => {
      const wallet = isWalletAddress(row.recipient);
      const user = wallet ? undefined : users.get(row.recipient);
      return {
        line: row.line,
        recipient: wallet ? getAddress(row.recipient) : row.recipient,
        amount: row.amount,
        destination: wallet ? 'chain' : user ? 'ledger' : 'held',
        userId: user?.userId ?? null,
        sendId: null,
      };
    });
    const chainRows = prepared.filter((give) => give.destination === 'chain');
    const sendIds = await recordMints(
      token,
      chainRows.map((give) => ({ to: give.recipient, amount: baseUnits(give.amount) })),
      accounts.unissued,
      t,
    );
    chainRows.forEach((give, index) => {
      give.sendId = sendIds[index] ?? null;
    });

    const credits = new Map<string, bigint>();
    const credit = (account: string, amount: bigint) =>
      credits.set(account, (credits.get(account) ?? 0n) + amount);
    for (const give of prepared) {
      const amount = baseUnits(give.amount);
      if (give.destination === 'ledger')
        credit(userAccount(give.userId as string, token.id), amount);
      else if (give.destination === 'held') credit(accounts.held, amount);
      else credit(accounts.minting, amount);
    }
    const entries: LedgerEntry[] = [
      { account: accounts.unissued, amount: -baseUnits(total) },
      ...[...credits].map(([account, amount]) => ({ account, amount })),
    ];
    try {
      await ledger.post(
        {
          idempotencyKey: `bt-give:${request.requestId}`,
          entries,
          metadata: {
            kind: 'bt-give',
            tokenId: token.id,
            counterparty: brand.name,
            rows: rows.length,
            ...(request.bulk ? { batchId: request.requestId } : {}),
          },
        },
        { transaction: t },
      );
    } catch (error) {
      if (error instanceof InsufficientBalanceError) {
        throw new DomainError(409, 'brandTokens.errors.capReached', {
          values: { cap: whole(token.cap) },
        });
      }
      throw error;
    }

    const held = prepared.filter((give) => give.destination === 'held');
    if (held.length > 0) {
      await db.query(
        `INSERT INTO brand_token_holds (token_id, email, amount, sender)
         SELECT $1, h.email, h.amount::numeric, $4 FROM unnest($2::text[], $3::text[]) AS h(email, amount)`,
        [
          token.id,
          held.map((give) => give.recipient),
          held.map((give) => baseUnits(give.amount).toString()),
          brand.name,
        ],
        { transaction: t },
      );
    }
    await db.query(
      `INSERT INTO brand_token_gives (token_id, request_id, batch_id, line, recipient, user_id,
         amount, destination, send_id, given_by)
       SELECT $1, $2, $3, g.line, g.recipient, g.user_id, g.amount::numeric, g.destination,
         g.send_id, $10
       FROM unnest($4::int[], $5::text[], $6::uuid[], $7::text[], $8::text[], $9::uuid[])
         AS g(line, recipient, user_id, amount, destination, send_id)`,
      [
        token.id,
        request.bulk ? null : request.requestId,
        request.bulk ? request.requestId : null,
        prepared.map((give) => give.line),
        prepared.map((give) => give.recipient),
        prepared.map((give) => give.userId),
        prepared.map((give) => baseUnits(give.amount).toString()),
        prepared.map((give) => give.destination),
        prepared.map((give) => give.sendId),
        givenBy,
      ],
      { transaction: t },
    );
    return prepared;
  }

  /** `language`: the page the brand gave from, for recipients who have no account yet. */
  function mailGives(
    token: TokenRow,
    brand: BrandRow,
    gives: PreparedGive[],
    accounts: Map<string, AccountOf>,
    language: Language,
  ) {
    const totals = new Map<string, number>();
    for (const give of gives) {
      if (give.destination === 'chain') continue;
      totals.set(give.recipient, (totals.get(give.recipient) ?? 0) + give.amount);
    }
    mailReceived(
      [...totals].map(([email, amount]) => {
        const account = accounts.get(email);
        return {
          email,
          amount,
          language: account?.language ?? language,
          hasAccount: account?.verified ?? false,
        };
      }),
      token,
      brand.name,
    );
  }

  /** The accounts among `emails`: their language, and whether given tokens reach them at once. */
  async function accountsOf(emails: string[]): Promise<Map<string, AccountOf>> {
    if (emails.length === 0) return new Map();
    const rows = await db.query<{ email: string; language: Language; verified: boolean }>(
      `SELECT lower(email) AS email, language, email_verified_at IS NOT NULL AS verified
       FROM users WHERE lower(email) = ANY($1::text[])`,
      [emails],
    );
    return new Map(rows.map((row) => [row.email, row]));
  }

  async function giveOutcome(requestId: string): Promise<GiveOutcome | undefined> {
    const [row] = await db.query<{
      recipient: string;
      amount: string;
      destination: string;
      tx_hash: string | null;
    }>(
      `SELECT g.recipient, g.amount::text, g.destination, s.tx_hash
       FROM brand_token_gives g LEFT JOIN brand_token_sends s ON s.id = g.send_id
       WHERE g.request_id = $1`,
      [requestId],
    );
    if (!row) return undefined;
    return {
      recipient: row.recipient,
      amount: whole(row.amount),
      destination: row.destination === 'chain' ? 'chain' : 'ledger',
      tx_hash: row.tx_hash,
    };
  }

  /** A request id names one action: reused for another one, it is refused. */
  async function requireOwnRequest(
    table: 'brand_token_gives' | 'brand_token_batches' | 'brand_token_transfers',
    requestId: string,
    check: { column: string; value: string },
    transaction?: Transaction,
  ): Promise<boolean> {
    const idColumn = table === 'brand_token_batches' ? 'id' : 'request_id';
    const [row] = await db.query<{ owner: string }>(
      `SELECT ${check.column}::text AS owner FROM ${table} WHERE ${idColumn} = $1`,
      [requestId],
      transaction ? { transaction } : {},
    );
    if (!row) return false;
    if (row.owner !== check.value) {
      throw new DomainError(409, 'brandTokens.errors.requestId', {
        fields: { request_id: 'brandTokens.errors.requestId' },
      });
    }
    return true;
  }

  function lineText(language: Language, error: CsvLineError): string {
    return formatMessage(localeOf(language), error.messageId, {
      line: error.line,
      ...error.values,
    });
  }

  return { applyGives, mailGives, accountsOf, giveOutcome, requireOwnRequest, lineText };
}

/** Giving tokens: to one recipient, or to the rows of a CSV (previewed, then applied). */
export function giveOperations(
  ctx: BrandTokenContext,
): Pick<BrandTokenService, 'give' | 'bulkGive'> {
  const {
    deps,
    consoleToken,
    requireChain,
    applyGives,
    mailGives,
    accountsOf,
    giveOutcome,
    requireOwnRequest,
    lineText,
  } = ctx;
  const { db } = deps;

  return {
    async give(
      userId: string,
      tokenId: string,
      input: { recipient: string; amount: number; request_id: string },
      language: Language = 'en',
    ): Promise<GiveOutcome> {
      const { token, brand } = await consoleToken(userId, tokenId);
      const check = { column: 'token_id', value: token.id };
      if (await requireOwnRequest('brand_token_gives', input.request_id, check)) {
        return (await giveOutcome(input.request_id)) as GiveOutcome;
      }
      if (isWalletAddress(input.recipient)) requireChain();
      const gives = await db.transaction(async (t) => {
        await lockKey(db, `bt-request:${input.request_id}`, t);
        if (await requireOwnRequest('brand_token_gives', input.request_id, check, t)) return [];
        return applyGives(
          token,
          brand,
          userId,
          [{ line: null, recipient: input.recipient, amount: input.amount }],
          { requestId: input.request_id, bulk: false },
          t,
        );
      });
      mailGives(
        token,
        brand,
        gives,
        await accountsOf(gives.map((give) => give.recipient)),
        language,
      );
      return (await giveOutcome(input.request_id)) as GiveOutcome;
    },

    /** Preview (`apply` false) or apply a parsed CSV; bad rows apply nothing (422). */
    async bulkGive(
      userId: string,
      tokenId: string,
      parsed: { rows: CsvGiveRow[]; errors: CsvLineError[] },
      input: { apply: boolean; request_id: string; language: Language },
    ): Promise<BulkOutcome> {
      const { token, brand } = await consoleToken(userId, tokenId);
      const check = { column: 'token_id', value: token.id };
      const stored = async (): Promise<BulkOutcome> => {
        const [batch] = await db.query<{ rows: number; total: string }>(
          'SELECT rows, total::text FROM brand_token_batches WHERE id = $1',
          [input.request_id],
        );
        const preview = await db.query<{ line: number; recipient: string; amount: string }>(
          `SELECT line, recipient, amount::text FROM brand_token_gives
           WHERE batch_id = $1 ORDER BY line LIMIT ${BULK_PREVIEW_ROWS}`,
          [input.request_id],
        );
        return {
          applied: true,
          rows: batch?.rows ?? 0,
          total: whole(batch?.total ?? '0'),
          preview: preview.map((row) => ({ ...row, amount: whole(row.amount) })),
          errors: [],
        };
      };
      if (
        input.apply &&
        (await requireOwnRequest('brand_token_batches', input.request_id, check))
      ) {
        return stored();
      }
      const total = parsed.rows.reduce((sum, row) => sum + row.amount, 0);
      const answer: BulkOutcome = {
        applied: false,
        rows: parsed.rows.length,
        total,
        preview: parsed.rows.slice(0, BULK_PREVIEW_ROWS).map(({ line, recipient, amount }) => ({
          line,
          recipient,
          amount,
        })),
        errors: parsed.errors.map((error) => ({
          line: error.line,
          messageId: error.messageId,
          text: lineText(input.language, error),
        })),
      };
      if (!input.apply) return answer;
      if (parsed.errors.length > 0) {
        throw new DomainError(422, 'brandTokens.errors.csvInvalid', {
          values: { count: parsed.errors.length },
          fields: Object.fromEntries(
            parsed.errors.map((error) => [String(error.line), error.messageId]),
          ),
        });
      }
      if (parsed.rows.some((row) => isWalletAddress(row.recipient))) requireChain();
      const gives = await db.transaction(async (t) => {
        await lockKey(db, `bt-request:${input.request_id}`, t);
        if (await requireOwnRequest('brand_token_batches', input.request_id, check, t)) return [];
        await db.query(
          `INSERT INTO brand_token_batches (id, token_id, given_by, rows, total)
           VALUES ($1, $2, $3, $4, $5)`,
          [input.request_id, token.id, userId, parsed.rows.length, baseUnits(total).toString()],
          { transaction: t },
        );
        return applyGives(
          token,
          brand,
          userId,
          parsed.rows,
          { requestId: input.request_id, bulk: true },
          t,
        );
      });
      mailGives(
        token,
        brand,
        gives,
        await accountsOf(gives.map((give) => give.recipient)),
        input.language,
      );
      return stored();
    },
  };
}

import type {
  BrandToken,
  Holding,
  Offer,
  PlanUsage,
  Redemption,
} from '@brnd/contracts/api/brand-tokens';
import type { TOKEN_MOVE_KINDS } from '@brnd/contracts/api/brand-tokens';
import { connectContract } from '@brnd/contracts/chain/connect';
import { BrandToken as BrandTokenArtifact } from '@brnd/contracts/chain/generated/index';
import {
  BRAND_TOKEN_CHART_DAYS,
  REDEMPTION_CODE_ALPHABET,
  REDEMPTION_CODE_LENGTH,
  isWalletAddress,
} from '@brnd/contracts/domain/brand-tokens';
import { PLAN_LIMITS, type PlanId, type PlanLimit } from '@brnd/contracts/domain/plans';
import type { VerificationStatus } from '@brnd/contracts/domain/verification';
import { getAddress } from 'ethers';
import { randomInt, randomUUID } from 'node:crypto';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import type { PlatformChain } from '../../chain/platform-chain.ts';
import type { Database } from '../../db/database.ts';
import type { Language } from '../../db/models.ts';
import type { Logger } from '../../logger.ts';
import { openTokenAccounts, tokenAccounts } from './accounts.ts';
import type { CsvGiveRow, CsvLineError } from './csv.ts';
import { effectivePlan, limitOf, requireWithin, type PlanBrand } from './plans.ts';
import { DomainError } from '../errors.ts';
import {
  InsufficientBalanceError,
  ONE_TOKEN,
  toTokenNumber,
  userAccount,
  type Ledger,
  type LedgerEntry,
} from '../ledger.ts';
import { formatMessage, localeOf } from '../messages.ts';
import type { Notifications } from '../notifications.ts';

/**
 * Token-as-a-service (issue #8, decision 015): the brand console (issue, give, bulk give, offers,
 * code checks) and the customer's side (holdings, history, transfer, claim, redeem). Every move
 * is one `ledger.post` in the same database transaction as its records; chain work is a
 * `brand_token_sends` row whose job is queued in that transaction too.
 */

/** Queues chain sends inside the caller's transaction (pg-boss jobs commit with the rows). */
export interface SendQueue {
  enqueue(sendIds: string[], transaction: Transaction): Promise<void>;
}

export interface BrandTokenDeps {
  db: Database;
  ledger: Ledger;
  logger: Logger;
  /** Tells recipients of given tokens (services/notifications.ts). */
  notifications: Notifications;
  /** The chain tokens live on; unset: issuing and minting answer 503. */
  chain: PlatformChain | undefined;
  /** Where chain sends are queued; unset with `chain`: the same 503. */
  queue: SendQueue | undefined;
  runInBackground(name: string, work: () => Promise<void>): void;
}

interface BrandRow extends PlanBrand {
  name: string;
  owner_id: string | null;
  verification_status: VerificationStatus;
}

interface TokenRow {
  id: string;
  brand_id: string;
  brand_name: string;
  name: string;
  ticker: string;
  cap: string;
  address: string | null;
  status: BrandToken['status'];
  request_id: string;
  created_at: Date;
}

interface OfferRow {
  id: string;
  token_id: string;
  ticker: string;
  brand_name: string;
  title: string;
  description: string;
  price: string;
  active: boolean;
}

interface RedemptionRow extends OfferRow {
  redemption_id: string;
  code: string;
  used_at: Date | null;
  redeemed_at: Date;
}

interface AccountOf {
  language: Language;
  /** Tokens given to a confirmed address are credited at once; others wait in a hold. */
  verified: boolean;
}

interface Recipient {
  userId: string;
  email: string;
  name: string;
  language: Language;
}

export interface GiveOutcome {
  recipient: string;
  amount: number;
  destination: 'ledger' | 'chain';
  tx_hash: string | null;
}

export interface BulkOutcome {
  applied: boolean;
  rows: number;
  total: number;
  preview: { line: number; recipient: string; amount: number }[];
  errors: { line: number; messageId: string; text: string }[];
}

/** How many rows of a CSV the preview table shows. */
export const BULK_PREVIEW_ROWS = 20;
const REDEMPTION_COLUMNS = `r.id AS redemption_id, r.code, r.used_at, r.created_at AS redeemed_at,
  o.id, o.token_id, t.ticker, b.name AS brand_name, o.title, o.description, o.price::text, o.active`;
const TOKEN_COLUMNS = `t.id, t.brand_id::text, b.name AS brand_name, t.name, t.ticker, t.cap::text,
  t.address, t.status, t.request_id, t.created_at`;

const whole = (baseUnits: string | bigint) => toTokenNumber(BigInt(baseUnits));
const baseUnits = (tokens: number) => BigInt(tokens) * ONE_TOKEN;

function toToken(row: TokenRow): BrandToken {
  return {
    id: row.id,
    brand_id: Number(row.brand_id),
    brand_name: row.brand_name,
    name: row.name,
    ticker: row.ticker,
    cap: whole(row.cap),
    address: row.address,
    status: row.status,
    request_id: row.request_id,
    created_at: row.created_at.toISOString(),
  };
}

function toOffer(row: OfferRow): Offer {
  return {
    id: row.id,
    token_id: row.token_id,
    ticker: row.ticker,
    brand_name: row.brand_name,
    title: row.title,
    description: row.description,
    price: whole(row.price),
    active: row.active,
  };
}

function toRedemption(row: RedemptionRow): Redemption {
  return {
    id: row.redemption_id,
    offer: toOffer(row),
    code: row.code,
    used_at: row.used_at ? row.used_at.toISOString() : null,
    created_at: row.redeemed_at.toISOString(),
  };
}

export function randomRedemptionCode(): string {
  let code = '';
  for (let index = 0; index < REDEMPTION_CODE_LENGTH; index += 1) {
    code += REDEMPTION_CODE_ALPHABET[randomInt(REDEMPTION_CODE_ALPHABET.length)];
  }
  return code;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (!(error instanceof UniqueConstraintError)) return false;
  return (error.original as { constraint?: string } | undefined)?.constraint === constraint;
}

/** Serialises work on one key (a brand, a request id) until the transaction ends. */
async function lockKey(db: Database, key: string, transaction: Transaction): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 7251060))', [key], {
    transaction,
  });
}

const chainUnavailable = () => new DomainError(503, 'brandTokens.errors.chainUnavailable');
const notFound = () => new DomainError(404, 'errors.notFound');

export function createBrandTokenService(deps: BrandTokenDeps) {
  const { db, ledger, logger } = deps;

  /* ---- access ---- */

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

  /* ---- mail ---- */

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

  /* ---- plans ---- */

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
            WHERE brand_id = $1 AND day = (now() AT TIME ZONE 'Europe/Warsaw')::date) AS volume,
         (SELECT count(*) FROM brand_token_offers o JOIN brand_tokens t ON t.id = o.token_id
            WHERE t.brand_id = $1 AND o.active)::text AS deals`,
      [brand.id],
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
   * Adds today's (Warsaw) volume for the brand in one statement that refuses to pass the limit:
   * racing gives queue on the counter row, and the one that would cross it gets no row back.
   */
  async function addVolume(brandId: number, plan: PlanId, tokens: number, t: Transaction) {
    const limit = limitOf('dailyVolume', plan);
    if (limit !== null && tokens > limit) requireWithin('dailyVolume', plan, tokens);
    const rows = await db.query<{ tokens: string }>(
      `INSERT INTO brand_daily_volume AS v (brand_id, day, tokens)
       VALUES ($1, (now() AT TIME ZONE 'Europe/Warsaw')::date, $2)
       ON CONFLICT (brand_id, day) DO UPDATE SET tokens = v.tokens + EXCLUDED.tokens
         WHERE $3::bigint IS NULL OR v.tokens + EXCLUDED.tokens <= $3::bigint
       RETURNING tokens::text`,
      [brandId, tokens, limit],
      { transaction: t },
    );
    if (rows.length === 0) {
      const [today] = await db.query<{ tokens: string }>(
        `SELECT tokens::text FROM brand_daily_volume
         WHERE brand_id = $1 AND day = (now() AT TIME ZONE 'Europe/Warsaw')::date`,
        [brandId],
        { transaction: t },
      );
      requireWithin('dailyVolume', plan, Number(today?.tokens ?? 0) + tokens);
      throw new Error('the daily volume refused a give within its limit');
    }
  }

  /* ---- holds: tokens waiting for an e-mail's verified account ---- */

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

  /* ---- gives ---- */

  interface PreparedGive {
    line: number | null;
    recipient: string;
    amount: number;
    destination: 'ledger' | 'held' | 'chain';
    userId: string | null;
    sendId: string | null;
  }

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

  /* ---- customer moves ---- */

  interface TransferRow {
    recipient: string;
    amount: string;
    destination: 'ledger' | 'held' | 'chain';
    tx_hash: string | null;
    from_user: string;
  }

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

  /* ---- the customer's holdings ---- */

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

  return {
    claimHolds,

    async console(userId: string, brandId: number) {
      const brand = await ownBrand(userId, brandId);
      const tokens = await db.query<TokenRow>(
        `SELECT ${TOKEN_COLUMNS} FROM brand_tokens t JOIN brands b ON b.id = t.brand_id
         WHERE t.brand_id = $1 ORDER BY t.created_at, t.id`,
        [brand.id],
      );
      const stats = await Promise.all(tokens.map((token) => tokenStats(token)));
      const offers = await db.query<OfferRow>(
        `SELECT o.id, o.token_id, t.ticker, b.name AS brand_name, o.title, o.description,
           o.price::text, o.active
         FROM brand_token_offers o JOIN brand_tokens t ON t.id = o.token_id
           JOIN brands b ON b.id = t.brand_id
         WHERE t.brand_id = $1 ORDER BY o.created_at DESC, o.id`,
        [brand.id],
      );
      return {
        brand: { id: brand.id, name: brand.name, verification_status: brand.verification_status },
        plan: await planUsage(brand),
        tokens: tokens.map(toToken),
        stats,
        offers: offers.map(toOffer),
      };
    },

    async issue(
      userId: string,
      brandId: number,
      input: { name: string; ticker: string; cap: number; request_id: string },
    ): Promise<BrandToken> {
      const brand = await verifiedBrand(userId, brandId);
      const { chain, queue } = requireChain();
      const { plan } = await effectivePlan(brand, deps);
      try {
        const tokenId = await db.transaction(async (t) => {
          await lockKey(db, `bt-brand:${brand.id}`, t);
          const [earlier] = await db.query<{ id: string; brand_id: string; status: string }>(
            'SELECT id, brand_id::text, status FROM brand_tokens WHERE request_id = $1',
            [input.request_id],
            { transaction: t },
          );
          if (earlier) {
            if (Number(earlier.brand_id) !== brand.id) {
              throw new DomainError(409, 'brandTokens.errors.requestId', {
                fields: { request_id: 'brandTokens.errors.requestId' },
              });
            }
            // The same request after a failed deployment: deploy that token again.
            if (earlier.status === 'failed') await redeploy(earlier.id, t);
            return earlier.id;
          }
          const [counted] = await db.query<{ count: string }>(
            `SELECT count(*)::text AS count FROM brand_tokens
             WHERE brand_id = $1 AND status <> 'failed'`,
            [brand.id],
            { transaction: t },
          );
          requireWithin('tokens', plan, Number(counted?.count ?? 0) + 1);
          requireWithin('maxSupply', plan, input.cap);
          const [taken] = await db.query(
            `SELECT 1 FROM brand_tokens WHERE upper(ticker) = upper($1) AND status <> 'failed'`,
            [input.ticker],
            { transaction: t },
          );
          if (taken) throw tickerTaken();
          const cap = baseUnits(input.cap);
          const [token] = await db.query<{ id: string }>(
            `INSERT INTO brand_tokens (brand_id, name, ticker, cap, chain_id, request_id, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            [
              brand.id,
              input.name,
              input.ticker,
              cap.toString(),
              chain.chainId,
              input.request_id,
              userId,
            ],
            { transaction: t },
          );
          if (!token) throw new Error('the token was not recorded');
          await openTokenAccounts(ledger, token.id, cap, t);
          const [send] = await db.query<{ id: string }>(
            `INSERT INTO brand_token_sends (token_id, kind, chain_id) VALUES ($1, 'deploy', $2)
             RETURNING id`,
            [token.id, chain.chainId],
            { transaction: t },
          );
          await queue.enqueue([send?.id as string], t);
          return token.id;
        });
        return toToken(await loadToken(tokenId));
      } catch (error) {
        if (isUniqueViolation(error, 'brand_tokens_live_ticker_key')) throw tickerTaken();
        if (isUniqueViolation(error, 'brand_tokens_request_id_key')) {
          const [row] = await db.query<{ id: string }>(
            'SELECT id FROM brand_tokens WHERE request_id = $1 AND brand_id = $2',
            [input.request_id, brand.id],
          );
          if (row) return toToken(await loadToken(row.id));
        }
        throw error;
      }
    },

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

    async createOffer(
      userId: string,
      tokenId: string,
      input: { title: string; description: string; price: number },
    ): Promise<Offer> {
      const { token, brand } = await consoleToken(userId, tokenId);
      const { plan } = await effectivePlan(brand, deps);
      const id = await db.transaction(async (t) => {
        await lockKey(db, `bt-brand:${brand.id}`, t);
        const [counted] = await db.query<{ count: string }>(
          `SELECT count(*)::text AS count FROM brand_token_offers o
             JOIN brand_tokens t ON t.id = o.token_id
           WHERE t.brand_id = $1 AND o.active`,
          [brand.id],
          { transaction: t },
        );
        requireWithin('deals', plan, Number(counted?.count ?? 0) + 1);
        const [offer] = await db.query<{ id: string }>(
          `INSERT INTO brand_token_offers (token_id, title, description, price)
           VALUES ($1, $2, $3, $4) RETURNING id`,
          [token.id, input.title, input.description, baseUnits(input.price).toString()],
          { transaction: t },
        );
        return offer?.id as string;
      });
      return toOffer({
        id,
        token_id: token.id,
        ticker: token.ticker,
        brand_name: token.brand_name,
        title: input.title,
        description: input.description,
        price: baseUnits(input.price).toString(),
        active: true,
      });
    },

    async checkCode(userId: string, brandId: number, code: string) {
      const brand = await verifiedBrand(userId, brandId);
      const [accepted] = await db.query<{ id: string }>(
        `UPDATE brand_token_redemptions r SET used_at = now()
         FROM brand_token_offers o, brand_tokens t
         WHERE r.code = $1 AND o.id = r.offer_id AND t.id = o.token_id AND t.brand_id = $2
           AND r.used_at IS NULL
         RETURNING r.id`,
        [code, brand.id],
      );
      const [row] = await db.query<RedemptionRow & { brand_id: string }>(
        `SELECT ${REDEMPTION_COLUMNS}, t.brand_id::text
         FROM brand_token_redemptions r JOIN brand_token_offers o ON o.id = r.offer_id
           JOIN brand_tokens t ON t.id = o.token_id JOIN brands b ON b.id = t.brand_id
         WHERE r.code = $1`,
        [code],
      );
      if (!row || Number(row.brand_id) !== brand.id) {
        throw new DomainError(404, 'brandTokens.errors.unknownCode', {
          fields: { code: 'brandTokens.errors.unknownCode' },
        });
      }
      return {
        result: accepted ? ('accepted' as const) : ('used' as const),
        redemption: toRedemption(row),
      };
    },

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
        `SELECT o.id, o.token_id, t.ticker, b.name AS brand_name, o.title, o.description,
           o.price::text, o.active
         FROM brand_token_offers o JOIN brand_tokens t ON t.id = o.token_id
           JOIN brands b ON b.id = t.brand_id
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

    async redeem(userId: string, offerId: string, requestId: string): Promise<Redemption> {
      const [offer] = await db.query<OfferRow>(
        `SELECT o.id, o.token_id, t.ticker, b.name AS brand_name, o.title, o.description,
           o.price::text, o.active
         FROM brand_token_offers o JOIN brand_tokens t ON t.id = o.token_id
           JOIN brands b ON b.id = t.brand_id
         WHERE o.id = $1`,
        [offerId],
      );
      if (!offer) throw notFound();
      const load = async (transaction?: Transaction) => {
        const [row] = await db.query<RedemptionRow & { user_id: string }>(
          `SELECT ${REDEMPTION_COLUMNS}, r.user_id::text
           FROM brand_token_redemptions r JOIN brand_token_offers o ON o.id = r.offer_id
             JOIN brand_tokens t ON t.id = o.token_id JOIN brands b ON b.id = t.brand_id
           WHERE r.request_id = $1`,
          [requestId],
          transaction ? { transaction } : {},
        );
        if (row && (row.user_id !== userId || row.id !== offerId)) {
          throw new DomainError(409, 'brandTokens.errors.requestId', {
            fields: { request_id: 'brandTokens.errors.requestId' },
          });
        }
        return row;
      };
      const earlier = await load();
      if (earlier) return toRedemption(earlier);
      if (!offer.active) throw new DomainError(409, 'brandTokens.errors.offerInactive');
      await claimHolds(userId);
      await db.transaction(async (t) => {
        await lockKey(db, `bt-request:${requestId}`, t);
        if (await load(t)) return;
        const account = await ledger.ensureUserAccount(userId, {
          asset: offer.token_id,
          transaction: t,
        });
        // 31^10 codes: a collision is all but impossible, and the unique index still refuses one.
        let code = randomRedemptionCode();
        for (;;) {
          const [taken] = await db.query(
            'SELECT 1 FROM brand_token_redemptions WHERE code = $1',
            [code],
            { transaction: t },
          );
          if (!taken) break;
          code = randomRedemptionCode();
        }
        const id = randomUUID();
        await db.query(
          `INSERT INTO brand_token_redemptions (id, offer_id, user_id, request_id, code, amount)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [id, offer.id, userId, requestId, code, offer.price],
          { transaction: t },
        );
        const price = BigInt(offer.price);
        try {
          await ledger.post(
            {
              idempotencyKey: `bt-redeem:${id}`,
              entries: [
                { account, amount: -price },
                { account: tokenAccounts(offer.token_id).redeemed, amount: price },
              ],
              metadata: {
                kind: 'bt-redeem',
                tokenId: offer.token_id,
                offerId: offer.id,
                redemptionId: id,
              },
            },
            { transaction: t },
          );
        } catch (error) {
          if (error instanceof InsufficientBalanceError) {
            throw new DomainError(409, 'brandTokens.errors.insufficient');
          }
          throw error;
        }
      });
      return toRedemption((await load()) as RedemptionRow);
    },
  };

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
         SELECT (generate_series(0, $2 - 1) * -1 + (now() AT TIME ZONE 'Europe/Warsaw')::date)::date AS day
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
         coalesce((SELECT sum(amount) FROM brand_token_gives g WHERE g.token_id = $1
           AND (g.created_at AT TIME ZONE 'Europe/Warsaw')::date = d.day), 0)::text AS given,
         coalesce((SELECT sum(r.amount) FROM brand_token_redemptions r
           JOIN brand_token_offers o ON o.id = r.offer_id WHERE o.token_id = $1
           AND (r.created_at AT TIME ZONE 'Europe/Warsaw')::date = d.day), 0)::text AS redeemed,
         coalesce((SELECT sum(amount) FROM brand_token_transfers tr WHERE tr.token_id = $1
           AND (tr.created_at AT TIME ZONE 'Europe/Warsaw')::date = d.day), 0)::text AS transferred
       FROM days d ORDER BY d.day`,
      [token.id, BRAND_TOKEN_CHART_DAYS],
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
}

function tickerTaken() {
  return new DomainError(409, 'brandTokens.errors.tickerTaken', {
    fields: { ticker: 'brandTokens.errors.tickerTaken' },
  });
}

type MoveKind = (typeof TOKEN_MOVE_KINDS)[number];

/** How a ledger entry on the customer's account reads in their history. */
function moveKind(kind: string | undefined, amount: bigint): MoveKind {
  switch (kind) {
    case 'bt-claim':
      return 'claimed';
    case 'bt-redeem':
      return 'redeemed';
    case 'bt-transfer':
      return amount < 0n ? 'sent' : 'received';
    case 'bt-send-reversal':
      // A claim or transfer to a wallet that failed on chain: the tokens came back.
      return 'received';
    default:
      return 'received';
  }
}

export type BrandTokenService = ReturnType<typeof createBrandTokenService>;

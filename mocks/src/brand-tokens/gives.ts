import { getAddress } from 'ethers';
import {
  BULK_GIVE_MAX_ROWS,
  GiveSchema,
  isWalletAddress,
} from '@brnd/contracts/domain/brand-tokens';
import { PLANS, withinLimit } from '@brnd/contracts/domain/plans';
import { FakeError, type Fake, type FakeUser } from '../fake.ts';
import { englishText, localText } from '../messages.ts';
import { APP_PAGES, pageLink } from '@brnd/contracts/domain/app-pages';
import * as v from 'valibot';
import {
  type TokenRecord,
  type BrandTokenState,
  randomHex,
  randomUuid,
  emailHolder,
  walletHolder,
  holderText,
  checksummed,
  addBalance,
  mint,
  type BrandView,
  effectivePlan,
  planLimitError,
  issuedOf,
  volumeToday,
} from './state.ts';

/* ---------------------------------------------------------------- moves */

/** Refuses a give of `total` tokens that a plan limit or the token's cap does not allow. */
export function checkGive(
  fake: Fake,
  state: BrandTokenState,
  token: TokenRecord,
  brand: BrandView,
  owner: FakeUser,
  total: number,
) {
  const { plan } = effectivePlan(state, brand, owner);
  const daily = PLANS[plan].limits.dailyVolume;
  const wanted = volumeToday(fake, state, brand.id) + total;
  if (!withinLimit(daily, wanted)) throw planLimitError('dailyVolume', plan, wanted, daily);
  const issued = issuedOf(state, token.id) + total;
  if (token.cap !== null && issued > token.cap) {
    throw new FakeError(409, 'brandTokens.errors.capReached', { values: { cap: token.cap } });
  }
}

/**
 * "You received tokens", as the bff's template words it: with an account they are in My tokens,
 * without one the mail leads to the sign-up with the address filled in.
 */
export function mailTokens(
  fake: Fake,
  email: string,
  brand: string,
  ticker: string,
  amount: number,
) {
  const account = fake.userByEmail(email);
  const language = account?.language ?? 'en';
  const values = { brand, ticker, amount, email };
  const hasAccount = account?.emailVerified ?? false;
  fake.sendMail(
    email,
    localText(language, 'email.tokensReceived.subject', values),
    [
      localText(language, 'email.tokensReceived.body', values),
      localText(
        language,
        hasAccount ? 'email.tokensReceived.withAccount' : 'email.tokensReceived.claim',
        values,
      ),
      hasAccount
        ? pageLink(fake.appUrl, APP_PAGES.myTokens)
        : pageLink(fake.appUrl, APP_PAGES.register, { search: { email } }),
    ].join('\n\n'),
  );
}

export function recordGive(
  fake: Fake,
  state: BrandTokenState,
  token: TokenRecord,
  recipient: string,
  amount: number,
) {
  const wallet = isWalletAddress(recipient);
  const to = wallet ? walletHolder(checksummed(recipient)) : emailHolder(recipient);
  const label = holderText(to);
  const txHash = wallet ? `0x${randomHex(32)}` : null;
  if (wallet) mint(state, token.id, holderText(to), amount);
  else addBalance(state, token.id, to, amount);
  state.moves.push({
    id: randomUuid(),
    tokenId: token.id,
    kind: 'give',
    from: null,
    to,
    amount,
    txHash,
    at: fake.now(),
  });
  if (!wallet) {
    mailTokens(fake, label, token.brand_name, token.ticker, amount);
  }
  return {
    recipient: label,
    amount,
    destination: wallet ? ('chain' as const) : ('ledger' as const),
    tx_hash: txHash,
  };
}

/** A header line names the columns; a data line starts with a recipient. */
export function isHeader(cells: string[]): boolean {
  const first = (cells[0] ?? '').trim().toLowerCase();
  return first === 'recipient' || first === 'email' || first === 'e-mail' || first === 'wallet';
}

/** Splits one CSV line into cells: commas or semicolons, double quotes around a cell. */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',' || char === ';') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

export interface CsvRow {
  line: number;
  recipient: string;
  amount: number;
}

export function parseCsv(text: string) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const rows: CsvRow[] = [];
  const errors: { line: number; messageId: string; text: string }[] = [];
  const fail = (line: number, messageId: string, values?: Record<string, string | number>) =>
    errors.push({ line, messageId, text: englishText(messageId, { line, ...values }) });
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim()) return;
    const cells = csvCells(raw);
    if (rows.length === 0 && errors.length === 0 && isHeader(cells)) return;
    if (cells.length !== 2) return fail(line, 'brandTokens.errors.csvColumns');
    const parsed = v.safeParse(GiveSchema, { recipient: cells[0], amount: cells[1] });
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const id = issue?.message.startsWith('brandTokens.')
        ? issue.message
        : 'brandTokens.errors.recipient';
      return fail(line, id);
    }
    if (isWalletAddress(parsed.output.recipient)) {
      try {
        getAddress(parsed.output.recipient);
      } catch {
        return fail(line, 'brandTokens.errors.recipient');
      }
    }
    rows.push({ line, ...parsed.output });
  });
  if (rows.length === 0 && errors.length === 0) fail(1, 'brandTokens.errors.csvEmpty');
  if (rows.length > BULK_GIVE_MAX_ROWS) {
    fail(rows[BULK_GIVE_MAX_ROWS]!.line, 'brandTokens.errors.csvRows', { max: BULK_GIVE_MAX_ROWS });
  }
  return { rows, errors };
}

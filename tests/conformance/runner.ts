import { expect } from 'vitest';
import * as v from 'valibot';
import { createApiClient } from '@brnd/contracts/api/client';
import {
  devOutbox,
  resetCodeFrom,
  smsCodeFrom,
  verificationCodeFrom,
} from '@brnd/contracts/api/dev';
import type { Endpoint, EndpointInput, EndpointResponse } from '@brnd/contracts/api/endpoint';
import { declaredErrorKind } from '@brnd/contracts/api/error-catalogue';
import { ErrorResponseSchema } from '@brnd/contracts/api/error-schema';
import { ApiError } from '@brnd/contracts/api/errors';
import { endpointList } from '@brnd/contracts/api/index';
import { SESSION_TOKEN_COOKIE } from '@brnd/contracts/domain/constants';

/**
 * Scenarios are data: a list of steps, each a call through the contracts client with what to
 * expect back, or a read of the dev outbox that saves a code for later steps. The same list runs
 * against the MSW mocks and against the real bff.
 */

/** What one scenario run knows: its own e-mail, mobile and password, and whatever steps saved. */
export type Values = Record<string, string>;

export interface Expectation<E extends Endpoint> {
  status: number;
  /** For failures: the error answer's messageId. */
  messageId?: string;
  /** For failures: the field → message id map, exactly. */
  fields?: Record<string, string>;
  /** A 429 must say when to come back. */
  retryAfter?: boolean;
  /** For failures: the message in English, exactly. */
  message?: string;
  /** For failures: the kind of the endpoint's declared errors the client named it. */
  kind?: E['errors'] extends Record<string, unknown> ? keyof E['errors'] & string : never;
  /** For successes: fields the answer must have (partial match). */
  body?: (values: Values) => Partial<Record<keyof EndpointResponse<E> & string, unknown>>;
}

export interface CallStep {
  kind: 'call';
  endpoint: Endpoint;
  label: string;
  input?: (values: Values) => unknown;
  /** The name of the saved token to send as the bearer. */
  as?: string;
  /** Send the token as the web session's cookie, from another site's page (decision 029). */
  fromAnotherSite?: boolean;
  /** Call another origin (the card provider's, from the sale), resolved against the target's. */
  at?: (values: Values) => string;
  times: number;
  expect: Expectation<Endpoint>;
  save?: (body: unknown, values: Values) => void;
  /** Asks again (as a screen polls) until the answer says what happened after it, 30 s at most. */
  until?: (body: unknown, values: Values) => boolean;
}

export interface OutboxStep {
  kind: 'outbox';
  label: string;
  message: 'verification' | 'reset' | 'sms' | 'signupNotice';
  to: (values: Values) => string;
  saveAs: string;
}

/** Moves the target's contest clock (vote windows) on; time never goes back. */
export interface AdvanceStep {
  kind: 'advance';
  label: string;
  ms: number;
}

/** The buyer pays (or fails to pay) a card transaction on the provider's second-step page. */
export interface CardStep {
  kind: 'card';
  label: string;
  cashTxHash: (values: Values) => string;
  action: 'pay' | 'fail';
}

/** The payer's wallet on the BTC gateway's checkout page (the gateway's webhooks follow). */
export interface GatewayStep {
  kind: 'gateway';
  label: string;
  order: (values: Values) => string;
  action: 'pay' | 'underpay' | 'overpay' | 'expire';
}

export function payAtGateway(
  order: (values: Values) => string,
  action: GatewayStep['action'] = 'pay',
): GatewayStep {
  return { kind: 'gateway', label: `the payer chooses "${action}" at the gateway`, order, action };
}

/** The chain stops mining (sent transactions wait in its mempool), or mines them and goes on. */
export interface MiningStep {
  kind: 'mining';
  label: string;
  on: boolean;
}

export function chainMining(on: boolean): MiningStep {
  return {
    kind: 'mining',
    label: on ? 'the chain mines what waits, and goes on' : 'the chain stops mining',
    on,
  };
}

/** The scenario goes on as another person: a fresh identity; the previous one kept as `<as>.*`. */
export interface PersonStep {
  kind: 'person';
  label: string;
  as: string;
}

export function anotherPerson(keepAs: string): PersonStep {
  return { kind: 'person', label: `another person (the first kept as ${keepAs})`, as: keepAs };
}

/**
 * The BRND market the buyback buys from: it sells into the buyback wallet (or elsewhere), the
 * purchase's hash saved as `saveAs`; or the buyback wallet's BRND is moved away by hand.
 */
export interface MarketStep {
  kind: 'market';
  label: string;
  action: 'sell' | 'sellElsewhere' | 'emptyBuybackWallet';
  tokens: number;
  saveAs: string;
}

export function marketSells(tokens: number, saveAs: string, elsewhere = false): MarketStep {
  return {
    kind: 'market',
    label: `the market sells ${tokens} BRND ${elsewhere ? 'elsewhere' : 'into the buyback wallet'}`,
    action: elsewhere ? 'sellElsewhere' : 'sell',
    tokens,
    saveAs,
  };
}

export const buybackWalletEmptied: MarketStep = {
  kind: 'market',
  label: 'the buyback wallet’s BRND is moved away by hand',
  action: 'emptyBuybackWallet',
  tokens: 0,
  saveAs: '',
};

/** An outside provider of the sale goes down, or comes back. */
export interface OutageStep {
  kind: 'outage';
  label: string;
  provider: 'gateway' | 'card' | 'price';
  down: boolean;
}

export type Step =
  | CallStep
  | OutboxStep
  | AdvanceStep
  | CardStep
  | OutageStep
  | MiningStep
  | PersonStep
  | MarketStep
  | GatewayStep;

export interface Scenario {
  name: string;
  steps: Step[];
}

/** A call step, typed by its endpoint. */
export function call<E extends Endpoint>(
  endpoint: E,
  options: {
    label?: string;
    input?: (values: Values) => EndpointInput<E>;
    as?: string;
    fromAnotherSite?: boolean;
    at?: (values: Values) => string;
    times?: number;
    expect: Expectation<E>;
    save?: (body: EndpointResponse<E>, values: Values) => void;
    until?: (body: EndpointResponse<E>, values: Values) => boolean;
  },
): CallStep {
  return {
    kind: 'call',
    endpoint,
    label: options.label ?? endpoint.id,
    input: options.input,
    as: options.as,
    fromAnotherSite: options.fromAnotherSite,
    at: options.at,
    times: options.times ?? 1,
    expect: options.expect as Expectation<Endpoint>,
    save: options.save as CallStep['save'],
    until: options.until as CallStep['until'],
  };
}

/** Reads the newest message of this kind to the address and saves its code. */
export function readOutbox(
  message: OutboxStep['message'],
  to: (values: Values) => string,
  saveAs: string,
): OutboxStep {
  return { kind: 'outbox', label: `outbox: ${message} code`, message, to, saveAs };
}

export function advanceClock(ms: number): AdvanceStep {
  return { kind: 'advance', label: `the clock moves on ${ms} ms`, ms };
}

export function payAtCardProvider(
  cashTxHash: (values: Values) => string,
  action: CardStep['action'] = 'pay',
): CardStep {
  return {
    kind: 'card',
    label: `the buyer chooses "${action}" at the card provider`,
    cashTxHash,
    action,
  };
}

export function providerDown(provider: OutageStep['provider'], down = true): OutageStep {
  return {
    kind: 'outage',
    label: `the ${provider} provider ${down ? 'goes down' : 'is back'}`,
    provider,
    down,
  };
}

export interface Target {
  name: string;
  baseUrl: string;
  /** Moves the contest clock on (vote windows), as time passing would. */
  advance?: (ms: number) => void;
  /** Waits for work the server finished after answering (the bff sends some e-mails then). */
  settled?: () => Promise<void>;
  /** The card provider's second step: it charges the card (or fails) and calls the server back. */
  cardProvider?: (cashTxHash: string, action: CardStep['action']) => Promise<void>;
  /** Takes one of the sale's outside providers down (every call to it fails), or brings it back. */
  outage?: (provider: OutageStep['provider'], down: boolean) => void;
  /** Stops the chain's mining, or mines what waits and mines each transaction again as it comes. */
  mining?: (on: boolean) => Promise<void>;
  /** The payer's wallet on the BTC gateway's checkout page of the order with this uuid. */
  gateway?: (orderUuid: string, action: GatewayStep['action']) => Promise<void>;
  /** The BRND market: a sale into the buyback wallet or elsewhere (its hash), or the wallet emptied. */
  market?: (action: MarketStep['action'], tokens: number) => Promise<string | undefined>;
}

const extractors = {
  verification: { channel: 'email', extract: verificationCodeFrom },
  reset: { channel: 'email', extract: resetCodeFrom },
  sms: { channel: 'sms', extract: smsCodeFrom },
  // The notice to an address's owner when someone signs up with it: it points at the reset page.
  signupNotice: {
    channel: 'email',
    extract: (text: string) => /\S+\/forgotpassword\b/.exec(text)?.[0],
  },
} as const;

/** Fresh identity per run, so scenarios never collide on one database. */
export function freshValues(): Values {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return {
    name: 'Conformance Tester',
    email: `conformance-${id}@example.com`,
    mobile: `+48 5${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`,
    mobileNormalized: `+485${digits}`,
    password: 'Secret12!',
    // Each run is its own client address (X-Forwarded-For): sign-ups are throttled per address.
    clientAddress: `198.${18 + (digits.charCodeAt(0) % 2)}.${Number(digits.slice(2, 5)) % 256}.${
      (Number(digits.slice(5)) % 254) + 1
    }`,
  };
}

async function runCall(
  target: Target,
  step: CallStep,
  values: Values,
  where: string,
): Promise<unknown> {
  const token = step.as ? values[step.as] : undefined;
  if (step.as && !token) throw new Error(`${where}: no saved token "${step.as}"`);
  const seen: { status: number; headers: Headers; raw: unknown } = {
    status: 0,
    headers: new Headers(),
    raw: undefined,
  };
  const recordingFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-for', values.clientAddress!);
    if (step.fromAnotherSite) {
      if (token) headers.set('cookie', `${SESSION_TOKEN_COOKIE}=${token}`);
      headers.set('origin', 'https://elsewhere.example');
      headers.set('sec-fetch-site', 'cross-site');
    }
    const response = await fetch(input, { ...init, headers });
    seen.status = response.status;
    seen.headers = response.headers;
    seen.raw = await response
      .clone()
      .json()
      .catch(() => undefined);
    return response;
  };
  const client = createApiClient({
    baseUrl: step.at
      ? new URL(step.at(values), target.baseUrl).href.replace(/\/+$/, '')
      : target.baseUrl,
    fetch: recordingFetch,
    getToken: () => (step.fromAnotherSite ? undefined : token),
  });

  let body: unknown;
  let failure: ApiError | undefined;
  try {
    body = await client.call(step.endpoint, step.input?.(values) as never);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    failure = error;
  }

  const expected = step.expect;
  const answer = `${where} answered ${seen.status} ${JSON.stringify(seen.raw)}`;
  expect(seen.status, answer).toBe(expected.status);

  if (expected.status < 300) {
    // The client turns an answer outside the response schema into an error.
    expect(failure?.message, `${where}: the answer breaks the contract`).toBeUndefined();
    if (expected.body) expect(body, answer).toMatchObject(expected.body(values));
    step.save?.(body, values);
    return body;
  }

  const error = v.safeParse(ErrorResponseSchema, seen.raw);
  expect(error.success, `${where}: the error answer is not { message, messageId?, errors? }`).toBe(
    true,
  );
  if (step.endpoint.errors) {
    // A catalogued endpoint answers only errors it declares, each named by the client.
    const kind = failure?.declared?.kind;
    expect(
      kind,
      `${where}: an error ${step.endpoint.id} does not declare; ${answer}`,
    ).toBeDefined();
    // The whole body as declared, values included: the client names the kind by its id alone.
    expect(declaredErrorKind(step.endpoint.errors, seen.status, seen.raw), answer).toBe(kind);
    if (kind) reachedErrors(target.name).add(`${step.endpoint.id}.${kind}`);
    if (kind && step.endpoint.errors[kind]?.retryAfter) {
      expect(
        failure?.retryAfterSeconds,
        `${where}: ${kind} must say when to come back`,
      ).toBeGreaterThan(0);
    }
    if (expected.kind) expect(kind, answer).toBe(expected.kind);
  }
  if (expected.messageId) expect(failure?.body.messageId, answer).toBe(expected.messageId);
  if (expected.fields) expect(failure?.body.errors, answer).toEqual(expected.fields);
  if (expected.retryAfter) expect(failure?.retryAfterSeconds, answer).toBeGreaterThan(0);
  if (expected.message) expect(failure?.body.message, answer).toBe(expected.message);
  return undefined;
}

const UNTIL_MS = 30_000;

/** A call step, asked again until its `until` holds. */
async function runPolledCall(target: Target, step: CallStep, values: Values, where: string) {
  const deadline = Date.now() + UNTIL_MS;
  let body = await runCall(target, step, values, where);
  while (step.until && !step.until(body, values)) {
    if (Date.now() > deadline) throw new Error(`${where}: not done after ${UNTIL_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    body = await runCall(target, step, values, where);
  }
}

async function runOutbox(target: Target, step: OutboxStep, values: Values, where: string) {
  await target.settled?.();
  const { channel, extract } = extractors[step.message];
  const to = step.to(values);
  const messages = await createApiClient({ baseUrl: target.baseUrl }).call(devOutbox);
  const message = messages.find(
    (candidate) =>
      candidate.channel === channel && candidate.to === to && extract(candidate.text) !== undefined,
  );
  const code = message && extract(message.text);
  expect(code, `${where}: no ${step.message} message to ${to}`).toBeDefined();
  values[step.saveAs] = code ?? '';
}

export async function runScenario(target: Target, scenario: Scenario): Promise<void> {
  const values = freshValues();
  for (const [index, step] of scenario.steps.entries()) {
    for (let time = 1; time <= (step.kind === 'call' ? step.times : 1); time += 1) {
      const where = `[${target.name}] ${scenario.name} › step ${index + 1} (${step.label})${
        step.kind === 'call' && step.times > 1 ? ` #${time}` : ''
      }`;
      if (step.kind === 'call') await runPolledCall(target, step, values, where);
      else if (step.kind === 'outbox') await runOutbox(target, step, values, where);
      else if (step.kind === 'card') {
        if (!target.cardProvider) throw new Error(`${where}: this target has no card provider`);
        await target.cardProvider(step.cashTxHash(values), step.action);
      } else if (step.kind === 'outage') {
        if (!target.outage) throw new Error(`${where}: this target cannot take a provider down`);
        target.outage(step.provider, step.down);
      } else if (step.kind === 'mining') {
        if (!target.mining) throw new Error(`${where}: this target cannot hold its chain`);
        await target.mining(step.on);
      } else if (step.kind === 'gateway') {
        if (!target.gateway) throw new Error(`${where}: this target has no gateway`);
        await target.gateway(step.order(values), step.action);
      } else if (step.kind === 'market') {
        if (!target.market) throw new Error(`${where}: this target has no market`);
        const hash = await target.market(step.action, step.tokens);
        if (step.saveAs) values[step.saveAs] = hash ?? '';
      } else if (step.kind === 'person') {
        const fresh = freshValues();
        for (const key of Object.keys(fresh)) values[`${step.as}.${key}`] = values[key]!;
        Object.assign(values, fresh);
      } else if (target.advance) target.advance(step.ms);
      else throw new Error(`${where}: this target cannot move its clock`);
    }
  }
}

/** `endpointId.kind` of every declared error a scenario reached, per target. */
const reached = new Map<string, Set<string>>();

function reachedErrors(targetName: string): Set<string> {
  let set = reached.get(targetName);
  if (!set) reached.set(targetName, (set = new Set()));
  return set;
}

/**
 * Declared errors no scenario can reach, each with why (decision 051). Keep it short: an error
 * nobody can provoke in a test is one nobody knows the screens handle.
 */
const RACE =
  'two requests with one Idempotency-Key at once, the second outwaiting the first; the runner’s steps run one by one';
const SMS_BUDGET =
  'a destination’s SMS budget for the day is hundreds of codes (bff/src/http/sms-bounds.test.ts reaches it)';
const SALE_ENDED =
  'the sale ends by the wall clock, after an operator’s edit into the future (never the past; the contest clock the runner moves is not the sale’s): a scenario would wait for it, and every later one would see the sale ended';
const PAYOUT_FAILS =
  'a payout fails only when the chain refuses its transfer (more BRND than the treasury holds, a dev chain reset under it): nothing a client or a scenario’s outside world does (bff/src/http/payouts.test.ts fails one; admin-payments.test.ts reaches balanceGone and alreadyRetried)';
const CHAIN_ALWAYS =
  'a server started without a chain answers it: both targets run with one, as `npm start` does (the mocks’ is their own, the bff’s conformance app has its dev chain)';
const PAST_TRANSPORT_LIMIT =
  'a file past BRAND_FORM_TRANSPORT_MAX_BYTES (10 MB): the bff answers before reading the rest and its socket closes under the upload, which fetch often sees as a reset (bff/src/http/verification-documents.test.ts; the mocks answer it as the bff)';
/** Brand-token errors no client can provoke on a server with a chain. */
const BRAND_TOKEN_ERRORS: Record<string, { [kind: string]: string }> = {};
for (const id of [
  'issueBrandToken',
  'giveTokens',
  'bulkGiveTokens',
  'transferTokens',
  'claimTokens',
  'stakingStatus',
  'stakingTransactions',
]) {
  (BRAND_TOKEN_ERRORS[id] ??= {}).chainUnavailable = CHAIN_ALWAYS;
}
export const UNREACHABLE_ERRORS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.entries(BRAND_TOKEN_ERRORS).flatMap(([id, kinds]) =>
      Object.entries(kinds).map(([kind, why]) => [`${id}.${kind}`, why]),
    ),
  ),
  'claimTokens.walletNotVerified':
    'an address is saved only once proven (decision 042): only accounts from before it have an unproven one',
  ...Object.fromEntries(
    [
      'createBrand.logoTooLarge',
      'createBrand.documentTooLarge',
      'registerCompany.documentTooLarge',
      'uploadBrandDocuments.documentTooLarge',
    ].map((name) => [name, PAST_TRANSPORT_LIMIT]),
  ),
  'changeMobile.smsUnavailable': SMS_BUDGET,
  'resendCode.smsUnavailable': SMS_BUDGET,
  'claimPayout.walletNotVerified':
    'an address is saved only once proven (decision 042): only accounts from before it have an unproven one (bff/src/http/wallet-proofs.test.ts)',
  'claimPayout.payoutsUnavailable': CHAIN_ALWAYS,
  'claimPayout.idempotencyInProgress': RACE,
  'buyTokens.saleEnded': SALE_ENDED,
  'buyTokens.idempotencyInProgress': RACE,
  'kantor.saleEnded': SALE_ENDED,
  'kantor.idempotencyInProgress': RACE,
  'resolveOrder.nothingToCredit':
    'a credit adds no BRND only when what was received beyond the credited tokens is worth less than one: the gateway simulator overpays by a fifth of the order, and no other payment in a scenario comes that close (bff/src/http/admin-payments.test.ts overpays an ETH order by a ten-millionth of an ETH)',
  'retryPayout.payoutsUnavailable': CHAIN_ALWAYS,
  'retryPayout.alreadyRetried': PAYOUT_FAILS,
  'retryPayout.balanceGone': PAYOUT_FAILS,
  'retryTreasurySend.notBroadcast':
    'a send is signed and not yet broadcast only for the moment between the two, or after a crash: a race (bff/src/jobs/payout-crash.test.ts reaches it after a crash)',
  'recordBuyback.noChain': CHAIN_ALWAYS,
  'recordBuyback.purchaseUnconfirmed':
    'the dev chain settles at one confirmation, as `npm start`’s does: a mined purchase is settled at once (bff/src/http/buybacks.test.ts reaches it with three)',
  'blog.feedError':
    'the news feed unreadable: both targets serve a bundled sample feed (bff/src/services/blog.test.ts reads a broken one)',
};

/** Every error an endpoint declares was answered by some scenario on this target. */
export function expectEveryDeclaredErrorReached(targetName: string): void {
  const seen = reachedErrors(targetName);
  const missing = endpointList.flatMap((endpoint) =>
    Object.keys(endpoint.errors ?? {})
      .map((kind) => `${endpoint.id}.${kind}`)
      .filter((name) => !seen.has(name) && !(name in UNREACHABLE_ERRORS)),
  );
  expect(missing, `[${targetName}] declared errors no scenario reaches`).toEqual([]);
}

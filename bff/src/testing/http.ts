import { randomInt, randomUUID } from 'node:crypto';
import {
  changeMobile,
  confirmEmail,
  confirmMobile,
  login,
  signup,
} from '@brnd/contracts/api/accounts';
import {
  devOutbox,
  resetCodeFrom,
  smsCodeFrom,
  verificationCodeFrom,
  type OutboxMessage,
} from '@brnd/contracts/api/dev';
import { updateWallet, walletChallenge } from '@brnd/contracts/api/wallet';
import { normalizePhone } from '@brnd/contracts/domain/rules';
import { buildPath, type Endpoint, type EndpointResponse } from '@brnd/contracts/api/endpoint';
import { ErrorResponseSchema, type ErrorResponse } from '@brnd/contracts/api/error-schema';
import * as v from 'valibot';

/**
 * Test helpers that speak to a running bff over HTTP, the way the app's client does: form bodies,
 * bearer tokens. Every answer is checked against the contract, so a test that passes also proves
 * the shapes.
 */

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Form bodies take strings; JSON bodies (`json: true`) any JSON value. */
  body?: Record<string, unknown>;
  token?: string;
  /** The spec's API is form-urlencoded; some clients send JSON. */
  json?: boolean;
  headers?: Record<string, string>;
}

/** A random address of the benchmarking range (RFC 2544), as a client behind the trusted proxy. */
export function randomClientAddress(): string {
  return `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export interface CallResult<E extends Endpoint> {
  status: number;
  headers: Headers;
  /** The answer, parsed with the endpoint's response schema (2xx only). */
  data: EndpointResponse<E> | undefined;
  /** The error body, parsed with ErrorResponseSchema (non-2xx only). */
  error: ErrorResponse | undefined;
}

export async function call<E extends Endpoint>(
  baseUrl: string,
  endpoint: E,
  options: CallOptions = {},
): Promise<CallResult<E>> {
  const headers = new Headers({ accept: 'application/json', ...options.headers });
  // Each sign-up comes from an address of its own unless the test names one: files sign up many
  // users, and the per-address sign-up throttle is tested on purpose, not tripped by accident.
  if (endpoint.id === signup.id && !headers.has('x-forwarded-for')) {
    headers.set('x-forwarded-for', randomClientAddress());
  }
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.body) {
    const entries = Object.entries(options.body).filter((entry) => entry[1] !== undefined);
    if (options.json) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(Object.fromEntries(entries));
    } else {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(entries.map(([name, value]) => [name, String(value)])).toString();
    }
  }
  const search = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const response = await fetch(`${baseUrl}${buildPath(endpoint.path, options.params)}${search}`, {
    method: endpoint.method,
    headers,
    body,
  });
  const json: unknown = await response.json();
  if (response.ok) {
    return {
      status: response.status,
      headers: response.headers,
      data: v.parse(endpoint.response, json) as EndpointResponse<E>,
      error: undefined,
    };
  }
  return {
    status: response.status,
    headers: response.headers,
    data: undefined,
    error: v.parse(ErrorResponseSchema, json),
  };
}

export async function readOutbox(baseUrl: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}${devOutbox.path}`);
  if (!response.ok) throw new Error(`GET /dev/outbox answered ${response.status}`);
  return v.parse(devOutbox.response, await response.json());
}

/** The newest message to `to` on `channel`, waiting briefly for mail sent in the background. */
export async function latestMessage(
  baseUrl: string,
  to: string,
  channel: 'email' | 'sms',
  options: { after?: number; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 5_000);
  for (;;) {
    const messages = await readOutbox(baseUrl);
    const mine = messages.filter((message) => message.channel === channel && message.to === to);
    if (mine.length > (options.after ?? 0)) return mine[0] as OutboxMessage;
    if (Date.now() > deadline) throw new Error(`No ${channel} to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function countMessages(
  baseUrl: string,
  to: string,
  channel: 'email' | 'sms',
): Promise<number> {
  const messages = await readOutbox(baseUrl);
  return messages.filter((message) => message.channel === channel && message.to === to).length;
}

export async function emailCode(baseUrl: string, email: string): Promise<string> {
  const message = await latestMessage(baseUrl, email, 'email');
  const code = verificationCodeFrom(message.text);
  if (!code) throw new Error(`No verification link in: ${message.text}`);
  return code;
}

export async function resetCode(baseUrl: string, email: string): Promise<string> {
  const message = await latestMessage(baseUrl, email, 'email');
  const code = resetCodeFrom(message.text);
  if (!code) throw new Error(`No reset link in: ${message.text}`);
  return code;
}

export async function smsCode(
  baseUrl: string,
  mobile: string,
  options: { after?: number } = {},
): Promise<string> {
  const message = await latestMessage(baseUrl, mobile, 'sms', options);
  const code = smsCodeFrom(message.text);
  if (!code) throw new Error(`No SMS code in: ${message.text}`);
  return code;
}

export interface NewUser {
  name: string;
  email: string;
  mobile: string;
  password: string;
}

export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  return {
    name: 'Ada Nowak',
    email: `user-${randomUUID().slice(0, 8)}@example.com`,
    // Distinct numbers keep each test's SMS apart in the shared outbox.
    mobile: `+48 6${String(randomInt(10_000_000, 100_000_000))}`,
    password: 'Secret12!x',
    ...overrides,
  };
}

/** `+48 601 234 567` (or `0048 601 234 567`) as the server stores it (`+48601234567`). */
export function storedMobile(mobile: string): string {
  return normalizePhone(mobile);
}

/** Signs up and confirms the e-mail; returns the code that opens the phone steps. */
export async function signUpAndConfirmEmail(baseUrl: string, user: NewUser): Promise<string> {
  const created = await call(baseUrl, signup, { body: { ...user } });
  if (created.status !== 201) throw new Error(`signup answered ${created.status}`);
  const code = await emailCode(baseUrl, user.email);
  const confirmed = await call(baseUrl, confirmEmail, { body: { verification_code: code } });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
  return code;
}

/** A user who finished the whole registration; returns a session token. */
export async function registerVerifiedUser(
  baseUrl: string,
  user: NewUser = newUser(),
): Promise<{ user: NewUser; token: string }> {
  const code = await signUpAndConfirmEmail(baseUrl, user);
  await call(baseUrl, changeMobile, { body: { verification_code: code, mobile: user.mobile } });
  const sms = await smsCode(baseUrl, storedMobile(user.mobile));
  const verified = await call(baseUrl, confirmMobile, {
    body: { verification_code: code, mobile_verification_code: sms },
  });
  if (verified.status !== 200) throw new Error(`confirm_mobile answered ${verified.status}`);
  return { user, token: await loginToken(baseUrl, user.email, user.password) };
}

export async function loginToken(baseUrl: string, email: string, password: string) {
  const result = await call(baseUrl, login, { body: { email, password } });
  const data = result.data;
  if (!data || !('token' in data)) throw new Error(`login answered ${result.status}`);
  return data.token;
}

/**
 * Saves `signer`'s address as the user's payout wallet the way the app does (decision 042): a
 * challenge, the wallet's signature of it and the password. Returns the answer to the save.
 */
export async function proveWallet(
  baseUrl: string,
  token: string,
  signer: { address: string; signMessage(message: string): Promise<string> },
  password = newUser().password,
) {
  const challenge = await call(baseUrl, walletChallenge, {
    token,
    body: { walletAddress: signer.address },
  });
  if (!challenge.data) throw new Error(`wallet challenge answered ${challenge.status}`);
  const signature = await signer.signMessage(challenge.data.message);
  return call(baseUrl, updateWallet, {
    token,
    body: { walletAddress: signer.address, nonce: challenge.data.nonce, signature, password },
  });
}

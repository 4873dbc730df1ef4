import { randomUUID } from 'node:crypto';
import {
  brandConsole,
  bulkGiveTokens,
  issueBrandToken,
  type BrandToken,
} from '@brnd/contracts/api/brand-tokens';
import { buildPath } from '@brnd/contracts/api/endpoint';
import { ErrorResponseSchema, type ErrorResponse } from '@brnd/contracts/api/error-schema';
import type { PlanId } from '@brnd/contracts/domain/plans';
import * as v from 'valibot';
import type { TestApp } from '../testing.ts';
import { until } from './chain-app.ts';
import { call, newUser, registerVerifiedUser, type NewUser } from './http.ts';

/** A verified user who owns a brand (verified unless told otherwise) on the given plan. */
export async function brandOwner(
  app: TestApp,
  options: {
    plan?: PlanId;
    verification?: 'pending' | 'verified' | 'rejected';
    lifetimePremium?: boolean;
  } = {},
) {
  const { user, token } = await registerVerifiedUser(app.baseUrl, newUser());
  const userId = await userIdOf(app, user.email);
  const tag = randomUUID().slice(0, 8);
  const [brand] = await app.db.query<{ id: string }>(
    `INSERT INTO brands (name, website, owner_id, verification_status, plan, lifetime_premium)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
    [
      `Brand ${tag}`,
      `https://brand-${tag}.example`,
      userId,
      options.verification ?? 'verified',
      options.plan ?? 'standard',
      options.lifetimePremium ?? false,
    ],
  );
  return { user, token, userId, brandId: Number(brand?.id), brandName: `Brand ${tag}` };
}

export async function userIdOf(app: TestApp, email: string): Promise<string> {
  const [row] = await app.db.query<{ id: string }>(
    'SELECT id FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A customer: a verified user with a session. */
export async function customer(
  app: TestApp,
): Promise<{ user: NewUser; token: string; userId: string }> {
  const { user, token } = await registerVerifiedUser(app.baseUrl, newUser());
  return { user, token, userId: await userIdOf(app, user.email) };
}

/** Issues a token and waits until the factory deployed it. */
export async function issuedToken(
  app: TestApp,
  owner: { token: string; brandId: number },
  input: { name?: string; ticker?: string; cap?: number } = {},
): Promise<BrandToken> {
  const ticker = input.ticker ?? `T${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  const issued = await call(app.baseUrl, issueBrandToken, {
    token: owner.token,
    params: { brandId: String(owner.brandId) },
    json: true,
    body: {
      name: input.name ?? 'Loyalty',
      ticker,
      cap: String(input.cap ?? 1_000_000),
      request_id: randomUUID(),
    },
  });
  if (issued.status !== 201 || !issued.data) {
    throw new Error(`issue answered ${issued.status} ${JSON.stringify(issued.error)}`);
  }
  return activeToken(app, owner, issued.data.token.id);
}

export async function activeToken(
  app: TestApp,
  owner: { token: string; brandId: number },
  tokenId: string,
): Promise<BrandToken> {
  const overview = await until(
    () =>
      call(app.baseUrl, brandConsole, {
        token: owner.token,
        params: { brandId: String(owner.brandId) },
      }),
    (result) => result.data?.tokens.find((t) => t.id === tokenId)?.status !== 'deploying',
  );
  const token = overview.data?.tokens.find((t) => t.id === tokenId);
  if (!token) throw new Error('the token vanished');
  return token;
}

export interface BulkAnswer {
  status: number;
  data: v.InferOutput<typeof bulkGiveTokens.response> | undefined;
  error: ErrorResponse | undefined;
}

/** Uploads a CSV to the bulk give as the browser does (multipart). */
export async function uploadCsv(
  app: TestApp,
  ownerToken: string,
  tokenId: string,
  csv: string,
  options: { apply: boolean; requestId?: string; language?: string },
): Promise<BulkAnswer> {
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'gives.csv');
  form.set('apply', String(options.apply));
  form.set('request_id', options.requestId ?? randomUUID());
  const response = await fetch(`${app.baseUrl}${buildPath(bulkGiveTokens.path, { tokenId })}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${ownerToken}`,
      'accept-language': options.language ?? 'en',
    },
    body: form,
  });
  const json: unknown = await response.json();
  return response.ok
    ? { status: response.status, data: v.parse(bulkGiveTokens.response, json), error: undefined }
    : { status: response.status, data: undefined, error: v.parse(ErrorResponseSchema, json) };
}

import { vote as voteBrand } from '@brnd/contracts/api/brands';
import { buildPath } from '@brnd/contracts/api/endpoint';
import { endpointList } from '@brnd/contracts/api/index';
import { MAX_RECORD_ID } from '@brnd/contracts/domain/rules';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createOperator } from '../services/operators.ts';
import { createPasswordHasher, TEST_ARGON2_COST } from '../services/passwords.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { call, loginToken } from '../testing/http.ts';

const OPERATOR = { email: 'ids@brnd.example', password: 'Ids12345!pass' };

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp({ seed: true });
  await createOperator(app.db, createPasswordHasher(TEST_ARGON2_COST), OPERATOR);
  // An operator passes every auth check, so each endpoint's own parameter rules answer.
  token = await loginToken(app.baseUrl, OPERATOR.email, OPERATOR.password);
});
afterAll(() => app.close());

const OUT_OF_RANGE = [
  '99999999999999999999',
  String(MAX_RECORD_ID + 1),
  '-1',
  '0',
  '1e3',
  '0x10',
  '12abc',
  '9'.repeat(400),
];

async function request(method: string, path: string) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  return { status: response.status, text: await response.text() };
}

test('the ids the audit named answer 400 for out-of-range and malformed values, never 500', async () => {
  const paths = [
    ['GET', '/api/brands/details/:id'],
    ['GET', '/api/brand-tokens/brands/:id'],
    ['GET', '/api/brands/mybrands/:id/documents'],
    ['POST', '/api/brands/mybrands/:id/resubmit'],
  ] as const;
  for (const [method, path] of paths) {
    for (const id of OUT_OF_RANGE) {
      const answer = await request(method, path.replace(':id', id));
      expect(answer.status, `${method} ${path} with ${id}: ${answer.text}`).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ messageId: 'validation.required' });
    }
  }
});

test('a vote for an id beyond the range is a 400, in a form and in JSON', async () => {
  for (const brandId of ['99999999999999999999', '-5', '1.5']) {
    const form = await call(app.baseUrl, voteBrand, { token, body: { brand_id: brandId } });
    expect(form.status, brandId).toBe(400);
  }
  for (const brandId of [1e20, MAX_RECORD_ID + 1, -1, 1.5]) {
    const json = await call(app.baseUrl, voteBrand, {
      token,
      body: { brand_id: brandId },
      json: true,
    });
    expect(json.status, String(brandId)).toBe(400);
  }
});

test('no path parameter of the contract makes a 5xx, whatever it holds', async () => {
  for (const endpoint of endpointList.filter((candidate) => candidate.path.includes(':'))) {
    if (!endpoint.path.startsWith('/api/')) continue;
    const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
    for (const bad of [...OUT_OF_RANGE, '%00', '..%2F..%2Fetc', 'é'.repeat(50)]) {
      const path = buildPath(endpoint.path, Object.fromEntries(names.map((name) => [name, bad])));
      const answer = await request(endpoint.method, path);
      expect(answer.status, `${endpoint.id} ${path}: ${answer.text}`).toBeLessThan(500);
    }
  }
});

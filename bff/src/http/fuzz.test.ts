import * as fc from 'fast-check';
import type * as v from 'valibot';
import { endpointList } from '@brnd/contracts/api/index';
import type { Endpoint } from '@brnd/contracts/api/endpoint';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createOperator } from '../services/operators.ts';
import { createPasswordHasher, TEST_ARGON2_COST } from '../services/passwords.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { loginToken } from '../testing/http.ts';

/**
 * Schema-driven fuzzing (issue #17): for every endpoint of the contract, malformed and boundary
 * inputs in both encodings against the real bff on PostgreSQL. Bad input is the client's
 * fault: any 5xx, or a stack trace in a body, fails. The runs per endpoint are bounded so the
 * file stays well under half a minute.
 */

const RUNS_PER_ENDPOINT = 8;
const OPERATOR = { email: 'fuzz-operator@brnd.example', password: 'Fuzz1ng!pass' };

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  await createOperator(app.db, createPasswordHasher(TEST_ARGON2_COST), OPERATOR);
  token = await loginToken(app.baseUrl, OPERATOR.email, OPERATOR.password);
});
afterAll(() => app?.close());

/** The field names an object schema (or a pipe, union or intersection of them) knows. */
function fieldsOf(schema: v.GenericSchema | undefined): string[] {
  if (!schema) return [];
  const node = schema as unknown as {
    entries?: Record<string, unknown>;
    pipe?: v.GenericSchema[];
    options?: v.GenericSchema[];
    wrapped?: v.GenericSchema;
  };
  if (node.entries) return Object.keys(node.entries);
  if (node.pipe?.[0] && node.pipe[0] !== schema) return fieldsOf(node.pipe[0]);
  if (node.options) return [...new Set(node.options.flatMap((option) => fieldsOf(option)))];
  if (node.wrapped) return fieldsOf(node.wrapped);
  return [];
}

/** In a path, these go raw: broken percent-escapes, an encoded NUL, slashes and overlong UTF-8. */
const RAW_SEGMENTS = ['%', '%E0%A4%A', '%00', '..%2F..%2F', '%ED%A0%80', '%C0%AF'];

const boundaryText = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '99999999999999999999',
  '-99999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  '0x7fffffffffffffff',
  'null',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u0000',
  '\uD800',
  'ęśąćżźół'.repeat(40),
  '𝕏🙂'.repeat(2_000),
  'a'.repeat(70_000),
);

const text = fc.oneof(
  boundaryText,
  fc.constantFrom(...RAW_SEGMENTS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Anything a client could send where a field is expected. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 2 }),
);

function bodyFor(endpoint: Endpoint): fc.Arbitrary<unknown> {
  const fields = fieldsOf(endpoint.body);
  const record = fc.record(
    Object.fromEntries([...fields, 'unexpected'].map((field) => [field, value])),
    { requiredKeys: [] },
  );
  return fc.oneof({ arbitrary: record, weight: 8 }, { arbitrary: value, weight: 1 });
}

function formOf(body: unknown): URLSearchParams {
  const form = new URLSearchParams();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    form.append('value', typeof body === 'string' ? body : JSON.stringify(body));
    return form;
  }
  for (const [key, field] of Object.entries(body)) {
    const items: unknown[] = Array.isArray(field) ? field : [field];
    for (const item of items) {
      form.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
    }
  }
  return form;
}

/** Percent-encodes every byte; a lone surrogate goes as UTF-8 would carry it (U+FFFD). */
function encodeSegment(segment: string): string {
  return [...Buffer.from(segment, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

function pathFor(endpoint: Endpoint, params: string[]): string {
  let index = 0;
  return endpoint.path.replace(/:[A-Za-z_]+/g, () => {
    const param = params[index++] ?? '';
    return RAW_SEGMENTS.includes(param) ? param : encodeSegment(param);
  });
}

function queryFor(fields: string[], values: unknown[]): string {
  const query = new URLSearchParams();
  fields.forEach((field, index) => {
    const item = values[index];
    if (item !== undefined)
      query.append(field, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
  });
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** A stack frame (`at fn (file.ts:1:2)`) or a source path in an answer is a leak. */
const STACK_TRACE = /\n\s+at\s|\.(?:ts|js):\d+:\d+|node_modules/;

test.each(endpointList.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint]))(
  '%s answers malformed input without a 5xx or a stack trace',
  async (_, endpoint) => {
    const params = (endpoint.path.match(/:[A-Za-z_]+/g) ?? []).length;
    const queryFields = [...fieldsOf(endpoint.query), 'unexpected'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: params, maxLength: params }),
        fc.array(fc.option(value, { nil: undefined }), {
          minLength: queryFields.length,
          maxLength: queryFields.length,
        }),
        bodyFor(endpoint),
        fc.constantFrom('json', 'form'),
        async (paramValues, queryValues, body, encoding) => {
          const headers: Record<string, string> = {};
          // Logging out would end the session every other endpoint is fuzzed with.
          if (endpoint.auth !== 'none' && endpoint.id !== 'logout') {
            headers.authorization = `Bearer ${token}`;
          }
          let payload: string | undefined;
          if (endpoint.method === 'POST') {
            headers['content-type'] =
              encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
            payload = encoding === 'json' ? JSON.stringify(body) : formOf(body).toString();
          }
          const url = `${app.baseUrl}${pathFor(endpoint, paramValues)}${queryFor(queryFields, queryValues)}`;
          const response = await fetch(url, { method: endpoint.method, headers, body: payload });
          const answer = await response.text();
          const where = `${endpoint.method} ${url.slice(0, 300)} (${encoding}) answered ${response.status}: ${answer.slice(0, 500)}`;
          // The test app runs without a chain: its endpoints say so (503), which is no bug.
          const chainDown = response.status === 503 && answer.includes('chainUnavailable');
          if (!chainDown) expect(response.status, where).toBeLessThan(500);
          expect(STACK_TRACE.test(answer), where).toBe(false);
        },
      ),
      { numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
    );
  },
);

/** Page offsets no list reaches: each is refused as bad input, on every paged list. */
const OFFSETS_PAST_ANY_LIST = ['99999999999999999999', '1e30', '5.86e38', '-1', '1.5', 'Infinity'];

test.each(
  endpointList
    .filter((endpoint) => endpoint.method === 'GET' && fieldsOf(endpoint.query).includes('offset'))
    .map((endpoint) => [endpoint.path, endpoint]),
)('%s refuses an offset past any list with a 400', async (_, endpoint) => {
  for (const offset of OFFSETS_PAST_ANY_LIST) {
    const response = await fetch(`${app.baseUrl}${endpoint.path}?offset=${offset}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status, `offset=${offset}: ${await response.text()}`).toBe(400);
  }
});

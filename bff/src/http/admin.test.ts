import { login } from '@brnd/contracts/api/accounts';
import { adminSession, auditLog } from '@brnd/contracts/api/admin';
import { endpointList } from '@brnd/contracts/api/index';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAuditLog } from '../services/audit-log.ts';
import { createOperator } from '../services/operators.ts';
import { createPasswordHasher, TEST_ARGON2_COST } from '../services/passwords.ts';
import { DEMO_USER, startTestApp, type TestApp } from '../testing.ts';
import { call, loginToken } from '../testing/http.ts';

const OPERATOR = { email: 'ops@brnd.example', password: 'Operat0r!pass' };
const hasher = createPasswordHasher(TEST_ARGON2_COST);

let app: TestApp;
let userToken: string;
let operatorToken: string;
beforeAll(async () => {
  app = await startTestApp({ seed: true });
  await createOperator(app.db, hasher, OPERATOR);
  userToken = await loginToken(app.baseUrl, DEMO_USER.email, DEMO_USER.password);
  operatorToken = await loginToken(app.baseUrl, OPERATOR.email, OPERATOR.password);
});
afterAll(() => app.close());

const adminEndpoints = endpointList.filter((endpoint) => endpoint.path.startsWith('/api/admin/'));

describe('every admin endpoint in the route table', () => {
  test('is declared admin-only', () => {
    expect(adminEndpoints.length).toBeGreaterThanOrEqual(2);
    for (const endpoint of adminEndpoints) expect(endpoint.auth, endpoint.id).toBe('admin');
    for (const endpoint of endpointList.filter((e) => e.auth === 'admin')) {
      expect(endpoint.path, endpoint.id).toMatch(/^\/api\/admin\//);
    }
  });

  test.each(adminEndpoints.map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s answers 401 without a session and 403 to a normal user',
    async (_id, endpoint) => {
      const params = Object.fromEntries(
        [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => [name, '1']),
      );
      const anonymous = await call(app.baseUrl, endpoint, { params });
      expect(anonymous.status).toBe(401);
      const user = await call(app.baseUrl, endpoint, { params, token: userToken });
      expect(user.status).toBe(403);
      expect(user.error?.message).toBe('Only operators can do this.');
    },
  );
});

test('the login answer tells an operator apart, so the menu can offer the console', async () => {
  const asOperator = await call(app.baseUrl, login, { body: OPERATOR });
  expect(asOperator.data).toMatchObject({ email: OPERATOR.email, operator: true });
  const asUser = await call(app.baseUrl, login, {
    body: { email: DEMO_USER.email, password: DEMO_USER.password },
  });
  expect(asUser.data).toMatchObject({ email: DEMO_USER.email, operator: false });
});

test('an operator reaches the console and sees their own creation in the audit log', async () => {
  const session = await call(app.baseUrl, adminSession, { token: operatorToken });
  expect(session.data).toEqual({ name: 'Operator', email: OPERATOR.email });

  const log = await call(app.baseUrl, auditLog, { token: operatorToken });
  expect(log.data?.count).toBe(1);
  expect(log.data?.entries[0]).toMatchObject({
    action: 'operator.create',
    subject: OPERATOR.email,
  });
});

test('admin:create is idempotent and promotes an existing account without touching its password', async () => {
  expect(await createOperator(app.db, hasher, OPERATOR)).toEqual({
    outcome: 'already-operator',
    email: OPERATOR.email,
  });
  const promoted = await startTestApp({ seed: true });
  try {
    await expect(createOperator(promoted.db, hasher, { email: DEMO_USER.email })).resolves.toEqual({
      outcome: 'promoted',
      email: DEMO_USER.email,
    });
    const token = await loginToken(promoted.baseUrl, DEMO_USER.email, DEMO_USER.password);
    expect((await call(promoted.baseUrl, adminSession, { token })).status).toBe(200);
  } finally {
    await promoted.close();
  }
});

test('a created operator gets a generated password that satisfies the password rules and works', async () => {
  const result = await createOperator(app.db, hasher, { email: 'second-ops@brnd.example' });
  if (result.outcome !== 'created')
    throw new Error(`expected a new operator, got ${result.outcome}`);
  expect(result.password).toMatch(/^.{15}$/);
  await expect(loginToken(app.baseUrl, result.email, result.password)).resolves.toMatch(/\S{43}/);
});

test('the audit log is append-only: the database refuses edits and deletes', async () => {
  await expect(app.db.query("UPDATE admin_audit_log SET action = 'forged'")).rejects.toThrow(
    /append-only/,
  );
  await expect(app.db.query('DELETE FROM admin_audit_log')).rejects.toThrow(/append-only/);
});

test('the audit log filters by action prefix and operator e-mail, newest first', async () => {
  const audit = createAuditLog(app.db);
  const actor = (actorEmail: string) => ({ actorId: null, actorEmail });
  await audit.record({ ...actor('anna@ops.example'), action: 'brand.approve', subject: 'b-1' });
  await audit.record({ ...actor('bob@ops.example'), action: 'brand.reject', subject: 'b-2' });
  await audit.record({ ...actor('anna@ops.example'), action: 'sale.update', subject: 'tiers' });
  await audit.record({ ...actor('anna@ops.example'), action: 'brand_100%', subject: 'odd' });

  const subjects = async (query: Record<string, string>) =>
    (await call(app.baseUrl, auditLog, { token: operatorToken, query })).data?.entries.map(
      (entry) => entry.subject,
    );
  expect(await subjects({ action: 'brand.' })).toEqual(['b-2', 'b-1']);
  expect(await subjects({ actor: 'ANNA@' })).toEqual(['odd', 'tiers', 'b-1']);
  expect(await subjects({ action: 'brand.', actor: 'anna' })).toEqual(['b-1']);
  // LIKE's wildcards in a filter are plain characters.
  expect(await subjects({ action: 'brand_' })).toEqual(['odd']);
});

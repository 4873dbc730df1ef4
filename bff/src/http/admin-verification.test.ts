import { typesetText } from '@brnd/locales/typography';
import {
  createBrand,
  myBrands,
  registerCompany,
  resubmitBrand,
  uploadBrandDocuments,
} from '@brnd/contracts/api/brands';
import { buildPath } from '@brnd/contracts/api/endpoint';
import { verificationDueAt } from '@brnd/contracts/domain/verification';
import {
  decideVerification,
  deleteCompany,
  revokeVerification,
  verificationQueue,
} from '@brnd/contracts/api/admin-verification';
import { brandConsole, issueBrandToken } from '@brnd/contracts/api/brand-tokens';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createOperator } from '../services/operators.ts';
import { createPasswordHasher, TEST_ARGON2_COST } from '../services/passwords.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import {
  call,
  countMessages,
  latestMessage,
  loginToken,
  registerVerifiedUser,
} from '../testing/http.ts';
import { PDF, PNG } from '../testing/sample-files.ts';

const OPERATORS = [
  { email: 'verifier-1@brnd.example', password: 'Ver1fier!pass' },
  { email: 'verifier-2@brnd.example', password: 'Ver1fier!pass' },
];

let app: TestApp;
let operatorTokens: string[];
beforeAll(async () => {
  app = await startTestApp();
  const hasher = createPasswordHasher(TEST_ARGON2_COST);
  operatorTokens = [];
  for (const operator of OPERATORS) {
    await createOperator(app.db, hasher, operator);
    operatorTokens.push(await loginToken(app.baseUrl, operator.email, operator.password));
  }
});
afterAll(async () => {
  await app?.close();
});

let count = 0;
/** A user registers a brand from My brands' add-brand form, with a logo. */
async function registerBrand(name: string, token: string): Promise<number> {
  count += 1;
  const form = new FormData();
  const fields: Record<string, string> = {
    name,
    website: `verify-${count}-${Date.now()}.com`,
    description: 'A brand waiting for verification.',
    industry: 'tools',
    token_ticker: 'VRFY',
    no_of_employees: '12',
    address1: 'ul. Prosta 1',
    city: 'Warszawa',
    state: 'mazowieckie',
    postal_code: '00-001',
    country: 'Poland',
    operating_address: 'ul. Prosta 1',
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('image', new Blob([PNG], { type: 'image/png' }), 'logo.png');
  const response = await fetch(`${app.baseUrl}${createBrand.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { details: { id: number } };
  if (response.status !== 200) throw new Error(`createBrand answered ${response.status}`);
  return body.details.id;
}

async function backdate(table: 'brands' | 'companies', id: number, at: string) {
  const submitted = table === 'brands' ? ', verification_submitted_at = $2' : '';
  await app.db.query(`UPDATE ${table} SET created_at = $2${submitted} WHERE id = $1`, [id, at]);
}

function queue(token = operatorTokens[0]!) {
  return call(app.baseUrl, verificationQueue, { token });
}

function decide(
  kind: 'brand' | 'company',
  id: number,
  body: Record<string, string>,
  token = operatorTokens[0]!,
) {
  return call(app.baseUrl, decideVerification, {
    params: { kind, id: String(id) },
    body,
    token,
  });
}

test('the queue lists brands with an owner and companies, oldest first, with documents, logo and due time', async () => {
  const owner = await registerVerifiedUser(app.baseUrl);
  const brandId = await registerBrand('Queue Brand', owner.token);
  const company = await call(app.baseUrl, registerCompany, {
    body: {
      brandName: 'Queue Company',
      email: 'queue-company@example.com',
      phoneValue: '+48 601 000 111',
      employee_num: '5',
      vat_num: 'PL1111111111',
      billing_address: 'ul. Kolejkowa 1, Kraków',
      operating_address: 'ul. Kolejkowa 1, Kraków',
    },
  });
  const companyId = company.data!.company.id;
  // Thursday 9:00 in Warsaw is due Monday 9:00, so overdue by the time the test reads it; Friday
  // 14:00 is due Tuesday 14:00.
  await backdate('brands', brandId, '2024-01-04T08:00:00Z');
  await backdate('companies', companyId, '2024-01-05T13:00:00Z');

  const items = (await queue()).data!.items.filter((item) =>
    [brandId, companyId].includes(item.id),
  );
  expect(items.map((item) => [item.kind, item.name])).toEqual([
    ['brand', 'Queue Brand'],
    ['company', 'Queue Company'],
  ]);
  const [brand, companyItem] = items;
  expect(brand).toMatchObject({
    status: 'pending',
    email: owner.user.email,
    submitted_at: '2024-01-04T08:00:00.000Z',
    due_at: '2024-01-08T08:00:00.000Z',
    overdue: true,
    brand: { owner_name: owner.user.name, city: 'Warszawa', token_ticker: 'VRFY' },
  });
  expect(brand!.logo_url).toMatch(/^\/uploads\//);
  const logo = await fetch(`${app.baseUrl}${brand!.logo_url!}`);
  expect(logo.headers.get('content-type')).toBe('image/png');
  const held = (item: typeof brand) =>
    item!.documents.filter((document) => document.held).map((document) => document.document);
  expect(held(brand)).toEqual(['nameAndOffice', 'phone', 'email', 'logo']);
  expect(companyItem).toMatchObject({
    email: 'queue-company@example.com',
    logo_url: null,
    due_at: '2024-01-09T13:00:00.000Z',
    company: { vat_number: 'PL1111111111', employees: 5 },
  });
  expect(held(companyItem)).toEqual(['nameAndOffice', 'phone', 'email']);
});

test('a brand referred from the voting page has no owner and is not in the queue', async () => {
  const referrer = await registerVerifiedUser(app.baseUrl);
  const [referred] = await app.db.query<{ id: string }>(
    `INSERT INTO brands (name, website, referred_by) VALUES ('Referred Only', 'referred-only.com', $1)
     RETURNING id::text`,
    [
      (
        await app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
          referrer.user.email,
        ])
      )[0]!.id,
    ],
  );
  const items = (await queue()).data!.items;
  expect(items.some((item) => item.id === Number(referred!.id) && item.kind === 'brand')).toBe(
    false,
  );
  const refused = await decide('brand', Number(referred!.id), { decision: 'approve' });
  expect(refused.status).toBe(404);
});

test('approving a brand: one of two racing operators decides, the owner is mailed and sees it verified', async () => {
  const owner = await registerVerifiedUser(app.baseUrl);
  const brandId = await registerBrand('Racing Brand', owner.token);
  const before = (await call(app.baseUrl, myBrands, { token: owner.token })).data!.brands.rows;
  expect(before.find((row) => row.id === brandId)?.verification_status).toBe('pending');

  // The decision mail is sent after the answer: wait for the one after the sign-up mail.
  const mailsBefore = await countMessages(app.baseUrl, owner.user.email, 'email');
  const answers = await Promise.all(
    operatorTokens.map((token) => decide('brand', brandId, { decision: 'approve' }, token)),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  const conflict = answers.find((answer) => answer.status === 409)!;
  expect(conflict.error?.messageId).toBe('adminVerification.errors.alreadyDecided');
  expect(answers.find((answer) => answer.status === 200)!.data!.item.status).toBe('verified');

  const after = (await call(app.baseUrl, myBrands, { token: owner.token })).data!.brands.rows;
  expect(after.find((row) => row.id === brandId)?.verification_status).toBe('verified');
  expect((await queue()).data!.items.some((item) => item.id === brandId)).toBe(false);

  const mail = await latestMessage(app.baseUrl, owner.user.email, 'email', {
    after: mailsBefore,
  });
  expect(mail.subject).toBe('Racing Brand is verified on BRND');
  expect(mail.text).toContain(`${app.baseUrl}/user/mybrands/lists`);
  expect(mail.html).toContain(`href="${app.baseUrl}/user/mybrands/lists?lang=en"`);

  const audit = await app.db.query<{ action: string; actor_email: string }>(
    `SELECT action, actor_email FROM admin_audit_log WHERE details->>'brand_id' = $1`,
    [String(brandId)],
  );
  expect(audit).toHaveLength(1);
  expect(audit[0]!.action).toBe('brand.approve');
  expect(OPERATORS.map((operator) => operator.email)).toContain(audit[0]!.actor_email);
  const [row] = await app.db.query<{ verified_at: Date | null; verification_decided_by: string }>(
    'SELECT verified_at, verification_decided_by FROM brands WHERE id = $1',
    [brandId],
  );
  expect(row!.verified_at).not.toBeNull();
});

test('a rejection needs a reason, which the owner receives in their language', async () => {
  const owner = await registerVerifiedUser(app.baseUrl);
  await app.db.query(`UPDATE users SET language = 'po' WHERE email = $1`, [owner.user.email]);
  const brandId = await registerBrand('Rejected Brand', owner.token);

  const noReason = await decide('brand', brandId, { decision: 'reject', reason: '   ' });
  expect(noReason.status).toBe(400);
  expect(noReason.error?.errors).toEqual({ reason: 'adminVerification.errors.reasonRequired' });
  const [still] = await app.db.query<{ verification_status: string }>(
    'SELECT verification_status FROM brands WHERE id = $1',
    [brandId],
  );
  expect(still!.verification_status).toBe('pending');

  const mailsBefore = await countMessages(app.baseUrl, owner.user.email, 'email');
  const rejected = await decide('brand', brandId, {
    decision: 'reject',
    reason: 'The trademark certificate is missing.',
  });
  expect(rejected.data!.item.status).toBe('rejected');
  const mail = await latestMessage(app.baseUrl, owner.user.email, 'email', {
    after: mailsBefore,
  });
  expect(mail.subject).toBe('Nie udało się zweryfikować marki Rejected Brand');
  expect(mail.text).toContain('The trademark certificate is missing.');

  const [row] = await app.db.query<{ verification_reason: string }>(
    'SELECT verification_reason FROM brands WHERE id = $1',
    [brandId],
  );
  expect(row!.verification_reason).toBe('The trademark certificate is missing.');
  const again = await decide('brand', brandId, { decision: 'approve' });
  expect(again.status).toBe(409);
});

test('a company is approved once and mailed at its address, in the language it registered in', async () => {
  const company = await call(app.baseUrl, registerCompany, {
    headers: { 'accept-language': 'pl-PL,pl;q=0.9' },
    body: {
      brandName: 'Firma Testowa',
      email: 'firma-testowa@example.com',
      phoneValue: '+48 601 000 222',
      employee_num: '3',
      vat_num: 'PL2222222222',
      billing_address: 'ul. Testowa 2, Poznań',
      operating_address: 'ul. Testowa 2, Poznań',
    },
  });
  const id = company.data!.company.id;
  // The application's receipt, in the language of the page it was sent from.
  const receipt = await latestMessage(app.baseUrl, 'firma-testowa@example.com', 'email');
  expect(receipt.subject).toBe('Otrzymaliśmy zgłoszenie Firma Testowa');
  expect(receipt.text).toContain(typesetText('3 pracowników', 'pl'));
  const approved = await decide('company', id, { decision: 'approve' });
  expect(approved.data!.item).toMatchObject({ kind: 'company', status: 'verified' });
  const mail = await latestMessage(app.baseUrl, 'firma-testowa@example.com', 'email', {
    after: 1,
  });
  expect(mail.subject).toBe(
    typesetText('Zgłoszenie Firma Testowa zostało zweryfikowane w BRND', 'pl'),
  );
  // No account yet: the mail offers one for this address, not a login it does not have.
  expect(mail.text).toContain(`${app.baseUrl}/register?email=firma-testowa%40example.com`);
  expect(mail.text).not.toContain('/login');
  expect((await decide('company', id, { decision: 'reject', reason: 'x' })).status).toBe(409);
  const [row] = await app.db.query<{ status: string; decided_by: string | null }>(
    'SELECT status, decided_by FROM companies WHERE id = $1',
    [id],
  );
  expect(row!.status).toBe('verified');
  expect(row!.decided_by).not.toBeNull();
});

test('deleting a company account needs no reason, is logged, and cannot happen twice', async () => {
  const company = await call(app.baseUrl, registerCompany, {
    body: {
      brandName: 'Deleted Company',
      email: 'deleted-company@example.com',
      phoneValue: '+48 601 000 333',
      employee_num: '1',
      vat_num: 'PL3333333333',
      billing_address: 'ul. Usunięta 3, Łódź',
      operating_address: 'ul. Usunięta 3, Łódź',
    },
  });
  const id = String(company.data!.company.id);
  const token = operatorTokens[1]!;
  expect((await call(app.baseUrl, deleteCompany, { params: { id }, token })).status).toBe(200);
  const twice = await call(app.baseUrl, deleteCompany, { params: { id }, token });
  expect(twice.status).toBe(404);
  expect(twice.error?.messageId).toBe('adminVerification.errors.notFound');
  expect((await app.db.query('SELECT 1 FROM companies WHERE id = $1', [id])).length).toBe(0);
  const audit = await app.db.query<{ actor_email: string; subject: string }>(
    `SELECT actor_email, subject FROM admin_audit_log WHERE action = 'company.delete'`,
  );
  expect(audit).toEqual([{ actor_email: OPERATORS[1]!.email, subject: 'Deleted Company' }]);
  expect((await decide('company', Number(id), { decision: 'approve' })).status).toBe(404);
});

test('a bad decision changes nothing and says why', async () => {
  const invalid = await decide('brand', 1, { decision: 'maybe' });
  expect(invalid.status).toBe(400);
  expect(invalid.error?.errors?.decision).toBe('adminVerification.errors.decision');
  const unknownKind = await call(app.baseUrl, decideVerification, {
    params: { kind: 'person', id: '1' },
    body: { decision: 'approve' },
    token: operatorTokens[0],
  });
  expect(unknownKind.status).toBe(400);
});

/* ---------------------------------------------------------------- revoking */

function revoke(kind: 'brand' | 'company', id: number, reason: string, token = operatorTokens[0]!) {
  return call(app.baseUrl, revokeVerification, {
    params: { kind, id: String(id) },
    body: { reason },
    token,
  });
}

test('revoking a verified brand needs a reason, stops its console, mails the owner in their language and is logged', async () => {
  const owner = await registerVerifiedUser(app.baseUrl);
  await app.db.query(`UPDATE users SET language = 'po' WHERE email = $1`, [owner.user.email]);
  const brandId = await registerBrand('Revoked Brand', owner.token);
  expect((await decide('brand', brandId, { decision: 'approve' })).status).toBe(200);
  const verifiedList = await call(app.baseUrl, verificationQueue, {
    query: { status: 'verified' },
    token: operatorTokens[0],
  });
  expect(verifiedList.data!.items.find((item) => item.id === brandId)).toMatchObject({
    kind: 'brand',
    status: 'verified',
    overdue: false,
    reason: null,
  });

  const noReason = await revoke('brand', brandId, '  ');
  expect(noReason.status).toBe(400);
  expect(noReason.error?.errors).toEqual({
    reason: 'adminVerification.errors.revokeReasonRequired',
  });

  // The approval's mail (after the sign-up's) goes out after the answer: count it in first.
  await latestMessage(app.baseUrl, owner.user.email, 'email', { after: 1 });
  const mailsBefore = await countMessages(app.baseUrl, owner.user.email, 'email');
  const revoked = await revoke('brand', brandId, 'The trademark registration has lapsed.');
  expect(revoked.status).toBe(200);
  expect(revoked.data!.item).toMatchObject({
    status: 'revoked',
    reason: 'The trademark registration has lapsed.',
  });
  expect(revoked.data!.item.decided_at).not.toBeNull();

  // The brand console works only for verified brands (issue #8): it stops at once.
  const consoleAnswer = await call(app.baseUrl, brandConsole, {
    params: { brandId: String(brandId) },
    token: owner.token,
  });
  expect(consoleAnswer.data!.brand.verification_status).toBe('revoked');
  const issue = await call(app.baseUrl, issueBrandToken, {
    params: { brandId: String(brandId) },
    body: { name: 'Revoked Token', ticker: 'RVKD', cap: 1000, request_id: crypto.randomUUID() },
    json: true,
    token: owner.token,
  });
  expect(issue.status).toBe(403);
  expect(issue.error?.messageId).toBe('brandTokens.errors.notVerified');
  const mine = (await call(app.baseUrl, myBrands, { token: owner.token })).data!.brands.rows;
  expect(mine.find((row) => row.id === brandId)?.verification_status).toBe('revoked');

  const mail = await latestMessage(app.baseUrl, owner.user.email, 'email', {
    after: mailsBefore,
  });
  expect(mail.subject).toBe(
    typesetText('Weryfikacja marki Revoked Brand w BRND została cofnięta', 'pl'),
  );
  expect(mail.text).toContain('The trademark registration has lapsed.');

  const audit = await app.db.query<{ action: string; details: { reason: string } }>(
    `SELECT action, details FROM admin_audit_log WHERE details->>'brand_id' = $1 ORDER BY id`,
    [String(brandId)],
  );
  expect(audit.map((row) => row.action)).toEqual(['brand.approve', 'brand.revoke']);
  expect(audit[1]!.details.reason).toBe('The trademark registration has lapsed.');

  const revokedList = await call(app.baseUrl, verificationQueue, {
    query: { status: 'revoked' },
    token: operatorTokens[0],
  });
  expect(revokedList.data!.items.some((item) => item.id === brandId)).toBe(true);
});

test('revoking twice, or revoking what is not verified, is 409; of two racing operators one revokes', async () => {
  const owner = await registerVerifiedUser(app.baseUrl);
  const pendingId = await registerBrand('Pending Brand', owner.token);
  const pending = await revoke('brand', pendingId, 'Not yet.');
  expect(pending.status).toBe(409);
  expect(pending.error?.messageId).toBe('adminVerification.errors.notVerified');

  const brandId = await registerBrand('Twice Revoked Brand', owner.token);
  await decide('brand', brandId, { decision: 'approve' });
  const answers = await Promise.all(
    operatorTokens.map((token) => revoke('brand', brandId, 'Fraud report confirmed.', token)),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  const again = await revoke('brand', brandId, 'Once more.');
  expect(again.status).toBe(409);
  expect(again.error?.messageId).toBe('adminVerification.errors.notVerified');
  expect((await revoke('brand', 9_999_999, 'Nobody.')).status).toBe(404);
});

test('a verified company is revoked with a reason, mailed at its address, and logged', async () => {
  const company = await call(app.baseUrl, registerCompany, {
    body: {
      brandName: 'Revoked Company',
      email: 'revoked-company@example.com',
      phoneValue: '+48 601 000 444',
      employee_num: '2',
      vat_num: 'PL4444444444',
      billing_address: 'ul. Cofnięta 4, Gdańsk',
      operating_address: 'ul. Cofnięta 4, Gdańsk',
    },
  });
  const id = company.data!.company.id;
  await decide('company', id, { decision: 'approve' });
  // The application's receipt, then the approval's mail (sent after the answer): the
  // revocation's must come after both.
  await latestMessage(app.baseUrl, 'revoked-company@example.com', 'email', { after: 1 });
  const revoked = await revoke('company', id, 'The VAT number is no longer active.');
  expect(revoked.data!.item).toMatchObject({
    kind: 'company',
    status: 'revoked',
    reason: 'The VAT number is no longer active.',
  });
  const mail = await latestMessage(app.baseUrl, 'revoked-company@example.com', 'email', {
    after: 2,
  });
  expect(mail.subject).toBe('The verification of Revoked Company on BRND is withdrawn');
  expect((await revoke('company', id, 'Again.')).status).toBe(409);
  const audit = await app.db.query<{ subject: string }>(
    `SELECT subject FROM admin_audit_log WHERE action = 'company.revoke'`,
  );
  expect(audit).toEqual([{ subject: 'Revoked Company' }]);
});

/* ---------------------------------------------------------------- sent for verification again */

function resubmit(brandId: number, token?: string) {
  return call(app.baseUrl, resubmitBrand, { params: { brandId: String(brandId) }, token });
}

async function myBrand(brandId: number, token: string) {
  const mine = await call(app.baseUrl, myBrands, { token });
  return mine.data!.brands.rows.find((row) => row.id === brandId);
}

test('the owner sends a rejected brand again with the missing extract: it waits last in the queue, due two business days from now, the reason cleared', async () => {
  const owner = await registerVerifiedUser(app.baseUrl);
  const brandId = await registerBrand('Second Try Brand', owner.token);
  await backdate('brands', brandId, '2024-01-04T08:00:00Z');
  await decide('brand', brandId, {
    decision: 'reject',
    reason: 'The registry extract is missing.',
  });
  expect(await myBrand(brandId, owner.token)).toMatchObject({
    verification_status: 'rejected',
    verification_reason: 'The registry extract is missing.',
  });
  const waiting = await registerBrand('Waiting Meanwhile', owner.token);

  // Documents for the second try are taken while the brand is rejected.
  const form = new FormData();
  form.set('registryExtract', new Blob([PDF], { type: 'application/pdf' }), 'krs.pdf');
  const uploaded = await fetch(
    `${app.baseUrl}${buildPath(uploadBrandDocuments.path, { brandId: String(brandId) })}`,
    { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form },
  );
  expect(uploaded.status).toBe(200);

  const before = Date.now();
  const sent = await resubmit(brandId, owner.token);
  expect(sent.status).toBe(200);
  expect(sent.data!.brand).toMatchObject({
    id: brandId,
    name: 'Second Try Brand',
    verification_status: 'pending',
    verification_reason: null,
  });
  expect(await myBrand(brandId, owner.token)).toMatchObject({ verification_status: 'pending' });

  const items = (await queue()).data!.items.filter((item) => [waiting, brandId].includes(item.id));
  // Registered long before the other, but sent again after it: the queue counts the submission.
  expect(items.map((item) => item.id)).toEqual([waiting, brandId]);
  const item = items[1]!;
  expect(new Date(item.submitted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  expect(item).toMatchObject({
    status: 'pending',
    due_at: verificationDueAt(new Date(item.submitted_at)).toISOString(),
    overdue: false,
    reason: null,
    decided_at: null,
  });
  expect(item.documents.find((entry) => entry.document === 'registryExtract')).toMatchObject({
    held: true,
    file: { file_name: 'krs.pdf' },
  });
  const [row] = await app.db.query<{ created_at: Date; verification_decided_by: string | null }>(
    'SELECT created_at, verification_decided_by FROM brands WHERE id = $1',
    [brandId],
  );
  expect(row!.created_at.toISOString()).toBe('2024-01-04T08:00:00.000Z');
  expect(row!.verification_decided_by).toBeNull();
  // The audit log keeps the rejection.
  const audit = await app.db.query<{ action: string }>(
    `SELECT action FROM admin_audit_log WHERE details->>'brand_id' = $1`,
    [String(brandId)],
  );
  expect(audit.map((entry) => entry.action)).toEqual(['brand.reject']);

  // Decided again as any pending brand.
  const approved = await decide('brand', brandId, { decision: 'approve' });
  expect(approved.data!.item.status).toBe('verified');
});

test('only the owner sends a brand again, only a rejected or revoked one, and only once', async () => {
  const owner = await registerVerifiedUser(app.baseUrl);
  const stranger = await registerVerifiedUser(app.baseUrl);
  const brandId = await registerBrand('Refusals Brand', owner.token);

  const waiting = await resubmit(brandId, owner.token);
  expect(waiting.status).toBe(409);
  expect(waiting.error?.messageId).toBe('brands.resubmit.notRefused');

  await decide('brand', brandId, { decision: 'approve' });
  const verified = await resubmit(brandId, owner.token);
  expect(verified.status).toBe(409);
  expect(verified.error?.messageId).toBe('brands.resubmit.notRefused');

  await call(app.baseUrl, revokeVerification, {
    params: { kind: 'brand', id: String(brandId) },
    body: { reason: 'Vouchers were not honoured.' },
    token: operatorTokens[0]!,
  });
  expect(await myBrand(brandId, owner.token)).toMatchObject({
    verification_status: 'revoked',
    verification_reason: 'Vouchers were not honoured.',
  });
  const theirs = await resubmit(brandId, stranger.token);
  expect(theirs.status).toBe(404);
  expect(theirs.error?.messageId).toBe('uploads.brandNotFound');
  expect((await resubmit(brandId)).status).toBe(401);

  // Two tabs sending it at once: the row's lock lets one through, the other finds it pending.
  const racing = await Promise.all([
    resubmit(brandId, owner.token),
    resubmit(brandId, owner.token),
  ]);
  expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409]);
  const [row] = await app.db.query<{ verification_status: string }>(
    'SELECT verification_status FROM brands WHERE id = $1',
    [brandId],
  );
  expect(row!.verification_status).toBe('pending');
});

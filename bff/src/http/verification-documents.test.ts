import { createHash } from 'node:crypto';
import {
  deleteCompany,
  downloadVerificationDocument,
  verificationQueue,
  type VerificationItem,
} from '@brnd/contracts/api/admin-verification';
import {
  brandDocuments,
  createBrand,
  registerCompany,
  uploadBrandDocuments,
} from '@brnd/contracts/api/brands';
import { decideVerification } from '@brnd/contracts/api/admin-verification';
import { buildPath } from '@brnd/contracts/api/endpoint';
import {
  VERIFICATION_DOCUMENT_MAX_BYTES,
  type VerificationStatus,
} from '@brnd/contracts/domain/verification';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { purgeExpired } from '../services/maintenance.ts';
import { createOperator } from '../services/operators.ts';
import { createPasswordHasher, TEST_ARGON2_COST } from '../services/passwords.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { call, loginToken, registerVerifiedUser } from '../testing/http.ts';
import { JPEG, PDF, PNG } from '../testing/sample-files.ts';

const OPERATOR = { email: 'documents-ops@brnd.example', password: 'D0cuments!pass' };

let app: TestApp;
let operatorToken: string;
let ownerToken: string;
beforeAll(async () => {
  app = await startTestApp();
  await createOperator(app.db, createPasswordHasher(TEST_ARGON2_COST), OPERATOR);
  operatorToken = await loginToken(app.baseUrl, OPERATOR.email, OPERATOR.password);
  ({ token: ownerToken } = await registerVerifiedUser(app.baseUrl));
});
afterAll(async () => {
  await app?.close();
});

const ELF = Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(64).fill(0)]);

function file(bytes: Uint8Array, type: string): Blob {
  return new Blob([new Uint8Array(bytes)], { type });
}

let count = 0;
/** My brands' add-brand form with a logo and whatever documents the owner attaches. */
async function submitBrand(name: string, documents: Record<string, [Blob, string]>) {
  count += 1;
  // This file's one owner adds more brands than a day allows; that limit has its own test
  // (brand-throttle.test.ts), so the count starts afresh for each submission here.
  await app.db.query("DELETE FROM rate_limits WHERE key LIKE 'brand-add:%'");
  const form = new FormData();
  const fields: Record<string, string> = {
    name,
    website: `documents-${count}-${Date.now()}.com`,
    description: 'A brand with its papers.',
    industry: 'tools',
    token_ticker: 'DOCS',
    no_of_employees: '3',
    address1: 'ul. Papierowa 2',
    city: 'Łódź',
    state: 'łódzkie',
    postal_code: '90-001',
    country: 'Poland',
    operating_address: 'ul. Papierowa 2',
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('image', file(PNG, 'image/png'), 'logo.png');
  for (const [kind, [blob, fileName]] of Object.entries(documents)) form.set(kind, blob, fileName);
  const response = await fetch(`${app.baseUrl}${createBrand.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ownerToken}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** /newbrandaccount's form, sent by a company with whatever documents it attaches. */
async function submitCompany(name: string, documents: Record<string, [Blob, string]>) {
  count += 1;
  const form = new FormData();
  const suffix = `${count}${Date.now().toString().slice(-7)}`;
  const fields: Record<string, string> = {
    brandName: name,
    email: `documents-company-${suffix}@example.com`,
    phoneValue: '+48 601 222 333',
    employee_num: '9',
    vat_num: `PL77${suffix}`,
    billing_address: `ul. Dokumentowa ${suffix}, Poznań`,
    operating_address: 'ul. Dokumentowa 1, Poznań',
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const [kind, [blob, fileName]] of Object.entries(documents)) form.set(kind, blob, fileName);
  const response = await fetch(`${app.baseUrl}${registerCompany.path}`, {
    method: 'POST',
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { company: { id: number } }).company.id;
}

async function queueItem(
  kind: 'brand' | 'company',
  id: number,
  status: VerificationStatus = 'pending',
): Promise<VerificationItem> {
  const queue = await call(app.baseUrl, verificationQueue, {
    token: operatorToken,
    query: { status },
  });
  const item = queue.data!.items.find((entry) => entry.kind === kind && entry.id === id);
  if (!item) throw new Error(`${kind} ${id} is not in the ${status} queue`);
  return item;
}

function download(documentId: number, token?: string) {
  return fetch(`${app.baseUrl}${buildPath(downloadVerificationDocument.path, { documentId })}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function countRows(table: 'verification_documents' | 'brands' | 'uploads') {
  const [row] = await app.db.query<{ count: number }>(
    `SELECT count(*)::integer AS count FROM ${table}`,
  );
  return row!.count;
}

test('documents sent with a brand are listed in the queue with name and size; the rest are missing', async () => {
  const { status, body } = await submitBrand('Papers Brand', {
    registryExtract: [file(PDF, 'application/pdf'), 'KRS odpis.pdf'],
    identity: [file(JPEG, 'image/jpeg'), 'dowód.jpg'],
  });
  expect(status).toBe(200);
  const brandId = (body.details as { id: number }).id;

  const item = await queueItem('brand', brandId);
  const byKind = Object.fromEntries(item.documents.map((entry) => [entry.document, entry]));
  expect(byKind.registryExtract).toMatchObject({
    held: true,
    file: { file_name: 'KRS odpis.pdf', content_type: 'application/pdf', size: PDF.length },
  });
  expect(byKind.identity).toMatchObject({
    held: true,
    file: { file_name: 'dowód.jpg', content_type: 'image/jpeg', size: JPEG.length },
  });
  expect(byKind.articles).toEqual({ document: 'articles', held: false, file: null });
  expect(byKind.bankAccount).toEqual({ document: 'bankAccount', held: false, file: null });
  expect(byKind.registryExtract!.file!.download_url).toBe(
    buildPath(downloadVerificationDocument.path, { documentId: byKind.registryExtract!.file!.id }),
  );

  // Stored privately with its checksum: nothing of it is in the public uploads behind /uploads.
  const [stored] = await app.db.query<{ sha256: string; uploaded_by: string | null }>(
    'SELECT sha256, uploaded_by::text FROM verification_documents WHERE id = $1',
    [byKind.registryExtract!.file!.id],
  );
  expect(stored!.sha256).toBe(createHash('sha256').update(PDF).digest('hex'));
  expect(stored!.uploaded_by).not.toBeNull();
  const publicCopies = await app.db.query(
    "SELECT name FROM uploads WHERE content_type IN ('application/pdf', 'image/jpeg')",
  );
  expect(publicCopies).toEqual([]);
});

test('an operator downloads a document as an attachment in its stored type, and the download is audited', async () => {
  const { body } = await submitBrand('Download Brand', {
    articles: [file(PDF, 'application/pdf'), 'Umowa spółki "final".pdf'],
  });
  const brandId = (body.details as { id: number }).id;
  const articles = (await queueItem('brand', brandId)).documents.find(
    (entry) => entry.document === 'articles',
  )!.file!;

  const response = await download(articles.id, operatorToken);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const disposition = response.headers.get('content-disposition')!;
  expect(disposition).toMatch(
    /^attachment; filename="Umowa sp__ki _final_.pdf"; filename\*=UTF-8''/,
  );
  expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('Umowa spółki "final".pdf');
  expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);

  const audit = await app.db.query<{ action: string; actor_email: string; subject: string }>(
    `SELECT action, actor_email, subject FROM admin_audit_log
     WHERE action = 'document.download' AND details->>'document_id' = $1`,
    [String(articles.id)],
  );
  expect(audit).toEqual([
    { action: 'document.download', actor_email: OPERATOR.email, subject: 'Download Brand' },
  ]);
});

test('a document is for operators only: 401 without a session, 403 for its own owner', async () => {
  const { body } = await submitBrand('Private Brand', {
    bankAccount: [file(PNG, 'image/png'), 'statement.png'],
  });
  const brandId = (body.details as { id: number }).id;
  const statement = (await queueItem('brand', brandId)).documents.find(
    (entry) => entry.document === 'bankAccount',
  )!.file!;

  const anonymous = await download(statement.id);
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get('content-type')).toMatch(/^application\/json/);
  const owner = await download(statement.id, ownerToken);
  expect(owner.status).toBe(403);
  expect(((await owner.json()) as { messageId: string }).messageId).toBe('errors.forbidden');
  expect((await download(9_999_999, operatorToken)).status).toBe(404);
});

test('an executable named .pdf is refused by its bytes, and nothing of the brand is stored', async () => {
  const [brandsBefore, documentsBefore] = [
    await countRows('brands'),
    await countRows('verification_documents'),
  ];
  const { status, body } = await submitBrand('Refused Brand', {
    registryExtract: [file(PDF, 'application/pdf'), 'krs.pdf'],
    articles: [file(ELF, 'application/pdf'), 'articles.pdf'],
  });
  expect(status).toBe(415);
  expect(body).toMatchObject({
    messageId: 'uploads.documentType',
    errors: { articles: 'uploads.documentType' },
  });
  expect(await countRows('brands')).toBe(brandsBefore);
  expect(await countRows('verification_documents')).toBe(documentsBefore);
});

test('a type outside PDF, PNG and JPEG is refused by the contract before the bytes are read', async () => {
  const { status, body } = await submitBrand('Text Brand', {
    identity: [file(new TextEncoder().encode('hello'), 'text/plain'), 'id.txt'],
  });
  expect(status).toBe(400);
  expect(body).toMatchObject({ errors: { identity: 'uploads.documentType' } });
});

test('a document of 5 MB and one byte is refused as too large; one far larger is not even read', async () => {
  const big = new Uint8Array(VERIFICATION_DOCUMENT_MAX_BYTES + 1);
  big.set(PDF);
  const documentsBefore = await countRows('verification_documents');
  const { status, body } = await submitBrand('Big Brand', {
    bankAccount: [file(big, 'application/pdf'), 'statement.pdf'],
  });
  expect(status).toBe(400);
  expect(body).toMatchObject({
    messageId: 'uploads.documentTooLarge',
    errors: { bankAccount: 'uploads.documentTooLarge' },
  });
  const huge = new Uint8Array(3 * VERIFICATION_DOCUMENT_MAX_BYTES);
  huge.set(PDF);
  const refused = await submitBrand('Huge Brand', {
    registryExtract: [file(huge, 'application/pdf'), 'krs.pdf'],
  });
  expect(refused.status).toBe(413);
  expect(refused.body).toMatchObject({
    messageId: 'uploads.documentTooLarge',
    errors: { registryExtract: 'uploads.documentTooLarge' },
  });
  expect(await countRows('verification_documents')).toBe(documentsBefore);
});

test('a company sends documents with /newbrandaccount; deleting the company deletes them', async () => {
  const companyId = await submitCompany('Documents Company', {
    registryExtract: [file(PDF, 'application/pdf'), 'krs.pdf'],
  });

  const item = await queueItem('company', companyId);
  const extract = item.documents.find((entry) => entry.document === 'registryExtract')!;
  expect(extract).toMatchObject({ held: true, file: { file_name: 'krs.pdf' } });
  const downloaded = await download(extract.file!.id, operatorToken);
  expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(PDF);

  await call(app.baseUrl, deleteCompany, {
    params: { id: String(companyId) },
    token: operatorToken,
  });
  expect((await download(extract.file!.id, operatorToken)).status).toBe(404);
});

/* ---------------------------------------------------------------- the owner, later */

async function uploadLater(
  brandId: number,
  token: string,
  documents: Record<string, [Blob, string]>,
) {
  const form = new FormData();
  for (const [kind, [blob, fileName]] of Object.entries(documents)) form.set(kind, blob, fileName);
  const response = await fetch(
    `${app.baseUrl}${buildPath(uploadBrandDocuments.path, { brandId })}`,
    { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test('the owner sends a missing document while the brand waits; the queue then holds it', async () => {
  const { body } = await submitBrand('Later Brand', {
    registryExtract: [file(PDF, 'application/pdf'), 'krs.pdf'],
  });
  const brandId = (body.details as { id: number }).id;
  const listed = await call(app.baseUrl, brandDocuments, {
    params: { brandId: String(brandId) },
    token: ownerToken,
  });
  expect(listed.data!.documents.map((entry) => [entry.document, entry.file_name])).toEqual([
    ['registryExtract', 'krs.pdf'],
  ]);

  const sent = await uploadLater(brandId, ownerToken, {
    identity: [file(JPEG, 'image/jpeg'), 'passport.jpg'],
    registryExtract: [file(PNG, 'image/png'), 'krs-scan.png'],
  });
  expect(sent.status).toBe(200);
  expect(
    (sent.body.documents as { document: string; file_name: string }[]).map((entry) => [
      entry.document,
      entry.file_name,
    ]),
  ).toEqual([
    ['registryExtract', 'krs-scan.png'],
    ['identity', 'passport.jpg'],
  ]);
  const item = await queueItem('brand', brandId);
  expect(item.documents.find((entry) => entry.document === 'identity')).toMatchObject({
    held: true,
    file: { file_name: 'passport.jpg', content_type: 'image/jpeg' },
  });
  // A later upload replaces the earlier file of its kind.
  expect(item.documents.find((entry) => entry.document === 'registryExtract')?.file).toMatchObject({
    file_name: 'krs-scan.png',
    content_type: 'image/png',
  });
});

test('only the owner sends documents, never for a verified brand, and only real ones', async () => {
  const { body } = await submitBrand('Closed Brand', {});
  const brandId = (body.details as { id: number }).id;
  const other = await registerVerifiedUser(app.baseUrl);

  const stranger = await uploadLater(brandId, other.token, {
    articles: [file(PDF, 'application/pdf'), 'articles.pdf'],
  });
  expect(stranger.status).toBe(404);
  expect(stranger.body.messageId).toBe('uploads.brandNotFound');
  const strangerList = await call(app.baseUrl, brandDocuments, {
    params: { brandId: String(brandId) },
    token: other.token,
  });
  expect(strangerList.status).toBe(404);

  const nothing = await uploadLater(brandId, ownerToken, {});
  expect(nothing.status).toBe(400);
  expect(nothing.body.messageId).toBe('uploads.documentRequired');
  const fake = await uploadLater(brandId, ownerToken, {
    articles: [file(ELF, 'application/pdf'), 'articles.pdf'],
  });
  expect(fake.status).toBe(415);
  expect(fake.body.errors).toEqual({ articles: 'uploads.documentType' });

  await call(app.baseUrl, decideVerification, {
    params: { kind: 'brand', id: String(brandId) },
    body: { decision: 'approve' },
    token: operatorToken,
  });
  const closed = await uploadLater(brandId, ownerToken, {
    articles: [file(PDF, 'application/pdf'), 'articles.pdf'],
  });
  expect(closed.status).toBe(409);
  expect(closed.body.messageId).toBe('uploads.documentsClosed');
  const [stored] = await app.db.query<{ count: number }>(
    'SELECT count(*)::integer AS count FROM verification_documents WHERE brand_id = $1',
    [brandId],
  );
  expect(stored!.count).toBe(0);
});

test('a refused brand or company loses its documents 90 days after the decision, unless sent again or uploaded since', async () => {
  const extract = (): Record<string, [Blob, string]> => ({
    registryExtract: [file(PDF, 'application/pdf'), 'krs.pdf'],
  });
  const brandOf = async (name: string) =>
    ((await submitBrand(name, extract())).body.details as { id: number }).id;
  const refuse = (kind: 'brand' | 'company', id: number) =>
    call(app.baseUrl, decideVerification, {
      params: { kind, id: String(id) },
      body: { decision: 'reject', reason: 'The extract is out of date.' },
      token: operatorToken,
    });
  /** Moves a brand's decision and documents back in time, as if that many days had passed. */
  async function age(
    table: 'brands' | 'companies',
    id: number,
    decidedDaysAgo: number,
    uploadedDaysAgo: number,
  ) {
    const decided = table === 'brands' ? 'verification_decided_at' : 'decided_at';
    const owner = table === 'brands' ? 'brand_id' : 'company_id';
    await app.db.query(
      `UPDATE ${table} SET ${decided} = now() - make_interval(days => $2) WHERE id = $1`,
      [id, decidedDaysAgo],
    );
    await app.db.query(
      `UPDATE verification_documents SET uploaded_at = now() - make_interval(days => $2) WHERE ${owner} = $1`,
      [id, uploadedDaysAgo],
    );
  }

  const expired = await brandOf('Long Refused Brand');
  await refuse('brand', expired);
  await age('brands', expired, 91, 120);
  const recent = await brandOf('Lately Refused Brand');
  await refuse('brand', recent);
  await age('brands', recent, 89, 120);
  // Refused long ago, but its owner has just sent a fresh extract to try again.
  const retrying = await brandOf('Retrying Brand');
  await refuse('brand', retrying);
  await age('brands', retrying, 91, 3);
  const waiting = await brandOf('Still Waiting Brand');
  await age('brands', waiting, 0, 120);
  const company = await submitCompany('Long Refused Company', extract());
  await refuse('company', company);
  await age('companies', company, 91, 120);

  await purgeExpired(app.db);

  const held = async (kind: 'brand' | 'company', id: number, status: VerificationStatus) =>
    (await queueItem(kind, id, status)).documents.find(
      (entry) => entry.document === 'registryExtract',
    )!.held;
  expect(await held('brand', expired, 'rejected')).toBe(false);
  expect(await held('company', company, 'rejected')).toBe(false);
  expect(await held('brand', recent, 'rejected')).toBe(true);
  expect(await held('brand', retrying, 'rejected')).toBe(true);
  expect(await held('brand', waiting, 'pending')).toBe(true);
  // The decision and its reason stay; only the papers go.
  expect(await queueItem('brand', expired, 'rejected')).toMatchObject({
    status: 'rejected',
    reason: 'The extract is out of date.',
  });
});

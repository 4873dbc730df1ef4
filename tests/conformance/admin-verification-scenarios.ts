import { login } from '@brnd/contracts/api/accounts';
import { closeContestMonth } from '@brnd/contracts/api/admin-contest';
import {
  decideVerification,
  deleteCompany,
  downloadVerificationDocument,
  revokeVerification,
  verificationQueue,
} from '@brnd/contracts/api/admin-verification';
import {
  brandDocuments,
  createBrand,
  registerCompany,
  resubmitBrand,
  uploadBrandDocuments,
} from '@brnd/contracts/api/brands';
import {
  VERIFICATION_DOCUMENT_MAX_BYTES,
  verificationDueAt,
} from '@brnd/contracts/domain/verification';
import { expect } from 'vitest';
import { CONFORMANCE_OPERATOR } from './admin-payment-scenarios.ts';
import { call, type Scenario, type Step } from './runner.ts';
import { PDF, PNG } from '@brnd/bff/testing/sample-files';

/** The console's verification queue and contest close: the same refusals from mocks and bff. */

/** Unique per run, so the scenarios can run twice against one server. */
const run = Date.now().toString(36).toUpperCase();

const operatorLogin: Step = call(login, {
  label: 'the operator signs in',
  input: () => ({ body: CONFORMANCE_OPERATOR }),
  expect: { status: 200 },
  save: (body, values) => {
    if ('token' in body) values.operator = body.token;
  },
});

const company = {
  brandName: 'Verified Works',
  email: 'office@verifiedworks.example',
  phoneValue: '+48 500 300 400',
  employee_num: '7',
  vat_num: `PL9${run.slice(-7).padStart(7, '0')}`,
  billing_address: `ul. Szeroka ${run}, 87-100 Toruń`,
  operating_address: 'ul. Szeroka 1, 87-100 Toruń',
};

/** The mocks' and the bff's seeded demo user: not an operator. */
const DEMO = { email: 'demo@brnd.example', password: 'Demo123!x' };

/** An executable: its declared type says PDF, its bytes do not. */
const ELF = Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

const documentsCompany = {
  brandName: 'Papers Please',
  email: 'office@papersplease.example',
  phoneValue: '+48 500 300 500',
  employee_num: '4',
  vat_num: `PL8${run.slice(-7).padStart(7, '0')}`,
  billing_address: `ul. Aktowa ${run}, 00-950 Warszawa`,
  operating_address: 'ul. Aktowa 1, 00-950 Warszawa',
};

const demoLogin: Step = call(login, {
  label: 'a user who is not an operator signs in',
  input: () => ({ body: DEMO }),
  expect: { status: 200 },
  save: (body, values) => {
    if ('token' in body) values.user = body.token;
  },
});

const revokedCompany = {
  brandName: 'Withdrawn Works',
  email: 'office@withdrawnworks.example',
  phoneValue: '+48 500 300 600',
  employee_num: '3',
  vat_num: `PL7${run.slice(-7).padStart(7, '0')}`,
  billing_address: `ul. Cofnięta ${run}, 80-001 Gdańsk`,
  operating_address: 'ul. Cofnięta 1, 80-001 Gdańsk',
};

/** The demo user registers a brand on add-brand, with a logo and no documents. */
function addBrand(name: string, saveIdAs: 'againBrandId' | 'laterBrandId') {
  const slug = name.toLowerCase().replace(/ /g, '-');
  return call(createBrand, {
    label: `${name}, a brand registered without documents`,
    as: 'user',
    input: () => ({
      body: {
        name,
        website: `${slug}-${run.toLowerCase()}.com`,
        description: 'Its papers follow.',
        industry: 'tools' as const,
        token_ticker: 'PAPER',
        no_of_employees: '4',
        address1: 'ul. Papierowa 1',
        city: 'Gdańsk',
        state: 'pomorskie',
        postal_code: '80-001',
        country: 'PL',
        operating_address: 'ul. Papierowa 1, 80-001 Gdańsk',
        image: new File([PNG], 'logo.png', { type: 'image/png' }),
      },
    }),
    expect: { status: 200 },
    save: (body, values) => {
      values[saveIdAs] = String(body.details.id);
    },
  });
}

export const adminVerificationScenarios: Scenario[] = [
  {
    name: 'sending again: a rejected brand waits again, back in the queue with a new due time',
    steps: [
      demoLogin,
      addBrand('Second Try', 'againBrandId'),
      call(resubmitBrand, {
        label: 'sending a brand still waiting',
        as: 'user',
        input: (values) => ({ params: { brandId: values.againBrandId! } }),
        expect: { status: 409, messageId: 'brands.resubmit.notRefused' },
      }),
      operatorLogin,
      call(decideVerification, {
        label: 'the rejection',
        as: 'operator',
        input: (values) => ({
          params: { kind: 'brand' as const, id: values.againBrandId! },
          body: { decision: 'reject' as const, reason: 'The registry extract is missing.' },
        }),
        expect: { status: 200 },
        save: (body, values) => {
          values.firstDueAt = body.item.due_at;
        },
      }),
      call(resubmitBrand, {
        label: "another user's brand",
        as: 'operator',
        input: (values) => ({ params: { brandId: values.againBrandId! } }),
        expect: { status: 404, messageId: 'uploads.brandNotFound' },
      }),
      call(resubmitBrand, {
        label: 'sending without a session',
        input: (values) => ({ params: { brandId: values.againBrandId! } }),
        expect: { status: 401, messageId: 'errors.unauthorized' },
      }),
      call(uploadBrandDocuments, {
        label: 'the missing extract, for the second try',
        as: 'user',
        input: (values) => ({
          params: { brandId: values.againBrandId! },
          body: { registryExtract: new File([PDF], 'krs.pdf', { type: 'application/pdf' }) },
        }),
        expect: { status: 200 },
      }),
      call(resubmitBrand, {
        label: 'sending it again',
        as: 'user',
        input: (values) => ({ params: { brandId: values.againBrandId! } }),
        expect: {
          status: 200,
          body: (values) => ({
            brand: {
              id: Number(values.againBrandId),
              verification_status: 'pending',
              verification_reason: null,
            },
          }),
        },
      }),
      call(verificationQueue, {
        label: 'the queue holds it again',
        as: 'operator',
        input: () => ({ query: { status: 'pending' as const } }),
        expect: { status: 200 },
        save: (body, values) => {
          const item = body.items.find(
            (entry) => entry.kind === 'brand' && entry.id === Number(values.againBrandId),
          );
          expect(item, 'the brand sent again is in the queue').toMatchObject({
            status: 'pending',
            reason: null,
            decided_at: null,
          });
          // Due two business days from the second submission, not the first.
          expect(item!.due_at).toBe(verificationDueAt(new Date(item!.submitted_at)).toISOString());
          expect(item!.due_at >= values.firstDueAt!).toBe(true);
        },
      }),
      call(resubmitBrand, {
        label: 'sending it twice',
        as: 'user',
        input: (values) => ({ params: { brandId: values.againBrandId! } }),
        expect: { status: 409, messageId: 'brands.resubmit.notRefused' },
      }),
    ],
  },
  {
    name: 'verification documents: the owner sends missing ones while the brand waits, only real ones',
    steps: [
      demoLogin,
      addBrand('Later Papers', 'laterBrandId'),
      call(uploadBrandDocuments, {
        label: 'sending nothing',
        as: 'user',
        input: (values) => ({ params: { brandId: values.laterBrandId! }, body: {} }),
        expect: { status: 400, messageId: 'uploads.documentRequired' },
      }),
      call(uploadBrandDocuments, {
        label: 'an executable named like a PDF',
        as: 'user',
        input: (values) => ({
          params: { brandId: values.laterBrandId! },
          body: { articles: new File([ELF], 'articles.pdf', { type: 'application/pdf' }) },
        }),
        expect: { status: 415, fields: { articles: 'uploads.documentType' } },
      }),
      call(uploadBrandDocuments, {
        label: 'a real PDF',
        as: 'user',
        input: (values) => ({
          params: { brandId: values.laterBrandId! },
          body: { articles: new File([PDF], 'articles.pdf', { type: 'application/pdf' }) },
        }),
        expect: {
          status: 200,
          body: () => ({ documents: [{ document: 'articles', file_name: 'articles.pdf' }] }),
        },
      }),
      operatorLogin,
      call(brandDocuments, {
        label: "another user's brand",
        as: 'operator',
        input: (values) => ({ params: { brandId: values.laterBrandId! } }),
        expect: { status: 404, messageId: 'uploads.brandNotFound' },
      }),
      call(decideVerification, {
        as: 'operator',
        input: (values) => ({
          params: { kind: 'brand' as const, id: values.laterBrandId! },
          body: { decision: 'approve' as const },
        }),
        expect: { status: 200 },
      }),
      call(uploadBrandDocuments, {
        label: 'a document after the decision',
        as: 'user',
        input: (values) => ({
          params: { brandId: values.laterBrandId! },
          body: { identity: new File([PNG], 'id.png', { type: 'image/png' }) },
        }),
        expect: { status: 409, messageId: 'uploads.documentsClosed' },
      }),
    ],
  },
  {
    name: 'admin verification: only a verified request is revoked, with a reason, and only once',
    steps: [
      call(registerCompany, {
        input: () => ({ body: revokedCompany }),
        expect: { status: 201 },
        save: (body, values) => {
          values.revokedId = String(body.company.id);
        },
      }),
      operatorLogin,
      call(revokeVerification, {
        label: 'revoking a request still waiting',
        as: 'operator',
        input: (values) => ({
          params: { kind: 'company' as const, id: values.revokedId! },
          body: { reason: 'Not verified yet.' },
        }),
        expect: { status: 409, messageId: 'adminVerification.errors.notVerified' },
      }),
      call(decideVerification, {
        as: 'operator',
        input: (values) => ({
          params: { kind: 'company' as const, id: values.revokedId! },
          body: { decision: 'approve' as const },
        }),
        expect: { status: 200 },
      }),
      call(verificationQueue, {
        label: 'the verified list',
        as: 'operator',
        input: () => ({ query: { status: 'verified' as const } }),
        expect: { status: 200 },
      }),
      call(revokeVerification, {
        label: 'a revocation without a reason',
        as: 'operator',
        input: (values) => ({
          params: { kind: 'company' as const, id: values.revokedId! },
          body: { reason: ' ' },
        }),
        expect: {
          status: 400,
          fields: { reason: 'adminVerification.errors.revokeReasonRequired' },
        },
      }),
      call(revokeVerification, {
        label: 'the revocation',
        as: 'operator',
        input: (values) => ({
          params: { kind: 'company' as const, id: values.revokedId! },
          body: { reason: 'The company was struck off the registry.' },
        }),
        expect: {
          status: 200,
          body: (values) => ({
            item: {
              kind: 'company',
              id: Number(values.revokedId),
              status: 'revoked',
              reason: 'The company was struck off the registry.',
            },
          }),
        },
      }),
      call(revokeVerification, {
        label: 'revoking it twice',
        as: 'operator',
        input: (values) => ({
          params: { kind: 'company' as const, id: values.revokedId! },
          body: { reason: 'Again.' },
        }),
        expect: { status: 409, messageId: 'adminVerification.errors.notVerified' },
      }),
      call(revokeVerification, {
        label: 'revoking without a session',
        input: (values) => ({
          params: { kind: 'company' as const, id: values.revokedId! },
          body: { reason: 'No session.' },
        }),
        expect: { status: 401, messageId: 'errors.unauthorized' },
      }),
    ],
  },
  {
    name: 'verification documents: refused files store nothing; only operators download',
    steps: [
      call(registerCompany, {
        label: 'an executable named like a PDF',
        input: () => ({
          body: {
            ...documentsCompany,
            identity: new File([ELF], 'passport.pdf', { type: 'application/pdf' }),
          },
        }),
        expect: {
          status: 415,
          messageId: 'uploads.documentType',
          fields: { identity: 'uploads.documentType' },
        },
      }),
      call(registerCompany, {
        label: 'a text file',
        input: () => ({
          body: {
            ...documentsCompany,
            articles: new File(['articles'], 'articles.txt', { type: 'text/plain' }),
          },
        }),
        expect: { status: 400, fields: { articles: 'uploads.documentType' } },
      }),
      call(registerCompany, {
        label: 'a statement over the size limit',
        input: () => {
          const big = new Uint8Array(VERIFICATION_DOCUMENT_MAX_BYTES + 1);
          big.set(PDF);
          return {
            body: {
              ...documentsCompany,
              bankAccount: new File([big], 'statement.pdf', { type: 'application/pdf' }),
            },
          };
        },
        expect: { status: 400, fields: { bankAccount: 'uploads.documentTooLarge' } },
      }),
      call(registerCompany, {
        label: 'the same company with a real PDF (the refusals stored nothing)',
        input: () => ({
          body: {
            ...documentsCompany,
            registryExtract: new File([PDF], 'krs.pdf', { type: 'application/pdf' }),
          },
        }),
        expect: { status: 201 },
        save: (body, values) => {
          values.documentsCompanyId = String(body.company.id);
        },
      }),
      operatorLogin,
      call(verificationQueue, {
        as: 'operator',
        expect: { status: 200 },
        save: (body, values) => {
          const item = body.items.find(
            (entry) => entry.kind === 'company' && String(entry.id) === values.documentsCompanyId,
          );
          const extract = item?.documents.find((entry) => entry.document === 'registryExtract');
          values.documentId = String(extract?.file?.id ?? '');
        },
      }),
      call(downloadVerificationDocument, {
        label: 'a download without a session',
        input: (values) => ({ params: { documentId: values.documentId! } }),
        expect: { status: 401, messageId: 'errors.unauthorized' },
      }),
      demoLogin,
      call(downloadVerificationDocument, {
        label: 'a download by a user',
        as: 'user',
        input: (values) => ({ params: { documentId: values.documentId! } }),
        expect: { status: 403, messageId: 'errors.forbidden' },
      }),
      call(downloadVerificationDocument, {
        label: "the operator's download",
        as: 'operator',
        input: (values) => ({ params: { documentId: values.documentId! } }),
        expect: {
          status: 200,
          body: () => ({ file_name: 'krs.pdf', content_type: 'application/pdf' }),
        },
      }),
      call(deleteCompany, {
        as: 'operator',
        input: (values) => ({ params: { id: values.documentsCompanyId! } }),
        expect: { status: 200 },
      }),
      call(downloadVerificationDocument, {
        label: 'a document of a deleted company',
        as: 'operator',
        input: (values) => ({ params: { documentId: values.documentId! } }),
        expect: { status: 404, messageId: 'adminVerification.errors.documentNotFound' },
      }),
    ],
  },
  {
    name: 'admin verification: a rejection needs a reason; a request is decided once, deleted once',
    steps: [
      call(registerCompany, {
        input: () => ({ body: company }),
        expect: { status: 201 },
        save: (body, values) => {
          values.companyId = String(body.company.id);
        },
      }),
      operatorLogin,
      call(decideVerification, {
        label: 'a rejection without a reason',
        as: 'operator',
        input: (values) => ({
          params: { kind: 'company' as const, id: values.companyId! },
          body: { decision: 'reject' as const, reason: '  ' },
        }),
        expect: { status: 400, fields: { reason: 'adminVerification.errors.reasonRequired' } },
      }),
      call(decideVerification, {
        label: 'the approval',
        as: 'operator',
        input: (values) => ({
          params: { kind: 'company' as const, id: values.companyId! },
          body: { decision: 'approve' as const },
        }),
        expect: {
          status: 200,
          body: () => ({
            item: { kind: 'company', name: 'Verified Works', status: 'verified' },
          }),
        },
      }),
      call(decideVerification, {
        label: 'a second decision',
        as: 'operator',
        input: (values) => ({
          params: { kind: 'company' as const, id: values.companyId! },
          body: { decision: 'reject' as const, reason: 'Too late.' },
        }),
        expect: { status: 409, messageId: 'adminVerification.errors.alreadyDecided' },
      }),
      call(deleteCompany, {
        as: 'operator',
        input: (values) => ({ params: { id: values.companyId! } }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
      call(deleteCompany, {
        label: 'deleting it again',
        as: 'operator',
        input: (values) => ({ params: { id: values.companyId! } }),
        expect: { status: 404, messageId: 'adminVerification.errors.notFound' },
      }),
      call(decideVerification, {
        label: 'deciding a deleted request',
        as: 'operator',
        input: (values) => ({
          params: { kind: 'company' as const, id: values.companyId! },
          body: { decision: 'approve' as const },
        }),
        expect: { status: 404, kind: 'requestNotFound' },
      }),
      call(revokeVerification, {
        label: 'revoking a deleted request',
        as: 'operator',
        input: (values) => ({
          params: { kind: 'company' as const, id: values.companyId! },
          body: { reason: 'Gone.' },
        }),
        expect: { status: 404, kind: 'requestNotFound' },
      }),
    ],
  },
  {
    name: 'admin contest: only an ended month with votes can be closed',
    steps: [
      operatorLogin,
      call(closeContestMonth, {
        label: 'a month written wrongly',
        as: 'operator',
        input: () => ({ body: { month: '2030-13' } }),
        expect: { status: 400, fields: { month: 'adminContest.errors.month' } },
      }),
      call(closeContestMonth, {
        label: 'a month not over yet',
        as: 'operator',
        input: () => ({ body: { month: '2099-01' } }),
        expect: { status: 409, messageId: 'adminContest.errors.notEnded' },
      }),
      call(closeContestMonth, {
        label: 'a month nobody voted in',
        as: 'operator',
        input: () => ({ body: { month: '2001-02' } }),
        expect: { status: 409, messageId: 'adminContest.errors.noVotes' },
      }),
    ],
  },
];

import { login } from '@brnd/contracts/api/accounts';
import { closeContestMonth } from '@brnd/contracts/api/admin-contest';
import { decideVerification, deleteCompany } from '@brnd/contracts/api/admin-verification';
import { registerCompany } from '@brnd/contracts/api/brands';
import { CONFORMANCE_OPERATOR } from './admin-payment-scenarios.ts';
import { call, type Scenario, type Step } from './runner.ts';

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

export const adminVerificationScenarios: Scenario[] = [
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

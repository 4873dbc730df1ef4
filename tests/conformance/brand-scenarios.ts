import { registerCompany, searchBrands, vote, voteStatus } from '@brnd/contracts/api/brands';
import { verifiedUser } from './accounts-scenarios.ts';
import { call, type Scenario } from './runner.ts';

/** Unique per run, so the scenarios can run twice against one server. */
const run = Date.now().toString(36).toUpperCase();

const company = {
  brandName: 'Amber Works',
  email: 'office@amberworks.example',
  phoneValue: '+48 500 100 200',
  employee_num: '12',
  vat_num: `PL${run.slice(-8).padStart(8, '0')}`,
  billing_address: `ul. Długa ${run}, 80-831 Gdańsk`,
  operating_address: 'ul. Długa 41, 80-831 Gdańsk',
};

export const brandScenarios: Scenario[] = [
  {
    name: 'brands: voting needs a session; a new voter has every vote of the window',
    steps: [
      call(vote, {
        label: 'without a session',
        input: () => ({ body: { brand_id: 1 } }),
        expect: { status: 401 },
      }),
      ...verifiedUser,
      call(voteStatus, {
        as: 'token',
        expect: {
          status: 200,
          body: () => ({ voteLimit: 10, votesLeft: 10, timeInHours: 24, nextVoteAt: null }),
        },
      }),
    ],
  },
  {
    name: 'brands: a search that matches nothing answers no rows',
    steps: [
      call(searchBrands, {
        input: () => ({ params: { text: 'zzqxjvwk' } }),
        expect: { status: 200, body: () => ({ brands: { rows: [], rowCount: 0 } }) },
      }),
    ],
  },
  {
    name: 'brands: a company registers pending verification; its billing address only once',
    steps: [
      call(registerCompany, {
        label: 'an invalid VAT number',
        input: () => ({ body: { ...company, vat_num: '12' } }),
        expect: { status: 400, fields: { vat_num: 'companies.vatNumber' } },
      }),
      call(registerCompany, {
        input: () => ({ body: company }),
        expect: {
          status: 201,
          body: () => ({
            message: 'success',
            company: { brandName: 'Amber Works', status: 'pending' },
          }),
        },
      }),
      call(registerCompany, {
        label: 'the same billing address again',
        input: () => ({
          body: {
            ...company,
            vat_num: `DE${run.slice(-9).padStart(9, '0')}`,
            billing_address: company.billing_address.toUpperCase(),
          },
        }),
        expect: { status: 409, fields: { billing_address: 'companies.billingAddressExists' } },
      }),
    ],
  },
];

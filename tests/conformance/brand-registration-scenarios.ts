import { createBrand, registerCompany, uploadBrandDocuments } from '@brnd/contracts/api/brands';
import { BRANDS_ADDED_PER_DAY } from '@brnd/contracts/domain/constants';
import { PDF, PNG } from '@brnd/bff/testing/sample-files';
import { verifiedUser } from './accounts-scenarios.ts';
import { someoneElsesBrand } from './brand-token-error-scenarios.ts';
import { call, type Scenario, type Values } from './runner.ts';

/**
 * The brand registration forms' own refusals (decision 051): a website listed already, files no
 * form takes by their bytes, a sixth brand in a day, a company registered twice, documents for a
 * brand not the user's. The shared refusals come from the catalogue (catalogue-scenarios.ts); a
 * file far past any size is on the allow-list (runner.ts).
 */

/** Unique per run, so the scenarios can run twice against one server. */
const run = Date.now().toString(36).toUpperCase();

/** An executable: its declared type says PNG or PDF, its bytes do not. */
const ELF = Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

/** The add-brand form, for this run's `index`th website. */
function brandForm(values: Values, index: number) {
  return {
    name: `Form Brand ${index}`,
    website: `${values.email!.split('@')[0]}-form-${index}.example.com`,
    description: 'A brand of the form scenarios.',
    industry: 'tools' as const,
    token_ticker: 'FORM',
    no_of_employees: '4',
    address1: 'ul. Formularzowa 1',
    city: 'Gdańsk',
    state: 'pomorskie',
    postal_code: '80-001',
    country: 'PL',
    operating_address: 'ul. Formularzowa 1, 80-001 Gdańsk',
    image: new File([PNG], 'logo.png', { type: 'image/png' }),
  };
}

const company = {
  brandName: 'Twice Works',
  email: 'office@twiceworks.example',
  phoneValue: '+48 500 100 900',
  employee_num: '5',
  vat_num: `PL6${run.slice(-7).padStart(7, '0')}`,
  billing_address: `ul. Podwójna ${run}, 80-831 Gdańsk`,
  operating_address: 'ul. Podwójna 1, 80-831 Gdańsk',
};

/** A logo that would run code where it is shown. */
const UNSAFE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>';

export const brandRegistrationScenarios: Scenario[] = [
  {
    name: 'brand registration: a listed website, files no form takes, and a brand past the day’s count are refused',
    steps: [
      ...verifiedUser,
      call(createBrand, {
        label: 'a brand',
        as: 'token',
        input: (values) => ({ body: brandForm(values, 1) }),
        expect: { status: 200 },
      }),
      call(createBrand, {
        label: 'the same website again',
        as: 'token',
        input: (values) => ({ body: { ...brandForm(values, 1), name: 'Form Brand Again' } }),
        expect: { status: 409, kind: 'brandExists', fields: { website: 'errors.brandExists' } },
      }),
      call(createBrand, {
        label: 'an executable for a logo',
        as: 'token',
        input: (values) => ({
          body: {
            ...brandForm(values, 2),
            image: new File([ELF], 'logo.png', { type: 'image/png' }),
          },
        }),
        expect: { status: 415, kind: 'logoType', fields: { image: 'uploads.logoType' } },
      }),
      call(createBrand, {
        label: 'an SVG logo that runs a script',
        as: 'token',
        input: (values) => ({
          body: {
            ...brandForm(values, 2),
            image: new File([UNSAFE_SVG], 'logo.svg', { type: 'image/svg+xml' }),
          },
        }),
        expect: { status: 415, kind: 'svgUnsafe', fields: { image: 'uploads.svgUnsafe' } },
      }),
      call(createBrand, {
        label: 'an executable for a registry extract',
        as: 'token',
        input: (values) => ({
          body: {
            ...brandForm(values, 2),
            registryExtract: new File([ELF], 'krs.pdf', { type: 'application/pdf' }),
          },
        }),
        expect: {
          status: 415,
          kind: 'documentType',
          fields: { registryExtract: 'uploads.documentType' },
        },
      }),
      // The refusals counted nothing: the day's count is filled by brands that exist.
      ...Array.from({ length: BRANDS_ADDED_PER_DAY - 1 }, (_, index) =>
        call(createBrand, {
          label: `brand ${index + 2} of the day`,
          as: 'token',
          input: (values) => ({ body: brandForm(values, index + 2) }),
          expect: { status: 200 },
        }),
      ),
      call(createBrand, {
        label: 'one brand past the day’s count',
        as: 'token',
        input: (values) => ({ body: brandForm(values, BRANDS_ADDED_PER_DAY + 1) }),
        expect: { status: 429, kind: 'addBrandLimit', retryAfter: true },
      }),
    ],
  },
  {
    name: 'brand registration: a company registers its VAT number once',
    steps: [
      call(registerCompany, {
        input: () => ({
          body: {
            ...company,
            articles: new File([PDF], 'articles.pdf', { type: 'application/pdf' }),
          },
        }),
        expect: { status: 201 },
      }),
      call(registerCompany, {
        label: 'the same VAT number again',
        input: () => ({
          body: { ...company, billing_address: `ul. Inna ${run}, 80-831 Gdańsk` },
        }),
        expect: {
          status: 409,
          kind: 'vatNumberExists',
          fields: { vat_num: 'companies.vatNumberExists' },
        },
      }),
    ],
  },
  {
    name: 'brand registration: documents go only to the user’s own brand',
    steps: [
      ...verifiedUser,
      someoneElsesBrand,
      call(uploadBrandDocuments, {
        label: 'a document for someone else’s brand',
        as: 'token',
        input: (values) => ({
          params: { brandId: values.brandId! },
          body: { articles: new File([PDF], 'articles.pdf', { type: 'application/pdf' }) },
        }),
        expect: { status: 404, kind: 'brandNotFound' },
      }),
    ],
  },
];

// @vitest-environment node
import { expect, test } from 'vitest';
import type { Plugin } from 'vite';
import { stripContractSchemas } from './strip-contract-schemas.ts';

const contract = `import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { BrandRowsSchema, ListingQuerySchema } from './brand-schemas.ts';
import { EmailSchema } from '../domain/rules.ts';

export const topRatedBrands = defineEndpoint({
  id: 'topRatedBrands',
  method: 'GET',
  path: '/api/brands/toprated',
  query: ListingQuerySchema,
  response: BrandRowsSchema,
});

export const contact = defineEndpoint({
  id: 'contact',
  method: 'POST',
  path: '/api/contact',
  body: v.object({ email: EmailSchema }),
  response: v.object({ message: v.string() }),
});
`;

function transform(code: string, id = '/repo/contracts/api/listings.ts'): string {
  const plugin = stripContractSchemas() as Plugin & {
    transform: { handler: (code: string, id: string) => { code: string } | null };
  };
  return plugin.transform.handler(code, id)?.code ?? code;
}

test('the production build keeps what the browser sends and a form validates, not answer schemas', () => {
  const code = transform(contract);
  expect(code).not.toMatch(/response:|query:/);
  expect(code).not.toContain('brand-schemas');
  // The form's field rules stay, with what they import.
  expect(code).toContain('body: v.object({ email: EmailSchema })');
  expect(code).toContain("import * as v from 'valibot'");
  expect(code).toContain("from '../domain/rules.ts'");
  expect(code).toContain("path: '/api/brands/toprated'");
});

test('a module left with no schema imports no valibot', () => {
  const code = transform(contract.slice(0, contract.indexOf('export const contact')));
  expect(code).not.toContain('valibot');
  expect(code).not.toContain('rules.ts');
  expect(code).toContain("import { defineEndpoint } from './endpoint.ts'");
});

test("a third party's answers keep their schemas: the bff never checked them", () => {
  expect(transform(contract, '/repo/contracts/api/card-provider.ts')).toBe(contract);
});

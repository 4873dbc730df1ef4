import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { setupServer } from 'msw/node';
import { createApiClient } from '@brnd/contracts/api/client';
import { ApiError } from '@brnd/contracts/api/errors';
import { site } from '@brnd/contracts/api/site';
import { siteConfigFixture, siteFailingHandlers, siteHandlers, siteHandlersFor } from './site.ts';

const server = setupServer(...siteHandlers);
const api = createApiClient({ baseUrl: 'http://localhost' });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

test('the demo configuration satisfies the contract the pages read', async () => {
  await expect(api.call(site)).resolves.toEqual(siteConfigFixture);
});

test('the demo has more jobs than the three the company page shows at first', () => {
  expect(siteConfigFixture.jobs.length).toBeGreaterThan(3);
});

test('a job without an apply URL or e-mail breaks the contract', async () => {
  const [first] = siteConfigFixture.jobs;
  if (!first) throw new Error('The demo configuration has no jobs');
  const { title, location, type } = first;
  server.use(...siteHandlersFor({ ...siteConfigFixture, jobs: [{ title, location, type }] }));
  await expect(api.call(site)).rejects.toBeInstanceOf(ApiError);
});

test('the failing scenario answers 500 in the error shape', async () => {
  server.use(...siteFailingHandlers);
  const error = await api.call(site).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 500, body: { messageId: 'errors.server' } });
});

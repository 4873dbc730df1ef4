import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { login, profile } from '@brnd/contracts/api/accounts';
import { topRatedBrands } from '@brnd/contracts/api/brand-listings';
import { vote } from '@brnd/contracts/api/brands';
import { createApiClient } from '@brnd/contracts/api/client';
import { ApiError } from '@brnd/contracts/api/errors';
import { fake, server } from '@brnd/mocks/node';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@brnd/mocks/seed';
import { ScenarioPanel } from './ScenarioPanel.tsx';
import { applyScenario, chooseScenario, scenarioHref } from './scenario.ts';

/** `dev:mock`'s scenario switch (app/src/mock-mode.ts) over the mocks' handlers. */

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  fake.reset();
  sessionStorage.clear();
});
afterAll(() => server.close());

async function signedInClient() {
  const anonymous = createApiClient({ baseUrl: window.location.origin });
  const session = await anonymous.call(login, {
    body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  });
  if (!('token' in session)) throw new Error('the demo user cannot log in');
  return createApiClient({ baseUrl: window.location.origin, getToken: () => session.token });
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => new Error('the call succeeded'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw error;
  return error;
}

test('a scenario from the address is applied to the API and switched off again', async () => {
  const api = await signedInClient();
  const { rows } = (await api.call(topRatedBrands, { query: {} })).brands;
  const brand = rows.find((row) => row.voted === 0)!;

  const choice = chooseScenario('?scenario=vote-limit-reached', sessionStorage);
  applyScenario(server, choice.active);
  const refused = await failure(api.call(vote, { body: { brand_id: brand.id } }));
  expect(refused.status).toBe(429);
  expect(refused.body.messageId).toBe('errors.voteLimit');

  applyScenario(server, chooseScenario('?scenario=default', sessionStorage).active);
  await expect(api.call(vote, { body: { brand_id: brand.id } })).resolves.toBeDefined();
});

test('session expired: calls that need a session answer 401, public ones still answer', async () => {
  const api = await signedInClient();
  applyScenario(server, 'session-expired');
  expect((await failure(api.call(profile))).status).toBe(401);
  await expect(api.call(topRatedBrands, { query: {} })).resolves.toBeDefined();
});

test('the chosen scenario stays for the tab until another is picked', () => {
  expect(chooseScenario('?scenario=order-partially-paid', sessionStorage).active).toBe(
    'order-partially-paid',
  );
  expect(chooseScenario('', sessionStorage).active).toBe('order-partially-paid');
  expect(chooseScenario('?scenario=default', sessionStorage).active).toBeNull();
  expect(chooseScenario('', sessionStorage).active).toBeNull();
});

test('an unknown scenario changes nothing and the panel says so', async () => {
  chooseScenario('?scenario=sale-ended', sessionStorage);
  const choice = chooseScenario('?scenario=sale-endd', sessionStorage);
  expect(choice).toEqual({ active: 'sale-ended', unknown: 'sale-endd' });

  const onPick = vi.fn();
  render(<ScenarioPanel choice={choice} onPick={onPick} />);
  const user = userEvent.setup();
  await user.click(screen.getByText('Mock scenario: sale-ended'));
  expect(screen.getByRole('alert')).toHaveTextContent('There is no scenario “sale-endd”');

  await user.selectOptions(screen.getByLabelText('Switch to'), 'payment-gateway-down');
  expect(onPick).toHaveBeenLastCalledWith('payment-gateway-down');
  await user.selectOptions(screen.getByLabelText('Switch to'), 'default');
  expect(onPick).toHaveBeenLastCalledWith(null);
});

test('picking a scenario keeps the page and its other parameters', () => {
  expect(scenarioHref('http://localhost:3000/voting?q=amber', 'vote-limit-reached')).toBe(
    'http://localhost:3000/voting?q=amber&scenario=vote-limit-reached',
  );
  expect(scenarioHref('http://localhost:3000/voting?scenario=sale-ended', null)).toBe(
    'http://localhost:3000/voting?scenario=default',
  );
});

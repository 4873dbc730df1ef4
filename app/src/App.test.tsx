import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { createMemoryHistory } from '@tanstack/react-router';
import { messages } from '@brnd/locales/messages';
import { typesetText } from '@brnd/locales/typography';
import { fake, server } from '@brnd/mocks/node';
import { App, createAppServices } from './App.tsx';

/** The whole app (router, guard, providers, screens) over the MSW mocks, in jsdom. */

// Screens arrive as lazily loaded chunks with their messages; on a cold, busy machine the first
// transform of a chunk takes longer than Testing Library's default one second.
configure({ asyncUtilTimeout: 10_000 });

// Text queries see the page's non-breaking spaces as spaces; accessible names keep them
// (locales/typography.ts), so names are matched as the page typesets them.
const en = (id: string) => messages.en[id] ?? id;
const pl = (id: string) => messages.pl[id] ?? id;
const enName = (id: string) => typesetText(en(id), 'en');
const plName = (id: string) => typesetText(pl(id), 'pl');

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom has no layout; the router scrolls to the top on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  fake.reset();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
});
afterAll(() => server.close());

function renderAt(path: string) {
  const services = createAppServices({ history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App services={services} />);
  return { ...services, user: userEvent.setup() };
}

function currentHref(router: ReturnType<typeof createAppServices>['router']) {
  return router.state.location.href;
}

test('a visitor opening the user area logs in and comes back to the page asked for', async () => {
  const { router, user } = renderAt('/user/profile/person');

  await screen.findByRole('heading', { name: enName('accounts.login.title') });
  expect(currentHref(router)).toBe('/login?redirect=%2Fuser%2Fprofile%2Fperson');

  await user.type(screen.getByLabelText(en('accounts.fields.email')), 'demo@brnd.example');
  await user.type(screen.getByLabelText(en('accounts.fields.password')), 'Demo123!x');
  await user.click(screen.getByRole('button', { name: enName('accounts.login.submit') }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/user/profile/person'));
  // The profile loads with the server's HttpOnly cookie; no script can read the token.
  expect(await screen.findByDisplayValue('demo@brnd.example')).toBeInTheDocument();
  expect(Cookies.get('token')).toBeUndefined();
  expect(document.cookie).not.toContain('token');
  expect(Cookies.get('email')).toBe('demo@brnd.example');
}, 20_000);

test('/user opens the dashboard for a logged-in user', async () => {
  const { router, user } = renderAt('/login');
  await user.type(await screen.findByLabelText(en('accounts.fields.email')), 'demo@brnd.example');
  await user.type(screen.getByLabelText(en('accounts.fields.password')), 'Demo123!x');
  await user.click(screen.getByRole('button', { name: enName('accounts.login.submit') }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));

  await router.navigate({ to: '/user' });
  await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
  await waitFor(() => expect(document.title).toBe('Dashboard | BRND'));
});

test('a revoked session ends and asks the user to log in again', async () => {
  // The page believes someone is signed in, but the server holds no live session cookie.
  Cookies.set('email', 'demo@brnd.example');
  const { router } = renderAt('/user/dashboard');

  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(router.state.location.search).toEqual({ redirect: '/user/dashboard' });
  expect(Cookies.get('token')).toBeUndefined();
  expect(Cookies.get('email')).toBeUndefined();
});

test('an unknown address shows the 404 page inside the site layout', async () => {
  renderAt('/no/such/page');
  expect(
    await screen.findByRole('heading', { name: enName('pages.notFound.title') }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: enName('nav.signIn') })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Page not found | BRND'));
});

test('the lang cookie po shows the pages in Polish and marks the document as Polish', async () => {
  Cookies.set('lang', 'po');
  renderAt('/login');
  expect(
    await screen.findByRole('heading', { name: plName('accounts.login.title') }),
  ).toBeInTheDocument();
  await waitFor(() => expect(document.documentElement.lang).toBe('pl'));
  expect(document.title).toBe('Logowanie | BRND');
});

test('switching language on a page whose messages load with it turns that page Polish too', async () => {
  const { user } = renderAt('/pricing');
  expect(await screen.findByRole('heading', { name: enName('pricing.title') })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: new RegExp(en('language.label')) }));
  await user.click(await screen.findByRole('menuitemradio', { name: 'Polski' }));

  expect(await screen.findByRole('heading', { name: plName('pricing.title') })).toBeInTheDocument();
  expect(screen.getByText(pl('pricing.lead'))).toBeInTheDocument();
  expect(screen.queryByText(en('pricing.lead'))).not.toBeInTheDocument();
});

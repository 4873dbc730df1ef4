import { expect, test } from 'vitest';
import { isRedirect } from '@tanstack/react-router';
import { requireToken } from './guard.ts';

function thrownBy(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

test('without a token the user area sends the user to log in and back to the page asked for', () => {
  const error = thrownBy(() =>
    requireToken({ token: undefined, location: { href: '/user/profile/person?tab=password' } }),
  );
  expect(isRedirect(error)).toBe(true);
  if (!isRedirect(error)) return;
  expect(error.options).toMatchObject({
    to: '/login',
    search: { redirect: '/user/profile/person?tab=password' },
  });
});

test('an empty token cookie counts as no session', () => {
  expect(isRedirect(thrownBy(() => requireToken({ token: '', location: { href: '/user' } })))).toBe(
    true,
  );
});

test('with a token the user area opens', () => {
  expect(
    thrownBy(() => requireToken({ token: 'tok-1', location: { href: '/user/dashboard' } })),
  ).toBeUndefined();
});

import { expect, test } from 'vitest';
import { isRedirect } from '@tanstack/react-router';
import { requireSession } from './guard.ts';

function thrownBy(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

test('without a session the user area sends the user to log in and back to the page asked for', () => {
  const error = thrownBy(() =>
    requireSession({ session: null, location: { href: '/user/profile/person?tab=password' } }),
  );
  expect(isRedirect(error)).toBe(true);
  if (!isRedirect(error)) return;
  expect(error.options).toMatchObject({
    to: '/login',
    search: { redirect: '/user/profile/person?tab=password' },
  });
});

test('with a session the user area opens', () => {
  const session = { email: 'ada@example.com', mobile: '+48600100200', name: 'Ada' };
  expect(thrownBy(() => requireSession({ session, location: { href: '/user' } }))).toBeUndefined();
});

import { expect, test } from 'vitest';
import { APP_PAGES, pageLanguageOf, pageLink } from './app-pages.ts';

test('a link names the reader’s language after its own search', () => {
  expect(pageLink('https://brnd.example/', APP_PAGES.wallet, { language: 'po' })).toBe(
    'https://brnd.example/user/wallet?lang=pl',
  );
  expect(
    pageLink('https://brnd.example', APP_PAGES.register, {
      search: { email: 'a+b@example.com' },
      language: 'en',
    }),
  ).toBe('https://brnd.example/register?email=a%2Bb%40example.com&lang=en');
  expect(pageLink('https://brnd.example', APP_PAGES.verifyEmail, { params: { code: 'x/y' } })).toBe(
    'https://brnd.example/verify/x%2Fy',
  );
  expect(pageLanguageOf('pl')).toBe('po');
  expect(pageLanguageOf('po')).toBeUndefined();
});

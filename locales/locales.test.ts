import { expect, test } from 'vitest';
import { messages } from './messages.ts';

test('Polish has exactly the keys English has', () => {
  const en = Object.keys(messages.en).sort();
  const pl = Object.keys(messages.pl).sort();
  expect(pl.filter((key) => !en.includes(key))).toEqual([]);
  expect(en.filter((key) => !pl.includes(key))).toEqual([]);
});

test('no message is left empty', () => {
  for (const locale of ['en', 'pl'] as const) {
    for (const [key, text] of Object.entries(messages[locale])) {
      expect(text.trim(), `${locale}:${key}`).not.toBe('');
    }
  }
});

import { expect, test } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { messages } from './messages.ts';
import en from './en/index.ts';
import pl from './pl/index.ts';

const namespaces = { en, pl };

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

test('every namespace file is listed in its language index', () => {
  for (const locale of ['en', 'pl'] as const) {
    const files = readdirSync(join(import.meta.dirname, locale))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.replace(/\.json$/, ''))
      .sort();
    expect(files, locale).toEqual(Object.keys(namespaces[locale]).sort());
  }
});

test('the browser gets each namespace exactly as the server has it', async () => {
  const { SHARED_NAMESPACES, englishSharedMessages, loadNamespace } = await import('./browser.ts');
  expect(SHARED_NAMESPACES).toContain('nav');
  for (const namespace of SHARED_NAMESPACES) {
    for (const [id, text] of Object.entries(messages.en)) {
      if (id.startsWith(`${namespace}.`)) expect(englishSharedMessages[id], id).toBe(text);
    }
  }
  for (const locale of ['en', 'pl'] as const) {
    for (const namespace of Object.keys(namespaces[locale])) {
      const loaded = await loadNamespace(locale, namespace);
      const expected = Object.fromEntries(
        Object.entries(messages[locale]).filter(([id]) => id.startsWith(`${namespace}.`)),
      );
      expect(loaded, `${locale}/${namespace}`).toEqual(expected);
    }
  }
});

// @vitest-environment node
import { expect, test } from 'vitest';
import { endpointList, providerEndpoints } from '@brnd/contracts/api/index';
import { messages } from '@brnd/locales/messages';

/** Lives with the mocks because contracts may not read locales; the mocks answer with both. */
test('every validation message of every request schema is a locale id', () => {
  const known = new Set(Object.keys(messages.en));
  const ids = new Set<string>();
  const visit = (node: unknown, seen = new Set<unknown>()) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const record = node as Record<string, unknown>;
    if (typeof record.message === 'string' && /^[a-z]+\.[A-Za-z]+$/.test(record.message)) {
      ids.add(record.message);
    }
    for (const value of Object.values(record)) visit(value, seen);
  };
  for (const endpoint of [...endpointList, ...Object.values(providerEndpoints)]) {
    visit(endpoint.params);
    visit(endpoint.query);
    visit(endpoint.body);
  }
  expect(ids.size).toBeGreaterThan(20);
  expect([...ids].filter((id) => !known.has(id))).toEqual([]);
});

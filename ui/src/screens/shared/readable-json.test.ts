import { describe, expect, it } from 'vitest';
import { readableJson } from './readable-json';

describe('readableJson', () => {
  it('spaces the members of an object so a cell wraps between them, not inside a number', () => {
    expect(readableJson({ usd: '0.015', tier: 2, tags: ['a', 'b'] })).toBe(
      '{ "usd": "0.015", "tier": 2, "tags": [ "a", "b" ] }',
    );
  });

  it('reads a provider body that is JSON text and keeps the spaces inside its strings', () => {
    expect(readableJson('{"type":"InvoiceSettled","note":"two  words\\nline"}')).toBe(
      '{ "type": "InvoiceSettled", "note": "two  words\\nline" }',
    );
  });

  it('shows a body that is not JSON as it came', () => {
    expect(readableJson('status=PAID&amount=101.00')).toBe('status=PAID&amount=101.00');
  });
});

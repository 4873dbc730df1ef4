import { expect, test } from 'vitest';
import { attachmentDisposition, fileNameOf } from './files.ts';

test('a file name survives the Content-Disposition header exactly, with a plain fallback', () => {
  const name = 'Wyciąg "KRS" (2026).pdf';
  const header = attachmentDisposition(name);
  expect(header).toMatch(/^attachment; filename="Wyci_g _KRS_ \(2026\).pdf"; filename\*=UTF-8''/);
  expect(header).not.toMatch(/[\r\n]/);
  expect(fileNameOf(header)).toBe(name);
});

test('a header without the UTF-8 name falls back to the plain one, and no header to "download"', () => {
  expect(fileNameOf('attachment; filename="krs.pdf"')).toBe('krs.pdf');
  expect(fileNameOf('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="x.pdf"')).toBe('x.pdf');
  expect(fileNameOf(null)).toBe('download');
});

test('line breaks in a name never reach the header', () => {
  expect(attachmentDisposition('a\r\nSet-Cookie: x.pdf')).not.toMatch(/[\r\n]/);
});

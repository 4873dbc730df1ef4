import { expect, test } from 'vitest';
import { sniffFileType } from './file-types.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

test('PDF, PNG, JPEG, GIF and ICO are known by their first bytes', () => {
  expect(sniffFileType(text('%PDF-1.7\n'))).toBe('pdf');
  expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
  expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
  expect(sniffFileType(text('GIF89a'))).toBe('gif');
  expect(sniffFileType(bytes(0, 0, 1, 0, 1, 0))).toBe('ico');
});

test('anything else is unknown, whatever its name would say', () => {
  expect(sniffFileType(bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1))).toBeNull(); // ELF
  expect(sniffFileType(text('MZ\x90\x00'))).toBeNull(); // Windows executable
  expect(sniffFileType(text(' %PDF-1.7'))).toBeNull(); // the header must come first
  expect(sniffFileType(text('<svg/>'))).toBeNull();
  expect(sniffFileType(new Uint8Array())).toBeNull();
});

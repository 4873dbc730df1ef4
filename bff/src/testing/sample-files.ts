/**
 * The smallest real files of each type uploads accept: the server judges a file by its bytes
 * (contracts/domain/file-types.ts), so tests send bytes that pass for what they claim to be.
 */

/** A 1×1 PNG. */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** A PDF header and trailer: enough for the magic number and for a reader to call it a PDF. */
export const PDF = new TextEncoder().encode(
  '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n',
);

/** A JPEG's start-of-image marker and JFIF header. */
export const JPEG = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00,
]);

/**
 * What a file is, judged by its first bytes (magic numbers), never by its name or the type a
 * browser declared. One table for every upload: the bff's logos and verification documents, and
 * the mocks, which refuse the same files.
 */

export type SniffedType = 'png' | 'jpeg' | 'gif' | 'ico' | 'pdf';

export const SNIFFED_CONTENT_TYPES: Record<SniffedType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
};

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/** The type of these bytes by their magic number, or null for anything else (SVG is text). */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39)) {
    return 'gif';
  }
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && (bytes[4]! | (bytes[5]! << 8)) > 0) {
    return 'ico';
  }
  // "%PDF-": readers accept the header anywhere in the first KB, but a real PDF starts with it.
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return null;
}

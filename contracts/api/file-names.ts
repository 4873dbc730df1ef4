/** File names in headers, apart from files.ts's schema so the browser's client needs no valibot. */

/**
 * `Content-Disposition: attachment` with the name twice: a plain ASCII fallback for old readers
 * and the exact UTF-8 name (RFC 6266 / 5987) for the rest. Quotes, backslashes and control
 * characters never reach the header.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'download';
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/** The file name a Content-Disposition header carries, preferring the exact UTF-8 one. */
export function fileNameOf(disposition: string | null): string {
  if (!disposition) return 'download';
  const exact = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (exact) {
    try {
      return decodeURIComponent(exact[1]!.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(disposition);
  return plain?.[1] || 'download';
}

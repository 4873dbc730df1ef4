import { randomBytes } from 'node:crypto';
import { BRAND_LOGO_MAX_BYTES } from '@brnd/contracts/domain/constants';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Database } from '../db/database.ts';
import { DomainError } from './errors.ts';

/**
 * Brand logos. A file is judged by its bytes, never by its name or the type the browser
 * declared: PNG, JPEG, GIF and ICO by their magic numbers, SVG by parsing it as XML. An SVG that
 * could run anything (script, event handlers, foreign objects, links out of the document,
 * entities) is refused. A stored file gets a random name with the extension of its real type
 * and is served with that type and `nosniff`, so a browser never guesses another one.
 */

export type LogoType = 'png' | 'jpeg' | 'gif' | 'ico' | 'svg';

export const LOGO_CONTENT_TYPES: Record<LogoType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
};

/** Where stored logos are served; a name is `<32 hex>.<type>`. */
export const UPLOADS_PATH = '/uploads';
const NAME_PATTERN = /^[0-9a-f]{32}\.(png|jpeg|gif|ico|svg)$/;

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/** The image type of these bytes by their magic number, or null. SVG is text: see isSvgText. */
export function sniffBinaryImage(bytes: Uint8Array): Exclude<LogoType, 'svg'> | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39)) {
    return 'gif';
  }
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && (bytes[4]! | (bytes[5]! << 8)) > 0) {
    return 'ico';
  }
  return null;
}

const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'set',
  'animate',
]);

/** Links may only point inside the document or to an embedded raster image. */
function safeReference(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.startsWith('#') || /^data:image\/(png|jpeg|gif);base64,/i.test(trimmed);
}

type XmlNode = Record<string, unknown>;

function checkNode(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(checkNode);
  if (!node || typeof node !== 'object') return true;
  for (const [key, value] of Object.entries(node as XmlNode)) {
    if (key === ':@') {
      for (const [attribute, attributeValue] of Object.entries(value as XmlNode)) {
        const name = attribute.replace(/^@_/, '').toLowerCase();
        const text = String(attributeValue);
        if (name.startsWith('on')) return false;
        if ((name === 'href' || name.endsWith(':href')) && !safeReference(text)) return false;
        if (/javascript:|url\s*\(\s*['"]?\s*(?!#)/i.test(text)) return false;
      }
      continue;
    }
    const element = (key.includes(':') ? key.split(':').pop()! : key).toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(element)) return false;
    if (element === 'style' && /url\s*\(|@import|expression/i.test(JSON.stringify(value))) {
      return false;
    }
    if (!checkNode(value)) return false;
  }
  return true;
}

export type SvgVerdict = 'safe' | 'unsafe' | 'not-svg';

/** Parses the text as XML: an `<svg>` root without anything active is safe. */
export function judgeSvg(bytes: Uint8Array): SvgVerdict {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return 'not-svg';
  }
  if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(text)) {
    return 'not-svg';
  }
  // Entities can expand into anything (and explode in size): a logo needs none.
  if (/<!ENTITY|<!DOCTYPE[^>]*\[/i.test(text)) return 'unsafe';
  if (XMLValidator.validate(text) !== true) return 'not-svg';
  const parser = new XMLParser({
    ignoreAttributes: false,
    preserveOrder: true,
    processEntities: false,
    ignoreDeclaration: true,
    allowBooleanAttributes: true,
  });
  return checkNode(parser.parse(text)) ? 'safe' : 'unsafe';
}

/** The logo's real type, or a DomainError naming why it is refused. */
export function checkLogo(bytes: Uint8Array): LogoType {
  if (bytes.length > BRAND_LOGO_MAX_BYTES) {
    throw new DomainError(413, 'uploads.logoTooLarge', {
      fields: { image: 'uploads.logoTooLarge' },
    });
  }
  const binary = sniffBinaryImage(bytes);
  if (binary) return binary;
  const svg = judgeSvg(bytes);
  if (svg === 'safe') return 'svg';
  if (svg === 'unsafe') {
    throw new DomainError(415, 'uploads.svgUnsafe', { fields: { image: 'uploads.svgUnsafe' } });
  }
  throw new DomainError(415, 'uploads.logoType', { fields: { image: 'uploads.logoType' } });
}

export function createUploadService(db: Database) {
  return {
    /** Checks and stores a logo; answers the path it is served at. */
    async storeLogo(bytes: Uint8Array, ownerId: string): Promise<string> {
      const type = checkLogo(bytes);
      const name = `${randomBytes(16).toString('hex')}.${type}`;
      await db.query(
        'INSERT INTO uploads (name, content_type, bytes, owner_id) VALUES ($1, $2, $3, $4)',
        [name, LOGO_CONTENT_TYPES[type], Buffer.from(bytes), ownerId],
      );
      return `${UPLOADS_PATH}/${name}`;
    },

    async read(name: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      if (!NAME_PATTERN.test(name)) return null;
      const [row] = await db.query<{ content_type: string; bytes: Buffer }>(
        'SELECT content_type, bytes FROM uploads WHERE name = $1',
        [name],
      );
      return row ? { contentType: row.content_type, bytes: row.bytes } : null;
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;

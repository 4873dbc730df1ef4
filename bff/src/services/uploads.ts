import { randomBytes } from 'node:crypto';
import { BRAND_LOGO_MAX_BYTES } from '@brnd/contracts/domain/constants';
import { SNIFFED_CONTENT_TYPES, sniffFileType } from '@brnd/contracts/domain/file-types';
import {
  VERIFICATION_DOCUMENT_MAX_BYTES,
  type UploadableDocument,
} from '@brnd/contracts/domain/verification';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Database } from '../db/database.ts';
import { DomainError } from './errors.ts';

/**
 * Brand logos and verification documents. A file is judged by its bytes, never by its name or
 * the type the browser declared: PNG, JPEG, GIF, ICO and PDF by their magic numbers
 * (contracts/domain/file-types.ts, shared with the mocks), SVG by parsing it as XML. An SVG that
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

/** The image type of these bytes by their magic number, or null. SVG is text: see judgeSvg. */
export function sniffBinaryImage(bytes: Uint8Array): Exclude<LogoType, 'svg'> | null {
  const type = sniffFileType(bytes);
  return type === 'pdf' ? null : type;
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

/** A verification document is a PDF, a PNG or a JPEG (a scan or a photo); nothing else. */
const DOCUMENT_TYPES = new Set(['pdf', 'png', 'jpeg'] as const);

/**
 * The stored content type of a verification document, or a DomainError naming the form field
 * (the document's kind) and why it is refused.
 */
export function checkDocument(bytes: Uint8Array, kind: UploadableDocument): string {
  if (bytes.length > VERIFICATION_DOCUMENT_MAX_BYTES) {
    throw new DomainError(413, 'uploads.documentTooLarge', {
      fields: { [kind]: 'uploads.documentTooLarge' },
    });
  }
  const type = sniffFileType(bytes);
  if (!type || !DOCUMENT_TYPES.has(type as 'pdf' | 'png' | 'jpeg')) {
    throw new DomainError(415, 'uploads.documentType', {
      fields: { [kind]: 'uploads.documentType' },
    });
  }
  return SNIFFED_CONTENT_TYPES[type];
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

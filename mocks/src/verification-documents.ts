import { SUCCESS } from '@brnd/contracts/api/accounts';
import {
  downloadVerificationDocument,
  type HeldFile,
} from '@brnd/contracts/api/admin-verification';
import type { brandEndpoints } from '@brnd/contracts/api/brands';
import { buildPath } from '@brnd/contracts/api/endpoint';
import { SNIFFED_CONTENT_TYPES, sniffFileType } from '@brnd/contracts/domain/file-types';
import {
  UPLOADABLE_DOCUMENTS,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  type UploadableDocument,
} from '@brnd/contracts/domain/verification';
import { FakeError, type Fake } from './fake.ts';
import type { Resolver } from './handlers.ts';

/**
 * The terms' verification documents over the fake, with the bff's rules
 * (services/verification-documents.ts): each file judged by its bytes (the same magic numbers),
 * one refused file refuses the whole form, a later upload of a kind replaces it, and an operator's
 * download is written to the audit log.
 */

export type DocumentOwnerKind = 'brand' | 'company';

interface FakeDocument {
  id: number;
  owner: DocumentOwnerKind;
  ownerId: number;
  kind: UploadableDocument;
  fileName: string;
  contentType: string;
  size: number;
  /** Base64, so the fake's state still exports as JSON. */
  base64: string;
  uploadedAt: number;
}

interface CheckedDocument {
  kind: UploadableDocument;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

type DocumentFiles = Partial<Record<UploadableDocument, Blob | undefined>>;

function store(fake: Fake) {
  return fake.extension('verificationDocuments', () => ({ documents: [] as FakeDocument[] }));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const DOCUMENT_TYPES = new Set(['pdf', 'png', 'jpeg']);

/** The bff's checkDocument: too large is 413, anything but PDF, PNG or JPEG by its bytes 415. */
async function checkDocuments(files: DocumentFiles): Promise<CheckedDocument[]> {
  const checked: CheckedDocument[] = [];
  for (const kind of UPLOADABLE_DOCUMENTS) {
    const file = files[kind];
    if (!file) continue;
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.length > VERIFICATION_DOCUMENT_MAX_BYTES) {
      throw new FakeError(413, 'uploads.documentTooLarge', {
        errors: { [kind]: 'uploads.documentTooLarge' },
      });
    }
    const type = sniffFileType(bytes);
    if (!type || !DOCUMENT_TYPES.has(type)) {
      throw new FakeError(415, 'uploads.documentType', {
        errors: { [kind]: 'uploads.documentType' },
      });
    }
    const name = file instanceof File ? (file.name.split(/[\\/]/).pop() ?? '').trim() : '';
    checked.push({
      kind,
      fileName: (name || kind).slice(0, 200),
      contentType: SNIFFED_CONTENT_TYPES[type],
      bytes,
    });
  }
  return checked;
}

/** What the bff's SVG parser refuses (bff/src/services/uploads.ts), read from the text. */
const UNSAFE_SVG = [
  // Entities can expand into anything.
  /<!ENTITY|<!DOCTYPE[^>]*\[/i,
  /<(?:[\w-]+:)?(?:script|foreignobject|iframe|embed|object|handler|listener|set|animate)[\s/>]/i,
  // Event handlers.
  /\son[\w-]*\s*=/i,
  // Links only inside the document or to an embedded raster image.
  /\s(?:[\w-]+:)?href\s*=\s*["'](?!\s*#|\s*data:image\/(?:png|jpeg|gif);base64,)/i,
  /javascript:|url\s*\(\s*['"]?\s*(?!#)|@import|expression\s*\(/i,
];

/**
 * The bff's checkLogo: an image by its magic number, or SVG text with nothing active in it (the
 * bff parses it; the mocks read it with the same rules); anything else is 415.
 */
async function checkLogo(image: Blob) {
  const bytes = new Uint8Array(await image.arrayBuffer());
  const type = sniffFileType(bytes);
  if (type && type !== 'pdf') return;
  const text = new TextDecoder().decode(bytes);
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(text)) {
    if (UNSAFE_SVG.some((pattern) => pattern.test(text))) {
      throw new FakeError(415, 'uploads.svgUnsafe', { errors: { image: 'uploads.svgUnsafe' } });
    }
    return;
  }
  throw new FakeError(415, 'uploads.logoType', { errors: { image: 'uploads.logoType' } });
}

function storeDocuments(
  fake: Fake,
  owner: DocumentOwnerKind,
  ownerId: number,
  documents: CheckedDocument[],
) {
  const state = store(fake);
  for (const document of documents) {
    state.documents = state.documents.filter(
      (held) => !(held.owner === owner && held.ownerId === ownerId && held.kind === document.kind),
    );
    state.documents.push({
      id: fake.operatorDesk().nextId(),
      owner,
      ownerId,
      kind: document.kind,
      fileName: document.fileName,
      contentType: document.contentType,
      size: document.bytes.length,
      base64: toBase64(document.bytes),
      uploadedAt: fake.now(),
    });
  }
}

/** What the queue shows of the files held for an item, by kind. */
export function heldFilesOf(
  fake: Fake,
  owner: DocumentOwnerKind,
  ownerId: number,
): Partial<Record<UploadableDocument, HeldFile>> {
  const files: Partial<Record<UploadableDocument, HeldFile>> = {};
  for (const document of store(fake).documents) {
    if (document.owner !== owner || document.ownerId !== ownerId) continue;
    files[document.kind] = {
      id: document.id,
      file_name: document.fileName,
      content_type: document.contentType,
      size: document.size,
      uploaded_at: new Date(document.uploadedAt).toISOString(),
      download_url: buildPath(downloadVerificationDocument.path, { documentId: document.id }),
    };
  }
  return files;
}

/** As the database's ON DELETE CASCADE: an item deleted takes its documents with it. */
export function removeDocumentsOf(fake: Fake, owner: DocumentOwnerKind, ownerId: number) {
  const state = store(fake);
  state.documents = state.documents.filter(
    (held) => !(held.owner === owner && held.ownerId === ownerId),
  );
}

/**
 * A small real PDF (one page with one line of text), so a document downloaded from the demo
 * queue opens in any reader.
 */
export function demoPdf(line: string): Uint8Array {
  // Offsets below count characters as bytes: keep the text to printable ASCII, no PDF escapes.
  const safe = line.replace(/[^\x20-\x7e]|[\\()]/g, '?');
  const stream = `BT /F1 18 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** Stories: a document already held for a brand or company, as if its owner had uploaded it. */
export function attachDocument(
  fake: Fake,
  owner: DocumentOwnerKind,
  ownerId: number,
  document: { kind: UploadableDocument; fileName: string; bytes: Uint8Array },
) {
  const type = sniffFileType(document.bytes);
  storeDocuments(fake, owner, ownerId, [
    { ...document, contentType: type ? SNIFFED_CONTENT_TYPES[type] : 'application/pdf' },
  ]);
}

/** The verification documents of a form body, apart from its other fields. */
function splitDocuments<T extends DocumentFiles>(body: T) {
  const { registryExtract, articles, bankAccount, identity, ...fields } = body;
  return { files: { registryExtract, articles, bankAccount, identity }, fields };
}

type BrandEndpoints = typeof brandEndpoints;

/** As the bff's listOwn: the owner's brand, or 404 for anyone else's (or a referred one). */
function ownBrand(fake: Fake, userId: number, brandId: number) {
  const brand = fake
    .operatorDesk()
    .brands.find((candidate) => candidate.id === brandId && candidate.ownerId === userId);
  if (!brand) throw new FakeError(404, 'uploads.brandNotFound');
  return brand;
}

function ownDocuments(fake: Fake, brandId: number) {
  return store(fake)
    .documents.filter((document) => document.owner === 'brand' && document.ownerId === brandId)
    .map((document) => ({
      document: document.kind,
      file_name: document.fileName,
      size: document.size,
      uploaded_at: new Date(document.uploadedAt).toISOString(),
    }))
    .sort(
      (a, b) => UPLOADABLE_DOCUMENTS.indexOf(a.document) - UPLOADABLE_DOCUMENTS.indexOf(b.document),
    );
}

/**
 * The forms that may carry documents, and an owner's later uploads: every file is judged before
 * anything is stored.
 */
export const documentFormResolvers: {
  createBrand: Resolver<BrandEndpoints['createBrand']>;
  registerCompany: Resolver<BrandEndpoints['registerCompany']>;
  brandDocuments: Resolver<BrandEndpoints['brandDocuments']>;
  uploadBrandDocuments: Resolver<BrandEndpoints['uploadBrandDocuments']>;
} = {
  brandDocuments: (fake, { user, params }) => {
    ownBrand(fake, user.id, params.brandId);
    return { documents: ownDocuments(fake, params.brandId) };
  },
  uploadBrandDocuments: async (fake, { user, params, body }) => {
    const brand = ownBrand(fake, user.id, params.brandId);
    // As the bff: a verified brand takes no more papers, whatever they are; a rejected or revoked
    // one takes them for being sent again.
    if ((brand.verificationStatus ?? 'verified') === 'verified') {
      throw new FakeError(409, 'uploads.documentsClosed');
    }
    const checked = await checkDocuments(body);
    storeDocuments(fake, 'brand', params.brandId, checked);
    return { documents: ownDocuments(fake, params.brandId) };
  },
  createBrand: async (fake, { user, body }) => {
    const { files, fields } = splitDocuments(body);
    const checked = await checkDocuments(files);
    await checkLogo(fields.image);
    const answer = await fake.createBrand(user, fields);
    storeDocuments(fake, 'brand', answer.details.id, checked);
    return answer;
  },
  registerCompany: async (fake, { viewer, body }) => {
    const { files, fields } = splitDocuments(body);
    const checked = await checkDocuments(files);
    const answer = fake.registerCompany(viewer, fields);
    storeDocuments(fake, 'company', answer.company.id, checked);
    return { ...answer, message: SUCCESS };
  },
};

/** An operator's download: the bytes in their stored type, and an audit row naming the file. */
export const downloadDocumentResolver: Resolver<typeof downloadVerificationDocument> = (
  fake,
  { user, params },
) => {
  const document = store(fake).documents.find((candidate) => candidate.id === params.documentId);
  if (!document) throw new FakeError(404, 'adminVerification.errors.documentNotFound');
  const desk = fake.operatorDesk();
  const subject =
    document.owner === 'brand'
      ? desk.brands.find((brand) => brand.id === document.ownerId)?.name
      : desk.companies.find((company) => company.id === document.ownerId)?.brandName;
  desk.recordAudit(user, 'document.download', subject ?? '', {
    document_id: document.id,
    kind: document.kind,
    file_name: document.fileName,
    [document.owner === 'brand' ? 'brand_id' : 'company_id']: document.ownerId,
  });
  return {
    file_name: document.fileName,
    content_type: document.contentType,
    bytes: fromBase64(document.base64),
  };
};

import { createHash } from 'node:crypto';
import { buildPath } from '@brnd/contracts/api/endpoint';
import {
  downloadVerificationDocument,
  type HeldFile,
} from '@brnd/contracts/api/admin-verification';
import { UPLOADABLE_DOCUMENTS, type UploadableDocument } from '@brnd/contracts/domain/verification';
import type { Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';
import { DomainError } from './errors.ts';
import { checkDocument } from './uploads.ts';

/**
 * The terms' verification documents (decision 020): judged by their bytes before anything of the
 * submission is stored, kept in `verification_documents` (never under the public /uploads), and
 * read back only through the operators' download endpoint.
 */

export interface CheckedDocument {
  kind: UploadableDocument;
  fileName: string;
  contentType: string;
  bytes: Buffer;
  sha256: string;
}

export type DocumentOwner = { brandId: number } | { companyId: number };

/** The name the operator's download is saved as: no path, no control characters, not too long. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || fallback).slice(0, 200);
}

/**
 * Every document a form attached, checked: one refused file refuses the whole submission, so an
 * operator never sees a brand whose owner was told a file failed.
 */
export async function checkDocuments(
  files: Partial<Record<UploadableDocument, Blob | undefined>>,
): Promise<CheckedDocument[]> {
  const checked: CheckedDocument[] = [];
  for (const kind of UPLOADABLE_DOCUMENTS) {
    const file = files[kind];
    if (!file) continue;
    const bytes = Buffer.from(await file.arrayBuffer());
    const contentType = checkDocument(bytes, kind);
    checked.push({
      kind,
      fileName: cleanFileName(file instanceof File ? file.name : '', kind),
      contentType,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }
  return checked;
}

/** Stores checked documents for a brand or a company; a later upload of a kind replaces it. */
export async function storeDocuments(
  db: Database,
  owner: DocumentOwner,
  documents: CheckedDocument[],
  uploadedBy: string | null,
  transaction: Transaction,
): Promise<void> {
  const [column, id] =
    'brandId' in owner ? ['brand_id', owner.brandId] : ['company_id', owner.companyId];
  for (const document of documents) {
    await db.query(
      `INSERT INTO verification_documents
         (${column}, kind, content_type, file_name, size, sha256, bytes, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (${column}, kind) WHERE ${column} IS NOT NULL DO UPDATE SET
         content_type = EXCLUDED.content_type, file_name = EXCLUDED.file_name,
         size = EXCLUDED.size, sha256 = EXCLUDED.sha256, bytes = EXCLUDED.bytes,
         uploaded_by = EXCLUDED.uploaded_by, uploaded_at = now()`,
      [
        id,
        document.kind,
        document.contentType,
        document.fileName,
        document.bytes.length,
        document.sha256,
        document.bytes,
        uploadedBy,
      ],
      { transaction },
    );
  }
}

interface HeldRow {
  id: string;
  brand_id: string | null;
  company_id: string | null;
  kind: UploadableDocument;
  file_name: string;
  content_type: string;
  size: number;
  uploaded_at: Date;
}

/** `brand:<id>` or `company:<id>` → the files held for it, by kind. */
export type HeldFiles = Map<string, Partial<Record<UploadableDocument, HeldFile>>>;

export function ownerKey(kind: 'brand' | 'company', id: number | string): string {
  return `${kind}:${id}`;
}

/** What the queue shows of the files held for these items, without their bytes. */
export async function heldFiles(
  db: Database,
  items: { brandIds: number[]; companyIds: number[] },
  transaction?: Transaction,
): Promise<HeldFiles> {
  const held: HeldFiles = new Map();
  if (items.brandIds.length === 0 && items.companyIds.length === 0) return held;
  const rows = await db.query<HeldRow>(
    `SELECT id::text, brand_id::text, company_id::text, kind, file_name, content_type, size,
       uploaded_at
     FROM verification_documents
     WHERE brand_id = ANY($1::bigint[]) OR company_id = ANY($2::bigint[])`,
    [items.brandIds, items.companyIds],
    transaction ? { transaction } : {},
  );
  for (const row of rows) {
    const key = row.brand_id
      ? ownerKey('brand', row.brand_id)
      : ownerKey('company', row.company_id!);
    const files = held.get(key) ?? {};
    files[row.kind] = {
      id: Number(row.id),
      file_name: row.file_name,
      content_type: row.content_type,
      size: row.size,
      uploaded_at: row.uploaded_at.toISOString(),
      download_url: buildPath(downloadVerificationDocument.path, { documentId: row.id }),
    };
    held.set(key, files);
  }
  return held;
}

/** What an owner sees of their own documents: the names, never the bytes. */
async function ownDocuments(db: Database, brandId: number, transaction?: Transaction) {
  const rows = await db.query<{
    kind: UploadableDocument;
    file_name: string;
    size: number;
    uploaded_at: Date;
  }>(
    `SELECT kind, file_name, size, uploaded_at FROM verification_documents WHERE brand_id = $1`,
    [brandId],
    transaction ? { transaction } : {},
  );
  return rows
    .map((row) => ({
      document: row.kind,
      file_name: row.file_name,
      size: row.size,
      uploaded_at: row.uploaded_at.toISOString(),
    }))
    .sort(
      (a, b) => UPLOADABLE_DOCUMENTS.indexOf(a.document) - UPLOADABLE_DOCUMENTS.indexOf(b.document),
    );
}

/**
 * What the brand routes need: storing the documents a form attached, with its brand or company,
 * and an owner's later uploads for a brand still waiting for verification.
 */
export function createDocumentStore(db: Database) {
  /** The owner's brand, locked, or 404 (another user's brand looks like no brand at all). */
  async function ownBrand(userId: string, brandId: number, transaction?: Transaction) {
    const [brand] = await db.query<{ verification_status: string }>(
      `SELECT verification_status FROM brands WHERE id = $1 AND owner_id = $2
       ${transaction ? 'FOR UPDATE' : ''}`,
      [brandId, userId],
      transaction ? { transaction } : {},
    );
    if (!brand) throw new DomainError(404, 'uploads.brandNotFound');
    return brand;
  }

  return {
    store: (
      owner: DocumentOwner,
      documents: CheckedDocument[],
      uploadedBy: string | null,
      transaction: Transaction,
    ) => storeDocuments(db, owner, documents, uploadedBy, transaction),

    async listOwn(userId: string, brandId: number) {
      await ownBrand(userId, brandId);
      return ownDocuments(db, brandId);
    },

    /**
     * Documents sent after registration: while the brand waits, or for sending a rejected or
     * revoked one again. The row's lock keeps an operator's decision and the upload in one
     * order, so a verified brand takes no more papers.
     */
    async uploadOwn(
      userId: string,
      brandId: number,
      files: Partial<Record<UploadableDocument, Blob | undefined>>,
    ) {
      return db.transaction(async (transaction) => {
        const brand = await ownBrand(userId, brandId, transaction);
        if (brand.verification_status === 'verified') {
          throw new DomainError(409, 'uploads.documentsClosed');
        }
        const documents = await checkDocuments(files);
        await storeDocuments(db, { brandId }, documents, userId, transaction);
        return ownDocuments(db, brandId, transaction);
      });
    },
  };
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;

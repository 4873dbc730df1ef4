import type { HeldFile, VerificationItem } from '@brnd/contracts/api/admin-verification';
import type { FileResponse } from '@brnd/contracts/api/files';
import {
  isOverdue,
  UPLOADABLE_DOCUMENTS,
  VERIFICATION_DOCUMENTS,
  verificationDueAt,
  type VerificationDocument,
  type VerificationKind,
  type UploadableDocument,
  type VerificationStatus,
} from '@brnd/contracts/domain/verification';
import type { Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';
import type { Language } from '../db/models.ts';
import type { AuditLog } from './audit-log.ts';
import { DomainError } from './errors.ts';
import type { Notifications } from './notifications.ts';
import { heldFiles, ownerKey, type HeldFiles } from './verification-documents.ts';
import type { Clock } from './votes.ts';

/**
 * The operators' verification queue (issue #9). A decision is one transaction: the status moves
 * from pending only (`WHERE … status = 'pending'` under the row's lock, so of two operators
 * racing one decides and the other gets 409) and the audit row commits with it. The brand is
 * mailed after the commit, in its owner's language.
 */

export interface Operator {
  id: string;
  email: string;
}

export interface Decision {
  decision: 'approve' | 'reject';
  reason: string;
}

/** A decision to mail once it has committed. */
type Outcome = 'approved' | 'rejected' | 'revoked';

/** The brand's owner has an account; a company may not (it applied at /newbrandaccount). */
type Notice =
  | {
      kind: 'brand';
      to: string;
      ownerName: string;
      brand: string;
      language: Language;
      outcome: Outcome;
      reason: string;
    }
  | {
      kind: 'company';
      to: string;
      company: string;
      hasAccount: boolean;
      language: Language;
      outcome: Outcome;
      reason: string;
    };

interface BrandRow {
  id: string;
  name: string;
  website: string;
  description: string;
  image_url: string;
  industry: string | null;
  token_ticker: string | null;
  no_of_employees: number | null;
  address1: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  operating_address: string | null;
  verification_status: VerificationStatus;
  reason: string | null;
  decided_at: Date | null;
  submitted_at: Date;
  owner_name: string;
  owner_email: string;
  owner_mobile: string;
  owner_language: Language;
}

interface CompanyRow {
  id: string;
  brand_name: string;
  email: string;
  phone: string;
  employees: number;
  vat_number: string;
  billing_address: string;
  operating_address: string;
  status: VerificationStatus;
  reason: string | null;
  decided_at: Date | null;
  submitted_at: Date;
  language: Language;
  has_account: boolean;
}

const BRAND_COLUMNS = `b.id::text, b.name, b.website, b.description, b.image_url, b.industry,
  b.token_ticker, b.no_of_employees, b.address1, b.city, b.state, b.postal_code, b.country,
  b.operating_address, b.verification_status, b.verification_reason AS reason,
  b.verification_decided_at AS decided_at, b.verification_submitted_at AS submitted_at,
  u.name AS owner_name,
  u.email AS owner_email, u.mobile AS owner_mobile, u.language AS owner_language`;

/** A company answers in its account's language when it has one, else the one it registered in. */
const COMPANY_COLUMNS = `c.id::text, c.brand_name, c.email, c.phone, c.employees, c.vat_number,
  c.billing_address, c.operating_address, c.status, c.rejection_reason AS reason, c.decided_at,
  c.created_at AS submitted_at,
  coalesce(u.language, c.language) AS language, u.id IS NOT NULL AS has_account`;

type FilesByKind = Partial<Record<UploadableDocument, HeldFile>>;

/**
 * What the terms ask for: the data each form collects, and the files uploaded with it (or
 * later); everything else is missing until it arrives.
 */
function documents(held: VerificationDocument[], files: FilesByKind) {
  return VERIFICATION_DOCUMENTS.map((document) => {
    const file = (UPLOADABLE_DOCUMENTS as readonly string[]).includes(document)
      ? (files[document as UploadableDocument] ?? null)
      : null;
    return { document, held: held.includes(document) || file !== null, file };
  });
}

/**
 * When it came (a brand sent again after a rejection or revocation: when it was sent again), when
 * the answer is due, and where the last decision stands.
 */
function timing(
  row: { submitted_at: Date; decided_at: Date | null; reason: string | null },
  pending: boolean,
  now: Date,
) {
  return {
    submitted_at: row.submitted_at.toISOString(),
    due_at: verificationDueAt(row.submitted_at).toISOString(),
    // Only a request still waiting can be late.
    overdue: pending && isOverdue(row.submitted_at, now),
    reason: row.reason,
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

function brandItem(row: BrandRow, now: Date, files: FilesByKind): VerificationItem {
  const held: VerificationDocument[] = ['email'];
  if (row.address1 && row.city && row.country) held.push('nameAndOffice');
  if (row.owner_mobile) held.push('phone');
  if (row.image_url) held.push('logo');
  return {
    kind: 'brand',
    id: Number(row.id),
    name: row.name,
    status: row.verification_status,
    email: row.owner_email,
    logo_url: row.image_url || null,
    ...timing(row, row.verification_status === 'pending', now),
    documents: documents(held, files),
    brand: {
      website: row.website,
      description: row.description,
      industry: row.industry,
      token_ticker: row.token_ticker,
      no_of_employees: row.no_of_employees,
      address1: row.address1,
      city: row.city,
      state: row.state,
      postal_code: row.postal_code,
      country: row.country,
      operating_address: row.operating_address,
      owner_name: row.owner_name,
    },
  };
}

function companyItem(row: CompanyRow, now: Date, files: FilesByKind): VerificationItem {
  return {
    kind: 'company',
    id: Number(row.id),
    name: row.brand_name,
    status: row.status,
    email: row.email,
    logo_url: null,
    ...timing(row, row.status === 'pending', now),
    documents: documents(['nameAndOffice', 'phone', 'email'], files),
    company: {
      phone: row.phone,
      vat_number: row.vat_number,
      employees: row.employees,
      billing_address: row.billing_address,
      operating_address: row.operating_address,
    },
  };
}

/** The queue is worked from the top; a page this long is more than a day's work. */
const QUEUE_LIMIT = 500;

export function createVerificationService({
  db,
  audit,
  notifications,
  clock = () => new Date(),
  onBrandVerified,
}: {
  db: Database;
  audit: AuditLog;
  notifications: Notifications;
  clock?: Clock;
  /**
   * Runs in the transaction of an operator's approval of a user-added brand: the brand
   * referral reward is paid for real brands only, once (decision 041).
   */
  onBrandVerified?: (
    brand: { brandId: string; creatorUserId: string; referralCode: string | undefined },
    transaction: Transaction,
  ) => Promise<unknown>;
}) {
  async function brandById(id: number, transaction?: Transaction) {
    const [row] = await db.query<BrandRow>(
      `SELECT ${BRAND_COLUMNS} FROM brands b JOIN users u ON u.id = b.owner_id WHERE b.id = $1`,
      [id],
      transaction ? { transaction } : {},
    );
    return row;
  }

  async function companyById(id: number, transaction?: Transaction) {
    const [row] = await db.query<CompanyRow>(
      `SELECT ${COMPANY_COLUMNS} FROM companies c LEFT JOIN users u ON u.id = c.user_id
       WHERE c.id = $1`,
      [id],
      transaction ? { transaction } : {},
    );
    return row;
  }

  async function filesOf(kind: 'brand' | 'company', id: number, transaction: Transaction) {
    const held = await heldFiles(
      db,
      kind === 'brand' ? { brandIds: [id], companyIds: [] } : { brandIds: [], companyIds: [id] },
      transaction,
    );
    return held.get(ownerKey(kind, id)) ?? {};
  }

  /** A decision that moved nothing: the item is gone (404) or someone decided it first (409). */
  function refusal(current: object | undefined): DomainError {
    if (!current) return new DomainError(404, 'adminVerification.errors.notFound');
    return new DomainError(409, 'adminVerification.errors.alreadyDecided');
  }

  async function decideBrand(
    operator: Operator,
    id: number,
    { decision, reason }: Decision,
    transaction: Transaction,
  ): Promise<{ item: VerificationItem; notice: Notice }> {
    const approved = decision === 'approve';
    // Referred brands (no owner) are not verified by operators: they never match.
    const updated = await db.query<{ id: string }>(
      `UPDATE brands SET verification_status = $2, verification_reason = $3,
         verified_at = CASE WHEN $2 = 'verified' THEN now() END,
         verification_decided_at = now(), verification_decided_by = $4
       WHERE id = $1 AND owner_id IS NOT NULL AND verification_status = 'pending'
       RETURNING id::text`,
      [id, approved ? 'verified' : 'rejected', approved ? null : reason, operator.id],
      { transaction },
    );
    const row = await brandById(id, transaction);
    if (updated.length === 0 || !row) {
      throw refusal(row);
    }
    if (approved && onBrandVerified) {
      const [brand] = await db.query<{ owner: string; code: string | null }>(
        'SELECT owner_id::text AS owner, referral_code AS code FROM brands WHERE id = $1',
        [id],
        { transaction },
      );
      const referralCode = brand?.code ?? undefined;
      await onBrandVerified(
        { brandId: String(id), creatorUserId: brand!.owner, referralCode },
        transaction,
      );
    }
    await audit.record(
      {
        actorId: operator.id,
        actorEmail: operator.email,
        action: approved ? 'brand.approve' : 'brand.reject',
        subject: row.name,
        details: approved ? { brand_id: id } : { brand_id: id, reason },
      },
      transaction,
    );
    return {
      item: brandItem(row, clock(), await filesOf('brand', id, transaction)),
      notice: {
        kind: 'brand',
        to: row.owner_email,
        ownerName: row.owner_name,
        brand: row.name,
        language: row.owner_language,
        outcome: approved ? 'approved' : 'rejected',
        reason,
      },
    };
  }

  async function decideCompany(
    operator: Operator,
    id: number,
    { decision, reason }: Decision,
    transaction: Transaction,
  ): Promise<{ item: VerificationItem; notice: Notice }> {
    const approved = decision === 'approve';
    const updated = await db.query<{ id: string }>(
      `UPDATE companies SET status = $2, rejection_reason = $3, decided_at = now(), decided_by = $4
       WHERE id = $1 AND status = 'pending' RETURNING id::text`,
      [id, approved ? 'verified' : 'rejected', approved ? null : reason, operator.id],
      { transaction },
    );
    const row = await companyById(id, transaction);
    if (updated.length === 0 || !row) throw refusal(row);
    await audit.record(
      {
        actorId: operator.id,
        actorEmail: operator.email,
        action: approved ? 'company.approve' : 'company.reject',
        subject: row.brand_name,
        details: approved ? { company_id: id } : { company_id: id, reason },
      },
      transaction,
    );
    return {
      item: companyItem(row, clock(), await filesOf('company', id, transaction)),
      notice: {
        kind: 'company',
        to: row.email,
        company: row.brand_name,
        hasAccount: row.has_account,
        language: row.language,
        outcome: approved ? 'approved' : 'rejected',
        reason,
      },
    };
  }

  /** Queued in the decision's transaction (decision 056): mailed if and only if it commits. */
  async function mail(notice: Notice, transaction: Transaction) {
    await notifications.mail(
      notice.kind === 'brand'
        ? {
            kind: 'brandDecision',
            to: notice.to,
            language: notice.language,
            props: {
              name: notice.ownerName,
              brand: notice.brand,
              outcome: notice.outcome,
              reason: notice.reason,
            },
          }
        : {
            kind: 'companyDecision',
            to: notice.to,
            language: notice.language,
            props: {
              company: notice.company,
              email: notice.to,
              outcome: notice.outcome,
              reason: notice.reason,
              hasAccount: notice.hasAccount,
            },
          },
      { transaction },
    );
  }

  return {
    /**
     * Brands with an owner and companies in one status: waiting ones oldest first (the order
     * they are worked in), decided ones last decided first (the order they are looked up in).
     */
    async queue(status: VerificationStatus = 'pending'): Promise<VerificationItem[]> {
      const pending = status === 'pending';
      const [brands, companies] = await Promise.all([
        db.query<BrandRow>(
          `SELECT ${BRAND_COLUMNS} FROM brands b JOIN users u ON u.id = b.owner_id
           WHERE b.verification_status = $2
           ORDER BY ${
             pending
               ? 'b.verification_submitted_at, b.id'
               : 'b.verification_decided_at DESC NULLS LAST, b.id DESC'
           }
           LIMIT $1`,
          [QUEUE_LIMIT, status],
        ),
        db.query<CompanyRow>(
          `SELECT ${COMPANY_COLUMNS} FROM companies c LEFT JOIN users u ON u.id = c.user_id
           WHERE c.status = $2
           ORDER BY ${pending ? 'c.created_at, c.id' : 'c.decided_at DESC NULLS LAST, c.id DESC'}
           LIMIT $1`,
          [QUEUE_LIMIT, status],
        ),
      ]);
      const now = clock();
      const held: HeldFiles = await heldFiles(db, {
        brandIds: brands.map((row) => Number(row.id)),
        companyIds: companies.map((row) => Number(row.id)),
      });
      const filesFor = (kind: 'brand' | 'company', id: string) =>
        held.get(ownerKey(kind, id)) ?? {};
      const items = [
        ...brands.map((row) => brandItem(row, now, filesFor('brand', row.id))),
        ...companies.map((row) => companyItem(row, now, filesFor('company', row.id))),
      ];
      return items
        .sort(
          pending
            ? (a, b) => a.submitted_at.localeCompare(b.submitted_at) || a.id - b.id
            : (a, b) => (b.decided_at ?? '').localeCompare(a.decided_at ?? '') || b.id - a.id,
        )
        .slice(0, QUEUE_LIMIT);
    },

    async decide(
      operator: Operator,
      kind: VerificationKind,
      id: number,
      decision: Decision,
    ): Promise<VerificationItem> {
      return db.transaction(async (transaction) => {
        const { item, notice } =
          kind === 'brand'
            ? await decideBrand(operator, id, decision, transaction)
            : await decideCompany(operator, id, decision, transaction);
        await mail(notice, transaction);
        return item;
      });
    },

    /**
     * Withdraws a verification (decision 021): from `verified` only, under the row's lock like a
     * decision, so revoking twice (or racing another operator) is 409. The brand console checks
     * `verification_status`, so it stops working for the brand at once; the owner is mailed.
     */
    async revoke(
      operator: Operator,
      kind: VerificationKind,
      id: number,
      reason: string,
    ): Promise<VerificationItem> {
      return db.transaction(async (transaction) => {
        const brand = kind === 'brand';
        const updated = await db.query<{ id: string }>(
          brand
            ? `UPDATE brands SET verification_status = 'revoked', verification_reason = $2,
                 verification_decided_at = now(), verification_decided_by = $3
               WHERE id = $1 AND owner_id IS NOT NULL AND verification_status = 'verified'
               RETURNING id::text`
            : `UPDATE companies SET status = 'revoked', rejection_reason = $2, decided_at = now(),
                 decided_by = $3
               WHERE id = $1 AND status = 'verified' RETURNING id::text`,
          [id, reason, operator.id],
          { transaction },
        );
        const brandRow = brand ? await brandById(id, transaction) : undefined;
        const companyRow = brand ? undefined : await companyById(id, transaction);
        const row = brandRow ?? companyRow;
        if (!row) throw new DomainError(404, 'adminVerification.errors.notFound');
        if (updated.length === 0)
          throw new DomainError(409, 'adminVerification.errors.notVerified');
        const name = brandRow ? brandRow.name : companyRow!.brand_name;
        await audit.record(
          {
            actorId: operator.id,
            actorEmail: operator.email,
            action: `${kind}.revoke`,
            subject: name,
            details: { [brand ? 'brand_id' : 'company_id']: id, reason },
          },
          transaction,
        );
        const files = await filesOf(kind, id, transaction);
        const now = clock();
        const { item, notice } = brandRow
          ? {
              item: brandItem(brandRow, now, files),
              notice: {
                kind: 'brand' as const,
                to: brandRow.owner_email,
                ownerName: brandRow.owner_name,
                brand: name,
                language: brandRow.owner_language,
                outcome: 'revoked' as const,
                reason,
              },
            }
          : {
              item: companyItem(companyRow!, now, files),
              notice: {
                kind: 'company' as const,
                to: companyRow!.email,
                company: name,
                hasAccount: companyRow!.has_account,
                language: companyRow!.language,
                outcome: 'revoked' as const,
                reason,
              },
            };
        await mail(notice, transaction);
        return item;
      });
    },

    /**
     * A verification document's bytes for an operator. The download is an operator action on
     * personal data, so it is audited like a decision, in the transaction that reads the file.
     */
    async download(operator: Operator, documentId: number): Promise<FileResponse> {
      return db.transaction(async (transaction) => {
        const [row] = await db.query<{
          kind: UploadableDocument;
          file_name: string;
          content_type: string;
          bytes: Buffer;
          brand_id: string | null;
          company_id: string | null;
          subject: string;
        }>(
          `SELECT d.kind, d.file_name, d.content_type, d.bytes, d.brand_id::text,
             d.company_id::text, coalesce(b.name, c.brand_name) AS subject
           FROM verification_documents d
           LEFT JOIN brands b ON b.id = d.brand_id
           LEFT JOIN companies c ON c.id = d.company_id
           WHERE d.id = $1`,
          [documentId],
          { transaction },
        );
        if (!row) throw new DomainError(404, 'adminVerification.errors.documentNotFound');
        await audit.record(
          {
            actorId: operator.id,
            actorEmail: operator.email,
            action: 'document.download',
            subject: row.subject,
            details: {
              document_id: documentId,
              kind: row.kind,
              file_name: row.file_name,
              ...(row.brand_id
                ? { brand_id: Number(row.brand_id) }
                : { company_id: Number(row.company_id) }),
            },
          },
          transaction,
        );
        return {
          file_name: row.file_name,
          content_type: row.content_type,
          bytes: new Uint8Array(row.bytes),
        };
      });
    },

    /** No reason is needed (the terms allow it); the audit log keeps who deleted what. */
    async deleteCompany(operator: Operator, id: number): Promise<void> {
      await db.transaction(async (transaction) => {
        const [deleted] = await db.query<{ brand_name: string; status: string }>(
          'DELETE FROM companies WHERE id = $1 RETURNING brand_name, status',
          [id],
          { transaction },
        );
        if (!deleted) throw new DomainError(404, 'adminVerification.errors.notFound');
        await audit.record(
          {
            actorId: operator.id,
            actorEmail: operator.email,
            action: 'company.delete',
            subject: deleted.brand_name,
            details: { company_id: id, status: deleted.status },
          },
          transaction,
        );
      });
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;

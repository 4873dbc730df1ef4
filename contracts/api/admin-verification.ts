import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import {
  declareError,
  inputErrors,
  operatorErrors,
  operatorReadErrors,
} from './error-catalogue.ts';
import { FileResponseSchema } from './files.ts';
import { BRAND_PROFILE_ENTRIES } from './brand-schemas.ts';
import { BrandIdSchema } from '../domain/rules.ts';
import {
  REJECTION_REASON_MAX_LENGTH,
  VERIFICATION_DOCUMENTS,
  VERIFICATION_KINDS,
  VERIFICATION_STATUSES,
} from '../domain/verification.ts';

/**
 * The operator's verification queue (issue #9): brands registered from My brands' add-brand form
 * and companies from /newbrandaccount wait here, oldest first, until an operator approves or
 * rejects them (the brand is told by e-mail). Deciding is once: the second of two racing
 * operators gets 409 `adminVerification.errors.alreadyDecided`.
 */

/** An uploaded verification document, as the operator sees it before downloading it. */
export const HeldFileSchema = v.object({
  id: v.number(),
  file_name: v.string(),
  content_type: v.string(),
  size: v.number(),
  /** ISO 8601. */
  uploaded_at: v.string(),
  /** The admin endpoint that answers the bytes (downloadVerificationDocument). */
  download_url: v.string(),
});
export type HeldFile = v.InferOutput<typeof HeldFileSchema>;

/**
 * Whether we hold each document the terms ask for; `file` is the upload for the documents that
 * are files (UPLOADABLE_DOCUMENTS), null for data we hold as fields or do not hold.
 */
export const DocumentCheckSchema = v.object({
  document: v.picklist(VERIFICATION_DOCUMENTS),
  held: v.boolean(),
  file: v.nullable(HeldFileSchema),
});
export type DocumentCheck = v.InferOutput<typeof DocumentCheckSchema>;

const itemEntries = {
  id: v.number(),
  name: v.string(),
  status: v.picklist(VERIFICATION_STATUSES),
  /** Where the decision is mailed: the company's address, or the brand owner's. */
  email: v.string(),
  /** The uploaded logo; null when none was sent. */
  logo_url: v.nullable(v.string()),
  /** ISO 8601. */
  submitted_at: v.string(),
  /** ISO 8601: submission + 2 business days (contracts/domain/verification.ts). */
  due_at: v.string(),
  overdue: v.boolean(),
  /** The reason the brand was sent with a rejection or a revocation; null otherwise. */
  reason: v.nullable(v.string()),
  /** ISO 8601: the last decision (approval, rejection, revocation); null while pending. */
  decided_at: v.nullable(v.string()),
  documents: v.array(DocumentCheckSchema),
};

export const BrandVerificationItemSchema = v.object({
  kind: v.literal('brand'),
  ...itemEntries,
  brand: v.object({
    website: v.string(),
    description: v.string(),
    ...BRAND_PROFILE_ENTRIES,
    owner_name: v.string(),
  }),
});

export const CompanyVerificationItemSchema = v.object({
  kind: v.literal('company'),
  ...itemEntries,
  company: v.object({
    phone: v.string(),
    vat_number: v.string(),
    employees: v.number(),
    billing_address: v.string(),
    operating_address: v.string(),
  }),
});

export const VerificationItemSchema = v.variant('kind', [
  BrandVerificationItemSchema,
  CompanyVerificationItemSchema,
]);
export type VerificationItem = v.InferOutput<typeof VerificationItemSchema>;

const ItemParamsSchema = v.object({
  kind: v.picklist(VERIFICATION_KINDS),
  id: BrandIdSchema,
});

/**
 * The queue by status: `pending` (the default) is everything waiting for a decision, oldest
 * submission first; the others are the decided items, last decided first, so an operator finds a
 * verified brand to revoke.
 */
/** No verification request (brand or company) with this id. */
export const requestNotFound = declareError({
  status: 404,
  messageId: 'adminVerification.errors.notFound',
});
/** Another operator decided the request first (or it was never pending). */
export const alreadyDecided = declareError({
  status: 409,
  messageId: 'adminVerification.errors.alreadyDecided',
});
/** Only a verified request is revoked. */
export const notVerified = declareError({
  status: 409,
  messageId: 'adminVerification.errors.notVerified',
});
/** No stored document with this id. */
export const documentNotFound = declareError({
  status: 404,
  messageId: 'adminVerification.errors.documentNotFound',
});

export const verificationQueue = defineEndpoint({
  id: 'verificationQueue',
  method: 'GET',
  path: '/api/admin/verification',
  auth: 'admin',
  query: v.object({
    status: v.optional(
      v.picklist(VERIFICATION_STATUSES, 'adminVerification.errors.status'),
      'pending',
    ),
  }),
  response: v.object({ items: v.array(VerificationItemSchema) }),
  errors: { ...operatorReadErrors, ...inputErrors },
});

export const DECISIONS = ['approve', 'reject'] as const;

const ReasonSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(REJECTION_REASON_MAX_LENGTH, 'adminVerification.errors.reasonTooLong'),
);

/** The console's reject dialog: the reason the brand will read. */
export const RejectionInputSchema = v.object({
  reason: v.pipe(ReasonSchema, v.nonEmpty('adminVerification.errors.reasonRequired')),
});

export const DecisionInputSchema = v.pipe(
  v.object({
    decision: v.picklist(DECISIONS, 'adminVerification.errors.decision'),
    reason: v.optional(ReasonSchema, ''),
  }),
  v.forward(
    v.check(
      (input) => input.decision === 'approve' || input.reason.length > 0,
      'adminVerification.errors.reasonRequired',
    ),
    ['reason'],
  ),
);

/** Approves, or rejects with a reason; the brand is mailed the result. */
export const decideVerification = defineEndpoint({
  id: 'decideVerification',
  method: 'POST',
  path: '/api/admin/verification/:kind/:id/decision',
  auth: 'admin',
  params: ItemParamsSchema,
  body: DecisionInputSchema,
  response: v.object({ item: VerificationItemSchema }),
  errors: { ...operatorErrors, ...inputErrors, requestNotFound, alreadyDecided },
});

/** The console's revoke dialog: the reason the brand will read. */
export const RevocationInputSchema = v.object({
  reason: v.pipe(ReasonSchema, v.nonEmpty('adminVerification.errors.revokeReasonRequired')),
});

/**
 * Withdraws a verification with a reason (decision 021): only a verified item (409
 * `adminVerification.errors.notVerified` otherwise, so revoking twice is refused); the brand
 * console stops working for it, and the owner is mailed.
 */
export const revokeVerification = defineEndpoint({
  id: 'revokeVerification',
  method: 'POST',
  path: '/api/admin/verification/:kind/:id/revoke',
  auth: 'admin',
  params: ItemParamsSchema,
  body: RevocationInputSchema,
  response: v.object({ item: VerificationItemSchema }),
  errors: { ...operatorErrors, ...inputErrors, requestNotFound, notVerified },
});

/** The terms let the Provider delete an account without a reason; the audit log keeps the act. */
export const deleteCompany = defineEndpoint({
  id: 'deleteCompany',
  method: 'POST',
  path: '/api/admin/verification/company/:id/delete',
  auth: 'admin',
  params: v.object({ id: BrandIdSchema }),
  response: v.object({ message: v.string() }),
  errors: { ...operatorErrors, ...inputErrors, requestNotFound },
});

/**
 * A verification document's bytes, for operators only: sent as an attachment with its stored
 * type and `nosniff`, and each download is written to the audit log.
 */
export const downloadVerificationDocument = defineEndpoint({
  id: 'downloadVerificationDocument',
  method: 'GET',
  path: '/api/admin/verification/documents/:documentId',
  auth: 'admin',
  responseType: 'file',
  params: v.object({ documentId: BrandIdSchema }),
  response: FileResponseSchema,
  errors: { ...operatorReadErrors, ...inputErrors, documentNotFound },
});

export const adminVerificationEndpoints = {
  verificationQueue,
  decideVerification,
  revokeVerification,
  deleteCompany,
  downloadVerificationDocument,
} as const;

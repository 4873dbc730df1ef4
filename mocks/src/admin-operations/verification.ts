import { SUCCESS } from '@brnd/contracts/api/accounts';
import type {
  adminVerificationEndpoints,
  HeldFile,
  VerificationItem,
} from '@brnd/contracts/api/admin-verification';
import type { brandEndpoints } from '@brnd/contracts/api/brands';
import { type Language } from '@brnd/contracts/domain/constants';
import { APP_PAGES, pageLink } from '@brnd/contracts/domain/app-pages';
import {
  isOverdue,
  UPLOADABLE_DOCUMENTS,
  VERIFICATION_DOCUMENTS,
  isRefused,
  verificationDueAt,
  type RefusedStatus,
  type UploadableDocument,
  type VerificationDocument,
} from '@brnd/contracts/domain/verification';
import { type CompanyRecord } from '../brands.ts';
import { FakeError, type Fake, type FakeBrand, type FakeUser } from '../fake.ts';
import type { Resolver } from '../handlers.ts';
import { localText } from '../messages.ts';
import {
  downloadDocumentResolver,
  heldFilesOf,
  removeDocumentsOf,
} from '../verification-documents.ts';
import { type Desk, deskOf } from './desk.ts';

/* ---------------------------------------------------------------- verification */

export type FilesByKind = Partial<Record<UploadableDocument, HeldFile>>;

/** As the bff: the data each form collects, and the files uploaded with it. */
export function documents(held: VerificationDocument[], files: FilesByKind) {
  return VERIFICATION_DOCUMENTS.map((document) => {
    const file = (UPLOADABLE_DOCUMENTS as readonly string[]).includes(document)
      ? (files[document as UploadableDocument] ?? null)
      : null;
    return { document, held: held.includes(document) || file !== null, file };
  });
}

export interface DecisionRecord {
  reason: string | null;
  decidedAt: number;
}

/**
 * The last decision on each item (`brand:<id>`, `company:<id>`): its reason and time, as the
 * bff keeps them on the row (verification_reason / rejection_reason, *decided_at).
 */
export function decisions(fake: Fake): Record<string, DecisionRecord> {
  return fake.extension('verificationDecisions', () => ({}) as Record<string, DecisionRecord>);
}

export function recordDecision(fake: Fake, key: string, reason: string | null) {
  decisions(fake)[key] = { reason, decidedAt: fake.now() };
}

/**
 * My brands' rows with why an owned brand was rejected or revoked, as the bff reads it from the
 * row (`verification_reason`); null for any other brand.
 */
export function withVerificationReasons<
  T extends { id: number; verification_status: string | null },
>(fake: Fake, rows: T[]): (T & { verification_reason: string | null })[] {
  return rows.map((row) => ({
    ...row,
    verification_reason: isRefused(row.verification_status)
      ? (decisions(fake)[`brand:${row.id}`]?.reason ?? null)
      : null,
  }));
}

/** As the bff's timing(): counted from the (last) submission; only a waiting request can be late. */
export function timing(fake: Fake, key: string, submittedAt: number, pending: boolean) {
  const decision = decisions(fake)[key];
  return {
    submitted_at: new Date(submittedAt).toISOString(),
    due_at: verificationDueAt(new Date(submittedAt)).toISOString(),
    overdue: pending && isOverdue(new Date(submittedAt), new Date(fake.now())),
    reason: decision?.reason ?? null,
    decided_at: decision ? new Date(decision.decidedAt).toISOString() : null,
  };
}

export function brandItem(fake: Fake, brand: FakeBrand, owner: FakeUser): VerificationItem {
  const status = brand.verificationStatus ?? 'verified';
  const held: VerificationDocument[] = ['email'];
  if (brand.address1 && brand.city && brand.country) held.push('nameAndOffice');
  if (owner.mobile) held.push('phone');
  if (brand.image_url) held.push('logo');
  return {
    kind: 'brand',
    id: brand.id,
    name: brand.name,
    status,
    email: owner.email,
    logo_url: brand.image_url || null,
    ...timing(
      fake,
      `brand:${brand.id}`,
      brand.verificationSubmittedAt ?? brand.createdAt,
      status === 'pending',
    ),
    documents: documents(held, heldFilesOf(fake, 'brand', brand.id)),
    brand: {
      website: brand.website,
      description: brand.description,
      industry: brand.industry,
      token_ticker: brand.token_ticker,
      no_of_employees: brand.no_of_employees,
      address1: brand.address1,
      city: brand.city,
      state: brand.state,
      postal_code: brand.postal_code,
      country: brand.country,
      operating_address: brand.operating_address,
      owner_name: owner.name,
    },
  };
}

export function companyItem(fake: Fake, company: CompanyRecord): VerificationItem {
  return {
    kind: 'company',
    id: company.id,
    name: company.brandName,
    status: company.status,
    email: company.email,
    logo_url: null,
    ...timing(
      fake,
      `company:${company.id}`,
      company.createdAt ?? fake.now(),
      company.status === 'pending',
    ),
    documents: documents(
      ['nameAndOffice', 'phone', 'email'],
      heldFilesOf(fake, 'company', company.id),
    ),
    company: {
      phone: company.phoneValue,
      vat_number: company.vat_num,
      employees: company.employee_num,
      billing_address: company.billing_address,
      operating_address: company.operating_address,
    },
  };
}

/** Brands registered from My brands with their owners; referred ones have no owner to verify. */
export function ownedBrands(desk: Desk) {
  return desk.brands.flatMap((brand) => {
    const owner = desk.users.find((user) => user.id === brand.ownerId);
    return owner ? [{ brand, owner }] : [];
  });
}

export type Outcome = 'approved' | 'rejected' | 'revoked';

/** The decision mail's subject and its words in the text part, as the bff's templates say them. */
export function mailDecision(
  fake: Fake,
  notice: {
    kind: 'brand' | 'company';
    to: string;
    name: string;
    language: Language;
    outcome: Outcome;
    reason: string;
  },
) {
  const { kind, outcome, language } = notice;
  const key = `email.${kind}Decision.${outcome}`;
  const values = { brand: notice.name, company: notice.name, email: notice.to };
  const page =
    kind === 'brand' || outcome === 'approved'
      ? APP_PAGES.myBrands
      : outcome === 'rejected'
        ? APP_PAGES.newBrandAccount
        : APP_PAGES.contact;
  fake.sendMail(
    notice.to,
    localText(language, `${key}.subject`, values),
    [
      localText(language, `${key}.body`, values),
      outcome === 'approved' ? '' : localText(language, 'email.reason', { reason: notice.reason }),
      pageLink(fake.appUrl, page, { language }),
    ]
      .filter(Boolean)
      .join('\n\n'),
  );
}

export type VerificationEndpoints = typeof adminVerificationEndpoints;

export const adminVerificationResolvers: {
  [K in keyof VerificationEndpoints]: Resolver<VerificationEndpoints[K]>;
} = {
  verificationQueue: (fake, { query }) => {
    const desk = deskOf(fake);
    const status = query.status;
    const items = [
      ...ownedBrands(desk)
        .filter(({ brand }) => (brand.verificationStatus ?? 'verified') === status)
        .map(({ brand, owner }) => brandItem(fake, brand, owner)),
      ...desk.companies
        .filter((company) => company.status === status)
        .map((company) => companyItem(fake, company)),
    ].sort(
      status === 'pending'
        ? (a, b) => a.submitted_at.localeCompare(b.submitted_at) || a.id - b.id
        : (a, b) => (b.decided_at ?? '').localeCompare(a.decided_at ?? '') || b.id - a.id,
    );
    return { items };
  },

  revokeVerification: (fake, { user, params, body }) => {
    const desk = deskOf(fake);
    const key = `${params.kind}:${params.id}`;
    if (params.kind === 'brand') {
      const found = ownedBrands(desk).find(({ brand }) => brand.id === params.id);
      if (!found) throw new FakeError(404, 'adminVerification.errors.notFound');
      if ((found.brand.verificationStatus ?? 'verified') !== 'verified') {
        throw new FakeError(409, 'adminVerification.errors.notVerified');
      }
      found.brand.verificationStatus = 'revoked';
      recordDecision(fake, key, body.reason);
      desk.recordAudit(user, 'brand.revoke', found.brand.name, {
        brand_id: params.id,
        reason: body.reason,
      });
      mailDecision(fake, {
        kind: 'brand',
        to: found.owner.email,
        name: found.brand.name,
        language: found.owner.language,
        outcome: 'revoked',
        reason: body.reason,
      });
      return { item: brandItem(fake, found.brand, found.owner) };
    }
    const company = desk.companies.find((candidate) => candidate.id === params.id);
    if (!company) throw new FakeError(404, 'adminVerification.errors.notFound');
    if (company.status !== 'verified') {
      throw new FakeError(409, 'adminVerification.errors.notVerified');
    }
    company.status = 'revoked';
    recordDecision(fake, key, body.reason);
    desk.recordAudit(user, 'company.revoke', company.brandName, {
      company_id: params.id,
      reason: body.reason,
    });
    mailDecision(fake, {
      kind: 'company',
      to: company.email,
      name: company.brandName,
      language: 'en',
      outcome: 'revoked',
      reason: body.reason,
    });
    return { item: companyItem(fake, company) };
  },

  decideVerification: (fake, { user, params, body }) => {
    const desk = deskOf(fake);
    const approved = body.decision === 'approve';
    const status = approved ? 'verified' : 'rejected';
    const details = approved ? {} : { reason: body.reason };
    if (params.kind === 'brand') {
      const found = ownedBrands(desk).find(({ brand }) => brand.id === params.id);
      if (!found) throw new FakeError(404, 'adminVerification.errors.notFound');
      if (found.brand.verificationStatus !== 'pending') {
        throw new FakeError(409, 'adminVerification.errors.alreadyDecided');
      }
      found.brand.verificationStatus = status;
      if (approved) desk.rewardVerifiedBrand(found.brand, found.owner);
      recordDecision(fake, `brand:${params.id}`, approved ? null : body.reason);
      desk.recordAudit(user, approved ? 'brand.approve' : 'brand.reject', found.brand.name, {
        brand_id: params.id,
        ...details,
      });
      mailDecision(fake, {
        kind: 'brand',
        to: found.owner.email,
        name: found.brand.name,
        language: found.owner.language,
        outcome: approved ? 'approved' : 'rejected',
        reason: body.reason,
      });
      return { item: brandItem(fake, found.brand, found.owner) };
    }
    const company = desk.companies.find((candidate) => candidate.id === params.id);
    if (!company) throw new FakeError(404, 'adminVerification.errors.notFound');
    if (company.status !== 'pending') {
      throw new FakeError(409, 'adminVerification.errors.alreadyDecided');
    }
    company.status = status;
    recordDecision(fake, `company:${params.id}`, approved ? null : body.reason);
    desk.recordAudit(user, approved ? 'company.approve' : 'company.reject', company.brandName, {
      company_id: params.id,
      ...details,
    });
    mailDecision(fake, {
      kind: 'company',
      to: company.email,
      name: company.brandName,
      language: 'en',
      outcome: approved ? 'approved' : 'rejected',
      reason: body.reason,
    });
    return { item: companyItem(fake, company) };
  },

  deleteCompany: (fake, { user, params }) => {
    const desk = deskOf(fake);
    const index = desk.companies.findIndex((company) => company.id === params.id);
    const company = desk.companies[index];
    if (!company) throw new FakeError(404, 'adminVerification.errors.notFound');
    desk.companies.splice(index, 1);
    removeDocumentsOf(fake, 'company', params.id);
    desk.recordAudit(user, 'company.delete', company.brandName, {
      company_id: params.id,
      status: company.status,
    });
    return { message: SUCCESS };
  },

  downloadVerificationDocument: (fake, context) => {
    deskOf(fake);
    return downloadDocumentResolver(fake, context);
  },
};

/** Stories and tests: an operator rejected or revoked a brand, with this reason. */
export function refuseBrand(fake: Fake, brandId: number, status: RefusedStatus, reason: string) {
  fake.setBrandVerification(brandId, status);
  recordDecision(fake, `brand:${brandId}`, reason);
}

/**
 * As the bff's brands.resubmit: the owner sends a rejected or revoked brand again; it is pending
 * from now (a new due time, last in the queue) and the last decision's reason is cleared.
 */
export const resubmitBrandResolver: Resolver<(typeof brandEndpoints)['resubmitBrand']> = (
  fake,
  { user, params },
) => {
  const brand = deskOf(fake).brands.find(
    (candidate) => candidate.id === params.brandId && candidate.ownerId === user.id,
  );
  if (!brand) throw new FakeError(404, 'uploads.brandNotFound');
  if (!isRefused(brand.verificationStatus ?? 'verified')) {
    throw new FakeError(409, 'brands.resubmit.notRefused');
  }
  brand.verificationStatus = 'pending';
  brand.verificationSubmittedAt = fake.now();
  delete decisions(fake)[`brand:${brand.id}`];
  const [row] = withVerificationReasons(
    fake,
    fake.myBrands(user).brands.rows.filter((candidate) => candidate.id === brand.id),
  );
  return { brand: row! };
};

import { SUCCESS } from '@brnd/contracts/api/accounts';
import {
  CONTEST_STANDINGS_LIMIT,
  type adminContestEndpoints,
  type ClosedMonth,
} from '@brnd/contracts/api/admin-contest';
import type {
  adminVerificationEndpoints,
  HeldFile,
  VerificationItem,
} from '@brnd/contracts/api/admin-verification';
import type { brandEndpoints } from '@brnd/contracts/api/brands';
import { CONTEST_PRIZE_BRND, type Language } from '@brnd/contracts/domain/constants';
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
import { contestMonthOf, previousMonth, type CompanyRecord } from './brands.ts';
import { FakeError, type Fake, type FakeBrand, type FakeUser } from './fake.ts';
import type { Resolver } from './handlers.ts';
import { localText } from './messages.ts';
import { logoDataUrl, NEEDS_PHONE_EMAIL, UNVERIFIED_EMAIL } from './seed.ts';
import {
  attachDocument,
  demoPdf,
  downloadDocumentResolver,
  heldFilesOf,
  removeDocumentsOf,
} from './verification-documents.ts';

/**
 * The operator console's verification queue and contest section over the fake, with the bff's
 * rules (services/verification.ts, services/contest-admin.ts): pending items oldest first, a
 * decision moves a pending item only (409 `alreadyDecided` after), a rejection needs a reason,
 * the brand is mailed; a month closes once, only after it ended, and credits its prize once.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

type Desk = ReturnType<Fake['operatorDesk']>;

/* ---------------------------------------------------------------- demo queue */

interface QueueSeed {
  brand: string;
  website: string;
  color: string;
  owner: string;
  ageMs: number;
  /** The terms' documents its owner attached (demo PDFs). */
  documents: { kind: UploadableDocument; fileName: string }[];
}

/**
 * Two brands from add-brand (one past its due time, with two of the terms' documents) and one
 * company (with its registry extract); owners are seed users.
 */
const QUEUE_SEED: QueueSeed[] = [
  {
    brand: 'Kora Outdoor',
    website: 'kora-outdoor.example',
    color: '#2e7d32',
    owner: UNVERIFIED_EMAIL,
    ageMs: 6 * DAY,
    documents: [
      { kind: 'registryExtract', fileName: 'KRS 0000123456.pdf' },
      { kind: 'bankAccount', fileName: 'Bank statement 2026-10.pdf' },
    ],
  },
  {
    brand: 'Nordlys Coffee',
    website: 'nordlys-coffee.example',
    color: '#6d4c41',
    owner: NEEDS_PHONE_EMAIL,
    ageMs: HOUR,
    documents: [],
  },
];

export const QUEUE_COMPANY = {
  brandName: 'Baltic Brew sp. z o.o.',
  email: 'office@balticbrew.example',
  phoneValue: '+48581234567',
  employee_num: 14,
  vat_num: 'PL5842791357',
  billing_address: 'ul. Długa 12, 80-827 Gdańsk',
  operating_address: 'ul. Długa 12, 80-827 Gdańsk',
};

function seedQueue(fake: Fake, desk: Desk) {
  const now = fake.now();
  for (const seed of QUEUE_SEED) {
    const owner = desk.users.find((user) => user.email === seed.owner);
    const record: FakeBrand = {
      id: desk.nextId(),
      name: seed.brand,
      website: seed.website,
      description: `${seed.brand} asks to join BRND.`,
      image_url: logoDataUrl(seed.brand, seed.color),
      votes: null,
      industry: 'e-commerce',
      token_ticker: seed.brand.slice(0, 4).toUpperCase(),
      no_of_employees: 12,
      address1: 'ul. Mariacka 5',
      city: 'Gdańsk',
      state: 'pomorskie',
      postal_code: '80-833',
      country: 'Poland',
      operating_address: 'ul. Mariacka 5, 80-833 Gdańsk',
      referral_code: null,
      facebook: null,
      twitter: null,
      instagram: null,
      linkedin: null,
      createdAt: now - seed.ageMs,
      createdBy: owner?.id ?? null,
      ownerId: owner?.id ?? null,
      verificationStatus: 'pending',
      votesMonth: contestMonthOf(now),
      recentVotes: 0,
    };
    desk.brands.push(record);
    for (const document of seed.documents) {
      attachDocument(fake, 'brand', record.id, {
        kind: document.kind,
        fileName: document.fileName,
        bytes: demoPdf(`${seed.brand}: ${document.fileName}`),
      });
    }
  }
  const company = {
    ...QUEUE_COMPANY,
    id: desk.nextId(),
    userId: null,
    status: 'pending' as const,
    createdAt: now - 30 * 60_000,
  };
  desk.companies.push(company);
  attachDocument(fake, 'company', company.id, {
    kind: 'registryExtract',
    fileName: 'KRS 0000456789.pdf',
    bytes: demoPdf(`${company.brandName}: KRS 0000456789`),
  });
  return { seeded: true };
}

/** The desk, with the demo queue and contest history seeded on first use after a reset. */
function deskOf(fake: Fake): Desk {
  const desk = fake.operatorDesk();
  fake.extension('operatorQueue', () => seedQueue(fake, desk));
  return desk;
}

/* ---------------------------------------------------------------- verification */

type FilesByKind = Partial<Record<UploadableDocument, HeldFile>>;

/** As the bff: the data each form collects, and the files uploaded with it. */
function documents(held: VerificationDocument[], files: FilesByKind) {
  return VERIFICATION_DOCUMENTS.map((document) => {
    const file = (UPLOADABLE_DOCUMENTS as readonly string[]).includes(document)
      ? (files[document as UploadableDocument] ?? null)
      : null;
    return { document, held: held.includes(document) || file !== null, file };
  });
}

interface DecisionRecord {
  reason: string | null;
  decidedAt: number;
}

/**
 * The last decision on each item (`brand:<id>`, `company:<id>`): its reason and time, as the
 * bff keeps them on the row (verification_reason / rejection_reason, *decided_at).
 */
function decisions(fake: Fake): Record<string, DecisionRecord> {
  return fake.extension('verificationDecisions', () => ({}) as Record<string, DecisionRecord>);
}

function recordDecision(fake: Fake, key: string, reason: string | null) {
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
function timing(fake: Fake, key: string, submittedAt: number, pending: boolean) {
  const decision = decisions(fake)[key];
  return {
    submitted_at: new Date(submittedAt).toISOString(),
    due_at: verificationDueAt(new Date(submittedAt)).toISOString(),
    overdue: pending && isOverdue(new Date(submittedAt), new Date(fake.now())),
    reason: decision?.reason ?? null,
    decided_at: decision ? new Date(decision.decidedAt).toISOString() : null,
  };
}

function brandItem(fake: Fake, brand: FakeBrand, owner: FakeUser): VerificationItem {
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

function companyItem(fake: Fake, company: CompanyRecord): VerificationItem {
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
function ownedBrands(desk: Desk) {
  return desk.brands.flatMap((brand) => {
    const owner = desk.users.find((user) => user.id === brand.ownerId);
    return owner ? [{ brand, owner }] : [];
  });
}

type Outcome = 'approved' | 'rejected' | 'revoked';

/** The decision mail's subject and its words in the text part, as the bff's templates say them. */
function mailDecision(
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

type VerificationEndpoints = typeof adminVerificationEndpoints;

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

/* ---------------------------------------------------------------- contest */

interface Tally {
  month: string;
  brandId: number;
  votes: number;
  reachedAt: number;
}

interface ContestState {
  /** Tallies of ended months (the fake's brands count only the running month's votes). */
  pastTallies: Tally[];
  /** What the bff's contest_winners row adds to a winner: when, and who was credited. */
  closed: Record<string, { closedAt: number; ownerEmail: string | null }>;
}

/** Two months ago is left open (ended, with votes, not closed): the console can close it. */
function seedContest(fake: Fake, desk: Desk): ContestState {
  const now = fake.now();
  const lastMonth = previousMonth(contestMonthOf(now));
  const openMonth = previousMonth(lastMonth);
  const byName = (name: string) => desk.brands.find((brand) => brand.name === name);
  const reached = now - 40 * DAY;
  const pastTallies = (
    [
      ['Vistula Runners', 1412, 0],
      ['Pixel Forge', 1388, 1],
      ['Coinvault', 903, 2],
    ] as const
  ).flatMap(([name, votes, order]) => {
    const brand = byName(name);
    return brand
      ? [{ month: openMonth, brandId: brand.id, votes, reachedAt: reached + order }]
      : [];
  });
  const closed: ContestState['closed'] = {};
  for (const winner of desk.winners) {
    const brand = desk.brands.find((candidate) => candidate.id === winner.brand_id);
    const owner = desk.users.find((user) => user.id === brand?.ownerId);
    closed[winner.month] = { closedAt: now - 2 * DAY, ownerEmail: owner?.email ?? null };
  }
  return { pastTallies, closed };
}

function contestOf(fake: Fake, desk: Desk): ContestState {
  deskOf(fake);
  return fake.extension('contest', () => seedContest(fake, desk));
}

function monthTallies(desk: Desk, contest: ContestState, month: string): Tally[] {
  const tallies = new Map<number, Tally>();
  for (const tally of contest.pastTallies) {
    if (tally.month === month) tallies.set(tally.brandId, { ...tally });
  }
  for (const vote of [...desk.votes].sort((a, b) => a.at - b.at)) {
    if (contestMonthOf(vote.at) !== month) continue;
    const tally = tallies.get(vote.brandId) ?? {
      month,
      brandId: vote.brandId,
      votes: 0,
      reachedAt: 0,
    };
    tally.votes += 1;
    tally.reachedAt = vote.at;
    tallies.set(vote.brandId, tally);
  }
  return [...tallies.values()];
}

function closedMonth(desk: Desk, contest: ContestState, month: string): ClosedMonth | undefined {
  const winner = desk.winners.find((candidate) => candidate.month === month);
  if (!winner) return undefined;
  const meta = contest.closed[month];
  const ownerEmail = meta?.ownerEmail ?? null;
  return {
    month: winner.month,
    brand_id: winner.brand_id,
    name: winner.name,
    website: winner.website,
    image_url: winner.image_url,
    votes: winner.votes,
    prize: ownerEmail ? winner.prize : 0,
    owner_email: ownerEmail,
    closed_at: new Date(meta?.closedAt ?? 0).toISOString(),
  };
}

type ContestEndpoints = typeof adminContestEndpoints;

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

export const adminContestResolvers: {
  [K in keyof ContestEndpoints]: Resolver<ContestEndpoints[K]>;
} = {
  adminContest: (fake) => {
    const desk = deskOf(fake);
    const contest = contestOf(fake, desk);
    const month = contestMonthOf(fake.now());
    const standings = desk.brands
      .map((brand) => ({ brand, votes: desk.currentVotes(brand) ?? 0 }))
      .filter(({ votes }) => votes > 0)
      .sort((a, b) => b.votes - a.votes || a.brand.id - b.brand.id)
      .slice(0, CONTEST_STANDINGS_LIMIT)
      .map(({ brand, votes }, index) => ({
        rank: index + 1,
        brand_id: brand.id,
        name: brand.name,
        website: brand.website,
        image_url: brand.image_url,
        votes,
      }));
    const ended = new Set([
      ...contest.pastTallies.map((tally) => tally.month),
      ...desk.votes.map((vote) => contestMonthOf(vote.at)),
    ]);
    const open = [...ended]
      .filter((candidate) => candidate < month && !desk.winners.some((w) => w.month === candidate))
      .sort();
    return {
      month,
      standings,
      winners: [...desk.winners]
        .sort((a, b) => b.month.localeCompare(a.month))
        .map((winner) => closedMonth(desk, contest, winner.month) as ClosedMonth),
      open_months: open,
    };
  },

  closeContestMonth: (fake, { user, body }) => {
    const desk = deskOf(fake);
    const contest = contestOf(fake, desk);
    const { month } = body;
    if (month >= contestMonthOf(fake.now())) {
      throw new FakeError(409, 'adminContest.errors.notEnded', { values: { month } });
    }
    const already = closedMonth(desk, contest, month);
    if (already) return { winner: already, closed_now: false };
    const [top] = monthTallies(desk, contest, month).sort(
      (a, b) => b.votes - a.votes || a.reachedAt - b.reachedAt || a.brandId - b.brandId,
    );
    const brand = top && desk.brands.find((candidate) => candidate.id === top.brandId);
    if (!top || !brand) {
      throw new FakeError(409, 'adminContest.errors.noVotes', { values: { month } });
    }
    const owner = desk.users.find((candidate) => candidate.id === brand.ownerId);
    if (owner) owner.wallet.brnd_tokens += CONTEST_PRIZE_BRND;
    desk.winners.push({
      month,
      brand_id: brand.id,
      name: brand.name,
      website: brand.website,
      image_url: brand.image_url,
      votes: top.votes,
      prize: CONTEST_PRIZE_BRND,
    });
    desk.winners.sort((a, b) => b.month.localeCompare(a.month));
    contest.closed[month] = { closedAt: fake.now(), ownerEmail: owner?.email ?? null };
    desk.recordAudit(user, 'contest.close', month, { brand_id: brand.id, votes: top.votes });
    return { winner: closedMonth(desk, contest, month) as ClosedMonth, closed_now: true };
  },
};

import {
  BRAND_LOGO_MAX_BYTES,
  PLATFORM_TIME_ZONE,
  VERIFICATION_BUSINESS_DAYS,
  VERIFICATION_DOCUMENT_MAX_BYTES,
} from './constants.ts';
import { isPolishPublicHoliday } from './holidays.ts';

/**
 * Brand verification (terms of service, "Brand registration and verification"): the Provider
 * answers within 2 business days, and the terms list what a Brand provides. Shared by the bff,
 * the mocks and the operator's queue.
 */

/**
 * `revoked`: verified once, then withdrawn by an operator with a reason (decision 021). Kept
 * apart from `rejected` so the owner, the console and the audit trail can tell "never passed"
 * from "passed, then lost it".
 */
export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected', 'revoked'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * The refusals: a brand in one of them may be sent for verification again, takes documents for
 * that, and loses its documents REFUSED_DOCUMENTS_KEPT_DAYS after the decision.
 */
export const REFUSED_STATUSES = ['rejected', 'revoked'] as const satisfies VerificationStatus[];
export type RefusedStatus = (typeof REFUSED_STATUSES)[number];

export function isRefused(status: string | null | undefined): status is RefusedStatus {
  return (REFUSED_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

/**
 * Which brands the public sees (decision 041): the home page's top-voted strip, the voting page's
 * lists, search and the brand count. A brand registered through My brands (it has an owner) is
 * listed once an operator has verified it, so junk added for a reward never shows; a brand
 * referred from the voting page (no owner) is listed at once, as the spec's voting page says.
 * The bff states the same rule in SQL (`LISTED_BRAND` in bff/src/services/brands.ts).
 */
export function isListedPublicly(brand: {
  hasOwner: boolean;
  verificationStatus: VerificationStatus;
}): boolean {
  return !brand.hasOwner || brand.verificationStatus === 'verified';
}

/** A brand from My brands' add-brand form, or a company from /newbrandaccount. */
export const VERIFICATION_KINDS = ['brand', 'company'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

// In constants.ts, which the copy's figures read on the first page (decision 060).
export { VERIFICATION_BUSINESS_DAYS };
/** Business days are counted on the Provider's calendar. */
export const VERIFICATION_TIME_ZONE = PLATFORM_TIME_ZONE;
/** A rejection's or a revocation's reason is sent to the brand by e-mail. */
export const REJECTION_REASON_MAX_LENGTH = 1000;

/**
 * What the terms ask a Brand to provide, in their order, and the logo it consents to show. The
 * queue shows for each whether we hold it; the forms collect only some (the rest arrive by
 * e-mail until uploads for them exist).
 */
export const VERIFICATION_DOCUMENTS = [
  'nameAndOffice',
  'registryExtract',
  'articles',
  'representative',
  'phone',
  'email',
  'bankAccount',
  'identity',
  'logo',
] as const;
export type VerificationDocument = (typeof VERIFICATION_DOCUMENTS)[number];

/**
 * The documents of the terms that are files: the forms take them as uploads (optional at submit;
 * the queue shows what is missing). Each is also the form field's name.
 */
export const UPLOADABLE_DOCUMENTS = [
  'registryExtract',
  'articles',
  'bankAccount',
  'identity',
] as const satisfies readonly VerificationDocument[];
export type UploadableDocument = (typeof UPLOADABLE_DOCUMENTS)[number];

export { VERIFICATION_DOCUMENT_MAX_BYTES } from './constants.ts';
/**
 * The brand forms' upload reader refuses a file past this (413) before the forms' own size rules
 * (a 400 under the field) see it: twice the largest file either form takes, so only a body far
 * past any of them is kept out of memory. The bff's reader and the mocks hold to it.
 */
export const BRAND_FORM_TRANSPORT_MAX_BYTES =
  2 * Math.max(BRAND_LOGO_MAX_BYTES, VERIFICATION_DOCUMENT_MAX_BYTES);
/** Judged by the bytes on the server (contracts/domain/file-types.ts); the form checks the type. */
export const VERIFICATION_DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
] as const;
/**
 * A refused (rejected or revoked) brand's or company's documents are deleted this many days after
 * the decision: time enough to be sent for verification again, no longer than the papers serve.
 * A document uploaded since is kept as long after its upload. The privacy policy quotes it.
 */
export const REFUSED_DOCUMENTS_KEPT_DAYS = 90;

const DAY_MS = 86_400_000;

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: VERIFICATION_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

function wallClock(at: Date): WallClock {
  const parts = Object.fromEntries(
    partsFormat.formatToParts(at).map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
    millisecond: at.getUTCMilliseconds(),
  };
}

/** The instant a Warsaw wall-clock time names (the later one if a clock change repeats it). */
function fromWallClock(time: WallClock): Date {
  const asUtc = Date.UTC(
    time.year,
    time.month - 1,
    time.day,
    time.hour,
    time.minute,
    time.second,
    time.millisecond,
  );
  // Warsaw is UTC+1 or UTC+2: try both offsets and keep the one that reads back as `time`.
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(asUtc - offsetHours * 3_600_000);
    const back = wallClock(candidate);
    if (back.hour === time.hour && back.day === time.day) return candidate;
  }
  // A time skipped by the spring change: an hour later is the same moment on the clock.
  return new Date(asUtc - 3_600_000);
}

/** 0 Sunday … 6 Saturday, of a calendar date. */
function weekday(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

function isBusinessDay(year: number, month: number, day: number): boolean {
  const dayOfWeek = weekday(year, month, day);
  return dayOfWeek !== 0 && dayOfWeek !== 6 && !isPolishPublicHoliday(year, month, day);
}

function nextDate(time: WallClock): WallClock {
  const next = new Date(Date.UTC(time.year, time.month - 1, time.day) + DAY_MS);
  return {
    ...time,
    year: next.getUTCFullYear(),
    month: next.getUTCMonth() + 1,
    day: next.getUTCDate(),
  };
}

/**
 * When the answer to a submission is due: the same Warsaw time of day on the second business day
 * (Monday to Friday, not a Polish public holiday) after the submission. A submission on a day off
 * counts from the start of the next business day.
 */
export function verificationDueAt(submittedAt: Date): Date {
  let time = wallClock(submittedAt);
  if (!isBusinessDay(time.year, time.month, time.day)) {
    time = { ...time, hour: 0, minute: 0, second: 0, millisecond: 0 };
    while (!isBusinessDay(time.year, time.month, time.day)) time = nextDate(time);
  }
  let counted = 0;
  while (counted < VERIFICATION_BUSINESS_DAYS) {
    time = nextDate(time);
    if (isBusinessDay(time.year, time.month, time.day)) counted += 1;
  }
  return fromWallClock(time);
}

export function isOverdue(submittedAt: Date, now: Date): boolean {
  return now.getTime() > verificationDueAt(submittedAt).getTime();
}

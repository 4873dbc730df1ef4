import { type UploadableDocument } from '@brnd/contracts/domain/verification';
import { contestMonthOf } from '../brands.ts';
import { type Fake, type FakeBrand } from '../fake.ts';
import { logoDataUrl, NEEDS_PHONE_EMAIL, UNVERIFIED_EMAIL } from '../seed.ts';
import { attachDocument, demoPdf } from '../verification-documents.ts';

/**
 * The operator console's verification queue and contest section over the fake, with the bff's
 * rules (services/verification.ts, services/contest-admin.ts): pending items oldest first, a
 * decision moves a pending item only (409 `alreadyDecided` after), a rejection needs a reason,
 * the brand is mailed; a month closes once, only after it ended, and credits its prize once.
 */

export const HOUR = 60 * 60_000;
export const DAY = 24 * HOUR;

export type Desk = ReturnType<Fake['operatorDesk']>;

/* ---------------------------------------------------------------- demo queue */

export interface QueueSeed {
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
export const QUEUE_SEED: QueueSeed[] = [
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

export function seedQueue(fake: Fake, desk: Desk) {
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
export function deskOf(fake: Fake): Desk {
  const desk = fake.operatorDesk();
  fake.extension('operatorQueue', () => seedQueue(fake, desk));
  return desk;
}

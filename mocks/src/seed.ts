import type { Industry, Language, Role, TransactionStatus } from '@brnd/contracts/domain/constants';

/**
 * The demo world the fake starts from: a verified demo user (demo@brnd.example / Demo123!x) with
 * orders in every status, referral links and votes; two users stuck in the sign-up steps; and a
 * dozen brands across the voting page's industries. Times are relative to the fake's clock.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export interface SeedOrder {
  method: 'BTC' | 'ETH' | 'PLN';
  /** USD. */
  value: number;
  /** Crypto orders: the gateway status 0..6. Card orders: the list status. */
  status: number | TransactionStatus;
  ageMs: number;
}

export interface SeedReferralLink {
  /** Appended to the user's referral code with a dash; '' is the main link. */
  suffix: string;
  description: string;
  clicks: number;
  signups: number;
  tokens: number;
}

export interface SeedUser {
  name: string;
  email: string;
  mobile: string;
  address: string;
  password: string;
  emailVerified: boolean;
  phoneVerified: boolean;
  referralCode: string;
  /** BRND held beyond what the paid orders give (airdrops, referral rewards). */
  bonusTokens?: number;
  walletAddress?: string | null;
  /** false: an address saved before proofs were required (decision 042). Default true. */
  walletVerified?: boolean;
  orders?: SeedOrder[];
  referralLinks?: SeedReferralLink[];
  /** Votes cast: brand name and how long ago. */
  votes?: { brand: string; ageMs: number }[];
  /** Names of brands this user created. */
  ownBrands?: string[];
  role?: Role;
  /** The language of the account's mail; English unless given. */
  language?: Language;
}

export interface SeedBrand {
  name: string;
  website: string;
  description: string;
  industry: Industry;
  token_ticker: string;
  no_of_employees: number;
  address1: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  /** Logo colour for the generated SVG. */
  color: string;
  /** Votes this month before any seeded user's vote; null means none yet. */
  votes: number | null;
  /** Votes of the last days, which orders the trending list. */
  recentVotes: number;
  ageMs: number;
  facebook?: string;
  twitter?: string;
  instagram?: string;
  linkedin?: string;
}

export interface SeedAuditEntry {
  actor: string;
  action: string;
  subject: string;
  details?: Record<string, unknown>;
  ageMs: number;
}

export interface SeedBuyback {
  quarter: string;
  subscription_profit_usd: number;
  buyback_usd: number;
  brnd_burned: number;
  ageMs: number;
}

export interface FakeSeed {
  users: SeedUser[];
  brands: SeedBrand[];
  /** Operator actions, any order (the fake keeps them oldest first, as they happened). */
  auditLog?: SeedAuditEntry[];
  /** Buybacks whose burns the chain has confirmed. */
  buybacks?: SeedBuyback[];
}

export const DEMO_EMAIL = 'demo@brnd.example';
export const DEMO_PASSWORD = 'Demo123!x';
export const DEMO_REFERRAL_CODE = 'DEMOBRND';
/** E-mail verified, phone not: logging in answers with a phone-step code. */
export const NEEDS_PHONE_EMAIL = 'phone@brnd.example';
/** E-mail not verified: logging in answers 403. */
export const UNVERIFIED_EMAIL = 'pending@brnd.example';
/** An operator: the admin console's endpoints answer them. */
export const OPERATOR_EMAIL = 'operator@brnd.example';

export const demoSeed: FakeSeed = {
  users: [
    {
      // The same person as the bff's demo seed (bff/src/db/seed.ts).
      name: 'Demo User',
      email: DEMO_EMAIL,
      mobile: '+48500100200',
      address: 'ul. Prosta 20, 00-850 Warszawa',
      password: DEMO_PASSWORD,
      emailVerified: true,
      phoneVerified: true,
      referralCode: DEMO_REFERRAL_CODE,
      bonusTokens: 2130,
      walletAddress: null,
      orders: [
        { method: 'BTC', value: 150, status: 3, ageMs: 40 * DAY },
        { method: 'PLN', value: 100, status: 'Confirmed', ageMs: 20 * DAY },
        { method: 'ETH', value: 75, status: 4, ageMs: 12 * DAY },
        { method: 'PLN', value: 25, status: 'Pending', ageMs: 2 * DAY },
        { method: 'PLN', value: 50, status: 'Failed', ageMs: 5 * DAY },
        { method: 'ETH', value: 300, status: 6, ageMs: 3 * DAY },
        { method: 'BTC', value: 250, status: 1, ageMs: 3 * 60_000 },
      ],
      referralLinks: [
        { suffix: '', description: 'Main link', clicks: 1523, signups: 87, tokens: 870 },
        { suffix: 'ico', description: 'ICO newsletter', clicks: 412, signups: 19, tokens: 1190 },
        { suffix: 'vote', description: 'Voting campaign', clicks: 96, signups: 7, tokens: 70 },
      ],
      votes: [
        { brand: 'Pixel Forge', ageMs: 2 * HOUR },
        { brand: 'Coinvault', ageMs: 5 * HOUR },
        { brand: 'Pixel Forge', ageMs: 3 * DAY },
        { brand: 'Pixel Forge', ageMs: 6 * DAY },
        { brand: 'Amberline', ageMs: 4 * DAY },
        { brand: 'Coinvault', ageMs: 8 * DAY },
        { brand: 'Ledgerly', ageMs: 9 * DAY },
        { brand: 'Peak Form', ageMs: 10 * DAY },
        { brand: 'Vistula Runners', ageMs: 11 * DAY },
      ],
      ownBrands: ['Vistula Runners'],
    },
    {
      name: 'Piotr Zieliński',
      email: NEEDS_PHONE_EMAIL,
      mobile: '+48512345678',
      address: '',
      password: DEMO_PASSWORD,
      emailVerified: true,
      phoneVerified: false,
      referralCode: 'PZPHONE1',
    },
    {
      name: 'Maria Lindqvist',
      email: UNVERIFIED_EMAIL,
      mobile: '+46701234567',
      address: '',
      password: DEMO_PASSWORD,
      emailVerified: false,
      phoneVerified: false,
      referralCode: 'MLMAIL01',
    },
    {
      name: 'Olga Operator',
      email: OPERATOR_EMAIL,
      mobile: '+48500900900',
      address: '',
      password: DEMO_PASSWORD,
      emailVerified: true,
      phoneVerified: true,
      referralCode: 'OPSBRND1',
      role: 'admin',
    },
  ],
  buybacks: [
    {
      quarter: '2026-Q1',
      subscription_profit_usd: 48_200,
      buyback_usd: 9_640,
      brnd_burned: 3_213_333,
      ageMs: 200 * DAY,
    },
    {
      quarter: '2026-Q2',
      subscription_profit_usd: 61_750,
      buyback_usd: 12_350,
      brnd_burned: 4_116_666,
      ageMs: 110 * DAY,
    },
  ],
  auditLog: [
    {
      actor: 'admin:create (command line)',
      action: 'operator.create',
      subject: OPERATOR_EMAIL,
      ageMs: 30 * DAY,
    },
    {
      actor: OPERATOR_EMAIL,
      action: 'sale.update',
      subject: 'tiers',
      details: { tier: 2, price: 0.002 },
      ageMs: 21 * DAY,
    },
    { actor: OPERATOR_EMAIL, action: 'brand.approve', subject: 'Amberline', ageMs: 14 * DAY },
    {
      actor: OPERATOR_EMAIL,
      action: 'brand.reject',
      subject: 'Fastcoin Pro',
      details: { reason: 'The website does not belong to the applicant.' },
      ageMs: 9 * DAY,
    },
    {
      actor: OPERATOR_EMAIL,
      action: 'order.resolve',
      subject: 'order 7f3c2a',
      details: { decision: 'credit', usd: 40 },
      ageMs: 5 * DAY,
    },
    { actor: OPERATOR_EMAIL, action: 'payout.retry', subject: 'payout 118', ageMs: 2 * DAY },
    {
      actor: OPERATOR_EMAIL,
      action: 'contest.close',
      subject: '2026-10',
      details: { winner: 'Pixel Forge' },
      ageMs: 1 * DAY,
    },
  ],
  brands: [
    {
      name: 'Amberline',
      website: 'amberline.shop',
      description: 'Handmade Baltic amber jewellery, shipped across Europe within two days.',
      industry: 'e-commerce',
      token_ticker: 'AMBR',
      no_of_employees: 24,
      address1: 'ul. Długa 41',
      city: 'Gdańsk',
      state: 'pomorskie',
      postal_code: '80-831',
      country: 'Poland',
      color: '#d98c1f',
      votes: 1284,
      recentVotes: 96,
      ageMs: 120 * DAY,
      instagram: 'https://instagram.com/amberline.shop',
      facebook: 'https://facebook.com/amberlineshop',
    },
    {
      name: 'Parcelo',
      website: 'parcelo.eu',
      description: 'Parcel lockers and same-day delivery for independent online shops.',
      industry: 'e-commerce',
      token_ticker: 'PRCL',
      no_of_employees: 310,
      address1: 'ul. Wielicka 28',
      city: 'Kraków',
      state: 'małopolskie',
      postal_code: '30-552',
      country: 'Poland',
      color: '#2563eb',
      votes: 942,
      recentVotes: 41,
      ageMs: 95 * DAY,
      linkedin: 'https://linkedin.com/company/parcelo',
    },
    {
      name: 'Ledgerly',
      website: 'ledgerly.io',
      description:
        'Invoicing and bookkeeping for freelancers and small teams, with EU VAT built in.',
      industry: 'saas',
      token_ticker: 'LDGR',
      no_of_employees: 58,
      address1: 'Narva mnt 5',
      city: 'Tallinn',
      state: 'Harju',
      postal_code: '10117',
      country: 'Estonia',
      color: '#0f766e',
      votes: 1530,
      recentVotes: 210,
      ageMs: 60 * DAY,
      twitter: 'https://twitter.com/ledgerly',
      linkedin: 'https://linkedin.com/company/ledgerly',
    },
    {
      name: 'Shiftwise',
      website: 'shiftwise.app',
      description: 'Staff scheduling and time tracking for restaurants and retail chains.',
      industry: 'saas',
      token_ticker: 'SHFT',
      no_of_employees: 17,
      address1: 'Torstraße 109',
      city: 'Berlin',
      state: 'Berlin',
      postal_code: '10119',
      country: 'Germany',
      color: '#7c3aed',
      votes: 377,
      recentVotes: 64,
      ageMs: 9 * DAY,
    },
    {
      name: 'Pixel Forge',
      website: 'pixelforge.games',
      description: 'Independent studio behind cosy pixel-art adventure games for PC and Switch.',
      industry: 'gaming',
      token_ticker: 'PXFG',
      no_of_employees: 12,
      address1: 'ul. Ruska 46',
      city: 'Wrocław',
      state: 'dolnośląskie',
      postal_code: '50-079',
      country: 'Poland',
      color: '#db2777',
      votes: 2210,
      recentVotes: 305,
      ageMs: 150 * DAY,
      twitter: 'https://twitter.com/pixelforgegames',
      instagram: 'https://instagram.com/pixelforgegames',
    },
    {
      name: 'Arena North',
      website: 'arenanorth.gg',
      description: 'Esports arena and LAN events for players across the Nordics.',
      industry: 'gaming',
      token_ticker: 'ARNA',
      no_of_employees: 40,
      address1: 'Sveavägen 44',
      city: 'Stockholm',
      state: 'Stockholm',
      postal_code: '111 34',
      country: 'Sweden',
      color: '#0891b2',
      votes: 815,
      recentVotes: 120,
      ageMs: 30 * DAY,
      facebook: 'https://facebook.com/arenanorth',
    },
    {
      name: 'Craftwise',
      website: 'craftwise.tools',
      description: 'Cordless power tools designed for long days in the workshop.',
      industry: 'tools',
      token_ticker: 'CRFT',
      no_of_employees: 145,
      address1: 'ul. Głogowska 31',
      city: 'Poznań',
      state: 'wielkopolskie',
      postal_code: '60-702',
      country: 'Poland',
      color: '#ea580c',
      votes: 503,
      recentVotes: 22,
      ageMs: 75 * DAY,
    },
    {
      name: 'Boltline',
      website: 'boltline.com',
      description: 'Fasteners, fittings and hardware kits for makers and repair shops.',
      industry: 'tools',
      token_ticker: 'BOLT',
      no_of_employees: 8,
      address1: 'Gedimino pr. 9',
      city: 'Vilnius',
      state: 'Vilnius',
      postal_code: '01103',
      country: 'Lithuania',
      color: '#475569',
      votes: null,
      recentVotes: 0,
      ageMs: 2 * DAY,
    },
    {
      name: 'Vistula Runners',
      website: 'vistularunners.pl',
      description: 'Running club and race organiser on the banks of the Vistula.',
      industry: 'sports',
      token_ticker: 'VSTR',
      no_of_employees: 6,
      address1: 'Wybrzeże Kościuszkowskie 20',
      city: 'Warszawa',
      state: 'mazowieckie',
      postal_code: '00-390',
      country: 'Poland',
      color: '#16a34a',
      votes: 654,
      recentVotes: 58,
      ageMs: 45 * DAY,
      facebook: 'https://facebook.com/vistularunners',
      instagram: 'https://instagram.com/vistularunners',
    },
    {
      name: 'Peak Form',
      website: 'peakform.fit',
      description: 'Climbing gyms and strength programmes for every level.',
      industry: 'sports',
      token_ticker: 'PEAK',
      no_of_employees: 35,
      address1: 'Mariahilfer Straße 88',
      city: 'Wien',
      state: 'Wien',
      postal_code: '1070',
      country: 'Austria',
      color: '#b91c1c',
      votes: 1096,
      recentVotes: 77,
      ageMs: 100 * DAY,
      instagram: 'https://instagram.com/peakform.fit',
    },
    {
      name: 'Coinvault',
      website: 'coinvault.io',
      description: 'Hardware wallets with open-source firmware and a steel seed backup.',
      industry: 'crypto',
      token_ticker: 'CVLT',
      no_of_employees: 22,
      address1: 'Vodičkova 36',
      city: 'Praha',
      state: 'Praha',
      postal_code: '110 00',
      country: 'Czechia',
      color: '#1e293b',
      votes: 1873,
      recentVotes: 260,
      ageMs: 20 * DAY,
      twitter: 'https://twitter.com/coinvault',
    },
    {
      name: 'Blockpay',
      website: 'blockpay.eu',
      description: 'Payment terminals that let corner shops accept bitcoin and ether.',
      industry: 'crypto',
      token_ticker: 'BLKP',
      no_of_employees: 14,
      address1: 'Brīvības iela 68',
      city: 'Rīga',
      state: 'Rīga',
      postal_code: 'LV-1011',
      country: 'Latvia',
      color: '#ca8a04',
      votes: 129,
      recentVotes: 35,
      ageMs: 1 * DAY,
      linkedin: 'https://linkedin.com/company/blockpay',
    },
  ],
};

export const emptySeed: FakeSeed = { users: [], brands: [] };

/** A square logo with the brand's initials, so cards look real without image files. */
export function logoDataUrl(name: string, color: string): string {
  const initials = name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
    `<rect width="128" height="128" rx="24" fill="${color}"/>` +
    `<text x="64" y="78" font-family="Arial, sans-serif" font-size="44" font-weight="700" ` +
    `fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTEST_PRIZE_BRND } from '@brnd/contracts/domain/constants';
import { ONE_TOKEN } from '../services/ledger.ts';
import { contestMonth, previousMonth, trendWeight } from '../services/votes.ts';
import type { Database } from '../db/database.ts';

/**
 * Demo brands for `npm start`: a dozen brands across the voting page's industries, each with a
 * logo, this month's votes and recent activity, so the home strip and the voting page look
 * alive; the demo user owns one; last month has a winner.
 */

const DAY_MS = 86_400_000;

interface DemoBrand {
  name: string;
  website: string;
  industry: string;
  ticker: string;
  country: string;
  city: string;
  description: string;
  votes: number;
  /** Votes of the last 24 hours, which lead the trending list. */
  recent: number;
}

const DEMO_BRANDS: DemoBrand[] = [
  {
    name: 'Amberline',
    website: 'amberline.shop',
    industry: 'e-commerce',
    ticker: 'AMBR',
    country: 'Poland',
    city: 'Gdańsk',
    description: 'Handmade Baltic amber jewellery, shipped across Europe within two days.',
    votes: 1284,
    recent: 96,
  },
  {
    name: 'Parcelo',
    website: 'parcelo.eu',
    industry: 'e-commerce',
    ticker: 'PRCL',
    country: 'Poland',
    city: 'Kraków',
    description: 'Parcel lockers and same-day delivery for independent online shops.',
    votes: 942,
    recent: 41,
  },
  {
    name: 'Ledgerly',
    website: 'ledgerly.io',
    industry: 'saas',
    ticker: 'LDGR',
    country: 'Estonia',
    city: 'Tallinn',
    description: 'Invoicing and bookkeeping for freelancers and small teams, with EU VAT built in.',
    votes: 877,
    recent: 12,
  },
  {
    name: 'Shiftboard',
    website: 'shiftboard.app',
    industry: 'saas',
    ticker: 'SHFT',
    country: 'Germany',
    city: 'Berlin',
    description: 'Rotas and shift swaps for restaurants and shops, from the phone.',
    votes: 431,
    recent: 58,
  },
  {
    name: 'Pixel Forge',
    website: 'pixelforge.games',
    industry: 'gaming',
    ticker: 'PXFG',
    country: 'Poland',
    city: 'Warszawa',
    description: 'An indie studio making cosy strategy games for PC and Switch.',
    votes: 1120,
    recent: 130,
  },
  {
    name: 'Questly',
    website: 'questly.gg',
    industry: 'gaming',
    ticker: 'QSTL',
    country: 'Finland',
    city: 'Helsinki',
    description: 'Weekly tournaments and quests for casual mobile players.',
    votes: 365,
    recent: 7,
  },
  {
    name: 'Toolnest',
    website: 'toolnest.dev',
    industry: 'tools',
    ticker: 'TNST',
    country: 'Czechia',
    city: 'Brno',
    description: 'Self-hosted uptime checks and status pages for small teams.',
    votes: 288,
    recent: 22,
  },
  {
    name: 'Measura',
    website: 'measura.tools',
    industry: 'tools',
    ticker: 'MSRA',
    country: 'Austria',
    city: 'Wien',
    description: 'Laser measuring tools for builders, with an app that draws the floor plan.',
    votes: 190,
    recent: 3,
  },
  {
    name: 'Runhill',
    website: 'runhill.run',
    industry: 'sports',
    ticker: 'RNHL',
    country: 'Slovenia',
    city: 'Ljubljana',
    description: 'Trail running shoes and mountain races across the Alps.',
    votes: 654,
    recent: 75,
  },
  {
    name: 'Courtside',
    website: 'courtside.club',
    industry: 'sports',
    ticker: 'CRTS',
    country: 'Spain',
    city: 'Valencia',
    description: 'Padel courts to book by the hour, and a league for every level.',
    votes: 512,
    recent: 19,
  },
  {
    name: 'Blockvault',
    website: 'blockvault.finance',
    industry: 'crypto',
    ticker: 'BVLT',
    country: 'Lithuania',
    city: 'Vilnius',
    description: 'A hardware wallet made in the EU, with recovery shared among friends.',
    votes: 803,
    recent: 64,
  },
  {
    name: 'Satoshi Cafe',
    website: 'satoshicafe.coffee',
    industry: 'crypto',
    ticker: 'SATC',
    country: 'Portugal',
    city: 'Lisboa',
    description: 'Speciality coffee in Lisbon, paid in bitcoin or euro.',
    votes: 147,
    recent: 5,
  },
];

/**
 * The demo brands' logos, one raster file per website: as brands upload them. (An SVG logo in an
 * `<img>` costs the browser a document of its own; a dozen of them on one page are felt.)
 */
const DEMO_LOGOS_DIR = fileURLToPath(new URL('./demo-logos/', import.meta.url));

export async function seedDemoBrands(db: Database, ownerEmail: string, now = new Date()) {
  const month = contestMonth(now);
  const [owner] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    ownerEmail,
  ]);
  for (const [index, brand] of DEMO_BRANDS.entries()) {
    const logo = await readFile(path.join(DEMO_LOGOS_DIR, `${brand.website}.png`));
    const name = `${createHash('sha256').update(logo).digest('hex').slice(0, 32)}.png`;
    await db.query(
      `INSERT INTO uploads (name, content_type, bytes) VALUES ($1, 'image/png', $2)
       ON CONFLICT (name) DO NOTHING`,
      [name, logo],
    );
    // The demo's brands are on the home strip, so verified (decision 041), the owned one too.
    // Recent votes weigh their full count now; the rest of the month's, about 10 days ago.
    const older = brand.votes - brand.recent;
    const decay = Math.exp(trendWeight(new Date(now.getTime() - 10 * DAY_MS)) - trendWeight(now));
    const trend = trendWeight(now) + Math.log(brand.recent + older * decay);
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO brands (name, website, description, image_url, industry, token_ticker,
         no_of_employees, city, country, owner_id, trend_score, created_at,
         verification_submitted_at, verification_status, verified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, 'verified', $12)
       ON CONFLICT (website) DO NOTHING RETURNING id::text`,
      [
        brand.name,
        brand.website,
        brand.description,
        `/uploads/${name}`,
        brand.industry,
        brand.ticker,
        10 + index * 17,
        brand.city,
        brand.country,
        index === 0 && owner ? owner.id : null,
        trend,
        new Date(now.getTime() - (index + 1) * 7 * DAY_MS).toISOString(),
      ],
    );
    if (!row) continue;
    await db.query(
      `INSERT INTO brand_month_votes (brand_id, month, industry, votes, reached_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [row.id, month, brand.industry, brand.votes, now.toISOString()],
    );
    if (index === 4) {
      // Last month's winner (its owner registered later, so no prize moved in the demo).
      await db.query(
        `INSERT INTO brand_month_votes (brand_id, month, industry, votes, reached_at)
         VALUES ($1, $2, $3, 2173, $4) ON CONFLICT DO NOTHING`,
        [
          row.id,
          previousMonth(month),
          brand.industry,
          new Date(now.getTime() - 30 * DAY_MS).toISOString(),
        ],
      );
      await db.query(
        `INSERT INTO contest_winners (month, brand_id, votes, prize) VALUES ($1, $2, 2173, $3)
         ON CONFLICT DO NOTHING`,
        [previousMonth(month), row.id, (BigInt(CONTEST_PRIZE_BRND) * ONE_TOKEN).toString()],
      );
    }
  }
}

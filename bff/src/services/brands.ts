import type { Brand, FavouriteBrand } from '@brnd/contracts/api/brand-listings';
import type { MyBrand } from '@brnd/contracts/api/brands';
import { MAX_BRAND_CARDS, VOTES_PER_WINDOW } from '@brnd/contracts/domain/constants';
import { isRefused } from '@brnd/contracts/domain/verification';
import type { Transaction } from 'sequelize';
import type { Database } from '../db/database.ts';
import { SQL_STATE, sqlError } from '../db/sql-errors.ts';
import type { Language } from '../db/models.ts';
import { DomainError } from './errors.ts';
import { contestMonth, type Clock, type VoteService } from './votes.ts';

/**
 * Brand listings, search, details and registration. Each listing reads one index (see migration
 * 0030-brands): top rated from the month's tallies, trending from the decayed score, newly added
 * from the creation time, search in tiers that stop when full (migrations 0054, 0180 and 0190). A
 * viewer's `voted` and `can_vote` come from one read of their current vote window (at most 10
 * rows).
 */

/** Rows one search answers; suggestions show the first few. */
export const SEARCH_LIMIT = 100;
/**
 * Substring or close matches ranked for one search at most: a text shared by more brands than
 * this ("com") makes any of them as good a match, and ranking them all grew with the table.
 */
const SEARCH_CANDIDATES = 1_000;

const BRAND_COLUMNS = `b.id::text AS id, b.name, b.website, b.description, b.image_url, b.industry,
  b.token_ticker, b.no_of_employees, b.address1, b.city, b.state, b.postal_code, b.country,
  b.operating_address, b.referral_code, b.facebook, b.twitter, b.instagram, b.linkedin`;

/** The brand's tally of the contest month `$1`; null when it has none (the spec's null votes). */
const MONTH_VOTES = `(SELECT t.votes FROM brand_month_votes t
  WHERE t.brand_id = b.id AND t.month = $1) AS votes`;

type BrandRow = Omit<Brand, 'id' | 'voted' | 'can_vote'> & { id: string };

export interface Viewer {
  userId: string;
}

export interface ListingOptions {
  limit?: number;
  industry?: string;
}

export interface NewBrand {
  name: string;
  website: string;
  description: string;
  image_url: string;
  industry?: string | null;
  token_ticker?: string | null;
  no_of_employees?: number | null;
  address1?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
  operating_address?: string | null;
  referral_code?: string | null;
  facebook?: string | null;
  twitter?: string | null;
  instagram?: string | null;
  linkedin?: string | null;
}

export interface CompanyInput {
  brandName: string;
  email: string;
  phoneValue: string;
  employee_num: number;
  vat_num: string;
  billing_address: string;
  operating_address: string;
}

/** contracts/domain/verification.ts `isListedPublicly` (decision 041), for a brand `b`. */
const LISTED_BRAND = `(b.owner_id IS NULL OR b.verification_status = 'verified')`;

export function createBrandService({
  db,
  votes,
  clock = () => new Date(),
}: {
  db: Database;
  votes: VoteService;
  clock?: Clock;
}) {
  async function present(rows: BrandRow[], viewer: Viewer | null): Promise<Brand[]> {
    const window = viewer ? await votes.window(viewer.userId) : null;
    const canVote = window && window.count >= VOTES_PER_WINDOW ? '0' : '1';
    // One object literal of a fixed shape per row: spreading a pg row and adding properties to
    // it took V8's slow path (a new map per object), ~4 µs a row (decision 078).
    return rows.map((row) => {
      const id = Number(row.id);
      return {
        id,
        name: row.name,
        website: row.website,
        description: row.description,
        image_url: row.image_url,
        industry: row.industry,
        token_ticker: row.token_ticker,
        no_of_employees: row.no_of_employees,
        address1: row.address1,
        city: row.city,
        state: row.state,
        postal_code: row.postal_code,
        country: row.country,
        operating_address: row.operating_address,
        referral_code: row.referral_code,
        facebook: row.facebook,
        twitter: row.twitter,
        instagram: row.instagram,
        linkedin: row.linkedin,
        votes: row.votes,
        voted: window?.brandIds.has(id) ? 1 : 0,
        can_vote: canVote,
      };
    });
  }

  /** My brands' rows: all of this user's, or the one brand given. */
  async function myBrands(viewer: Viewer, brandId?: number): Promise<MyBrand[]> {
    const rows = await db.query<
      BrandRow & Pick<MyBrand, 'verification_status' | 'verification_reason'>
    >(
      `SELECT ${BRAND_COLUMNS}, ${MONTH_VOTES},
         CASE WHEN b.owner_id = $2 THEN b.verification_status END AS verification_status,
         CASE WHEN b.owner_id = $2 THEN b.verification_reason END AS verification_reason
       FROM brands b
       WHERE (b.owner_id = $2 OR b.referred_by = $2) AND ($4::bigint IS NULL OR b.id = $4)
       ORDER BY b.created_at DESC, b.id DESC LIMIT $3`,
      [month(), viewer.userId, MAX_BRAND_CARDS, brandId ?? null],
    );
    const brands = await present(rows, viewer);
    return brands.map((brand, index) => ({
      ...brand,
      verification_status: rows[index]!.verification_status,
      verification_reason: rows[index]!.verification_reason,
    }));
  }

  function month(): string {
    return contestMonth(clock());
  }

  async function brandsByIds(ids: string[], currentMonth: string): Promise<Map<string, BrandRow>> {
    if (ids.length === 0) return new Map();
    const rows = await db.query<BrandRow>(
      `SELECT ${BRAND_COLUMNS}, ${MONTH_VOTES} FROM brands b WHERE b.id = ANY($2::bigint[])`,
      [currentMonth, ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  async function insertBrand(
    input: NewBrand,
    owner: { ownerId?: string; referredBy?: string },
    transaction?: Transaction,
  ): Promise<BrandRow> {
    try {
      const [row] = await db.query<BrandRow>(
        `INSERT INTO brands AS b (name, website, description, image_url, industry, token_ticker,
           no_of_employees, address1, city, state, postal_code, country, operating_address,
           referral_code, facebook, twitter, instagram, linkedin, owner_id, referred_by, created_at,
           verification_submitted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
           $19, $20, $21, $21)
         RETURNING ${BRAND_COLUMNS}, NULL::integer AS votes`,
        [
          input.name,
          input.website,
          input.description,
          input.image_url,
          input.industry ?? null,
          input.token_ticker ?? null,
          input.no_of_employees ?? null,
          input.address1 ?? null,
          input.city ?? null,
          input.state ?? null,
          input.postal_code ?? null,
          input.country ?? null,
          input.operating_address ?? null,
          input.referral_code ?? null,
          input.facebook ?? null,
          input.twitter ?? null,
          input.instagram ?? null,
          input.linkedin ?? null,
          owner.ownerId ?? null,
          owner.referredBy ?? null,
          clock().toISOString(),
        ],
        transaction ? { transaction } : {},
      );
      return row!;
    } catch (error) {
      if (sqlError(error).code === SQL_STATE.uniqueViolation) {
        throw new DomainError(409, 'errors.brandExists', {
          fields: { website: 'errors.brandExists' },
        });
      }
      throw error;
    }
  }

  return {
    async topRated(viewer: Viewer | null, { limit = MAX_BRAND_CARDS, industry }: ListingOptions) {
      const currentMonth = month();
      const tallies = await db.query<{ brand_id: string }>(
        `SELECT t.brand_id::text FROM brand_month_votes t JOIN brands b ON b.id = t.brand_id
         WHERE t.month = $1 AND ($3::text IS NULL OR t.industry = $3) AND ${LISTED_BRAND}
         ORDER BY t.votes DESC, t.reached_at, t.brand_id LIMIT $2`,
        [currentMonth, limit, industry ?? null],
      );
      const byId = await brandsByIds(
        tallies.map((row) => row.brand_id),
        currentMonth,
      );
      const rows = tallies.flatMap((row) => byId.get(row.brand_id) ?? []);
      if (rows.length < limit) {
        // Brands nobody voted for this month follow, newest first.
        rows.push(
          ...(await db.query<BrandRow>(
            `SELECT ${BRAND_COLUMNS}, NULL::integer AS votes FROM brands b
             WHERE ($3::text IS NULL OR b.industry = $3) AND ${LISTED_BRAND} AND NOT EXISTS (
               SELECT 1 FROM brand_month_votes t WHERE t.brand_id = b.id AND t.month = $1)
             ORDER BY b.created_at DESC, b.id DESC LIMIT $2`,
            [currentMonth, limit - rows.length, industry ?? null],
          )),
        );
      }
      return present(rows, viewer);
    },

    async trending(viewer: Viewer | null, { limit = MAX_BRAND_CARDS, industry }: ListingOptions) {
      const rows = await db.query<BrandRow>(
        `SELECT ${BRAND_COLUMNS}, ${MONTH_VOTES} FROM brands b
         WHERE ($3::text IS NULL OR b.industry = $3) AND ${LISTED_BRAND}
         ORDER BY b.trend_score DESC, b.id LIMIT $2`,
        [month(), limit, industry ?? null],
      );
      return present(rows, viewer);
    },

    async newlyAdded(viewer: Viewer | null, { limit = MAX_BRAND_CARDS, industry }: ListingOptions) {
      const rows = await db.query<BrandRow>(
        `SELECT ${BRAND_COLUMNS}, ${MONTH_VOTES} FROM brands b
         WHERE ($3::text IS NULL OR b.industry = $3) AND ${LISTED_BRAND}
         ORDER BY b.created_at DESC, b.id DESC LIMIT $2`,
        [month(), limit, industry ?? null],
      );
      return present(rows, viewer);
    },

    /**
     * Names starting with the text (the exact name first), then names with a later word starting
     * with it, then (from 3 letters or digits) names or websites containing it, and only when
     * none does, names whose start is one typo away from it (a swapped pair only, below 5
     * characters: decisions 083 and 085), and only when none is, close (typo-tolerant) matches:
     * `brand_search` in migration 0054, reading the narrow `brand_search_names` since 0180, its
     * typo tier from 0190.
     */
    async search(viewer: Viewer | null, text: string) {
      // OFFSET 0 keeps each found brand a read by id: as a join, the planner would hash the
      // whole table for the function's default estimate of 1,000 rows when it is small.
      const rows = await db.query<BrandRow>(
        `SELECT ${BRAND_COLUMNS}, ${MONTH_VOTES}
         FROM brand_search($2, $3, $4) WITH ORDINALITY AS found (id, rank),
           LATERAL (SELECT * FROM brands WHERE brands.id = found.id OFFSET 0) AS b
         WHERE ${LISTED_BRAND}
         ORDER BY found.rank`,
        [month(), text.trim().toLowerCase(), SEARCH_LIMIT, SEARCH_CANDIDATES],
      );
      const brands = await present(rows, viewer);
      return { rows: brands, rowCount: brands.length };
    },

    async details(viewer: Viewer | null, brandId: number) {
      const rows = await db.query<BrandRow>(
        `SELECT ${BRAND_COLUMNS}, ${MONTH_VOTES} FROM brands b WHERE b.id = $2`,
        [month(), brandId],
      );
      return present(rows, viewer);
    },

    /**
     * The brand added with this website (as WebsiteSchema stores it), whatever its verification:
     * the refer modal tells the user it is in before Add would be refused (brands_website_key).
     */
    async byWebsite(website: string) {
      const [row] = await db.query<{
        id: string;
        name: string;
        description: string;
        image_url: string;
      }>(`SELECT id::text, name, description, image_url FROM brands WHERE website = $1`, [website]);
      return row ? { ...row, id: Number(row.id) } : null;
    },

    /** Brands on the platform, and votes cast this contest month. */
    async totals() {
      const [row] = await db.query<{ brands: string; votes: string }>(
        `SELECT (SELECT count(*) FROM brands b WHERE ${LISTED_BRAND})::text AS brands,
           (SELECT coalesce(sum(votes), 0) FROM brand_month_votes WHERE month = $1)::text AS votes`,
        [month()],
      );
      return { brands: Number(row?.brands ?? 0), votes: Number(row?.votes ?? 0) };
    },

    /**
     * Brands this user registered or referred, newest first; a registered one says where its
     * verification stands and why it was refused or withdrawn (a referred brand is not the
     * user's to verify).
     */
    mine: (viewer: Viewer) => myBrands(viewer),

    /**
     * The owner sends a rejected or revoked brand for verification again: back to pending with
     * a fresh submission time (the queue's order and due time count from it), the last
     * decision's reason and operator cleared (the audit log keeps them). The row's lock orders
     * it with an operator's decision or revocation; another user's brand is 404, one pending or
     * verified 409.
     */
    async resubmit(viewer: Viewer, brandId: number): Promise<MyBrand> {
      await db.transaction(async (transaction) => {
        const [brand] = await db.query<{ verification_status: string }>(
          `SELECT verification_status FROM brands WHERE id = $1 AND owner_id = $2 FOR UPDATE`,
          [brandId, viewer.userId],
          { transaction },
        );
        if (!brand) throw new DomainError(404, 'uploads.brandNotFound');
        if (!isRefused(brand.verification_status)) {
          throw new DomainError(409, 'brands.resubmit.notRefused');
        }
        await db.query(
          `UPDATE brands SET verification_status = 'pending', verification_submitted_at = $2,
             verification_reason = NULL, verification_decided_at = NULL,
             verification_decided_by = NULL, verified_at = NULL
           WHERE id = $1`,
          [brandId, clock()],
          { transaction },
        );
      });
      const [brand] = await myBrands(viewer, brandId);
      return brand!;
    },

    /** Brands this user voted for, with how many times (all time), most first. */
    async favourites(viewer: Viewer): Promise<FavouriteBrand[]> {
      const rows = await db.query<BrandRow & { myvotes: number }>(
        `WITH mine AS (
           SELECT brand_id, count(*)::integer AS myvotes, max(cast_at) AS last_at
           FROM votes WHERE user_id = $2 GROUP BY brand_id
           ORDER BY myvotes DESC, last_at DESC LIMIT $3
         )
         SELECT ${BRAND_COLUMNS}, ${MONTH_VOTES}, mine.myvotes
         FROM mine JOIN brands b ON b.id = mine.brand_id
         ORDER BY mine.myvotes DESC, mine.last_at DESC`,
        [month(), viewer.userId, MAX_BRAND_CARDS],
      );
      const brands = await present(rows, viewer);
      return brands.map((brand, index) => ({ ...brand, myvotes: rows[index]!.myvotes }));
    },

    /** A brand referred from the voting page: the referrer is not its owner. */
    async refer(viewer: Viewer, input: NewBrand) {
      const [brand] = await present(
        [await insertBrand(input, { referredBy: viewer.userId })],
        viewer,
      );
      return brand!;
    },

    /**
     * A brand registered from My brands: the user owns it. `withBrand` stores what came with it
     * (its verification documents) in the same transaction.
     */
    async create(
      viewer: Viewer,
      input: NewBrand,
      withBrand?: (brandId: number, transaction: Transaction) => Promise<void>,
    ) {
      const row = await db.transaction(async (transaction) => {
        const inserted = await insertBrand(input, { ownerId: viewer.userId }, transaction);
        await withBrand?.(Number(inserted.id), transaction);
        // The referral code is kept with the brand; the reward waits for an operator's
        // verification (decision 041).
        return inserted;
      });
      const [brand] = await present([row], viewer);
      return brand!;
    },

    /**
     * A new brand account: recorded pending verification. `language` is the one its operator's
     * decision is mailed in when no account is signed in.
     */
    async registerCompany(
      viewer: Viewer | null,
      input: CompanyInput,
      language: Language = 'en',
      withCompany?: (companyId: number, transaction: Transaction) => Promise<void>,
    ) {
      try {
        return await db.transaction(async (transaction) => {
          const [row] = await db.query<{ id: string; status: 'pending' }>(
            `INSERT INTO companies (user_id, brand_name, email, phone, employees, vat_number,
             billing_address, operating_address, language)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::text, status`,
            [
              viewer?.userId ?? null,
              input.brandName,
              input.email,
              input.phoneValue,
              input.employee_num,
              input.vat_num,
              input.billing_address,
              input.operating_address,
              language,
            ],
            { transaction },
          );
          await withCompany?.(Number(row!.id), transaction);
          return { id: Number(row!.id), brandName: input.brandName, status: row!.status };
        });
      } catch (error) {
        const { code, constraint } = sqlError(error);
        if (code === SQL_STATE.uniqueViolation && constraint === 'companies_vat_key') {
          throw new DomainError(409, 'companies.vatNumberExists', {
            fields: { vat_num: 'companies.vatNumberExists' },
          });
        }
        if (code === SQL_STATE.uniqueViolation) {
          throw new DomainError(409, 'companies.billingAddressExists', {
            fields: { billing_address: 'companies.billingAddressExists' },
          });
        }
        throw error;
      }
    },
  };
}

export type BrandService = ReturnType<typeof createBrandService>;

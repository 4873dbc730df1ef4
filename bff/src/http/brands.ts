import {
  BRAND_THROTTLE_WINDOW_MS,
  BRANDS_ADDED_PER_DAY,
  BRANDS_REFERRED_PER_DAY,
} from '@brnd/contracts/domain/constants';
import type { RateLimiter } from '../services/rate-limits.ts';
import { SUCCESS } from '@brnd/contracts/api/accounts';
import {
  newlyAddedBrands,
  topRatedBrands,
  trendingBrands,
} from '@brnd/contracts/api/brand-listings';
import {
  addBrand,
  brandDetails,
  brandDocuments,
  brandPreview,
  contestWinners,
  createBrand,
  favouriteBrands,
  myBrands,
  registerCompany,
  resubmitBrand,
  searchBrands,
  totalBrands,
  uploadBrandDocuments,
  vote,
  voteStatus,
} from '@brnd/contracts/api/brands';
import {
  BRAND_FORM_TRANSPORT_MAX_BYTES,
  UPLOADABLE_DOCUMENTS,
  type UploadableDocument,
} from '@brnd/contracts/domain/verification';
import multer, { type MulterFile } from '@koa/multer';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { BrandService, Viewer } from '../services/brands.ts';
import type { ContestService } from '../services/contest.ts';
import { DomainError } from '../services/errors.ts';
import { requestLanguage } from '../services/messages.ts';
import type { LinkPreview } from '../services/link-preview.ts';
import type { AuthContext } from '../services/sessions.ts';
import { UPLOADS_PATH, type UploadService } from '../services/uploads.ts';
import { checkDocuments, type DocumentStore } from '../services/verification-documents.ts';
import type { VoteService } from '../services/votes.ts';
import type { Notifications } from '../services/notifications.ts';
import { authedRoute, route, type Route } from './route.ts';

function viewerOf(auth: AuthContext | null): Viewer | null {
  return auth ? { userId: auth.userId } : null;
}

export interface BrandRouteDeps {
  brands: BrandService;
  /** Bounds how many brands one account adds and refers a day (decision 029). */
  limiter: RateLimiter;
  votes: VoteService;
  contest: ContestService;
  preview: LinkPreview;
  uploads: UploadService;
  documents: DocumentStore;
  /** Sends the applicant of /newbrandaccount its receipt (services/notifications.ts). */
  notifications: Notifications;
}

/** The verification documents of a parsed form body, apart from its other fields. */
function splitDocuments<T extends Partial<Record<UploadableDocument, Blob | undefined>>>(body: T) {
  const { registryExtract, articles, bankAccount, identity, ...fields } = body;
  return { files: { registryExtract, articles, bankAccount, identity }, fields };
}

export function brandRoutes({
  brands,
  votes,
  contest,
  preview,
  uploads,
  documents,
  limiter,
  notifications,
}: BrandRouteDeps): Route[] {
  /**
   * Runs `work` while the account is within its daily count; a refused attempt (a duplicate
   * website, a bad file) gives its hit back, so only brands that exist count.
   */
  async function withinDailyLimit<T>(
    key: string,
    limit: number,
    messageId: string,
    work: () => Promise<T>,
  ): Promise<T> {
    const result = await limiter.hit(key, limit, BRAND_THROTTLE_WINDOW_MS);
    if (!result.allowed) {
      throw new DomainError(429, messageId, {
        retryAfterSeconds: result.retryAfterSeconds,
        values: { limit, hours: Math.ceil(result.retryAfterSeconds / 3600) },
      });
    }
    try {
      return await work();
    } catch (error) {
      await limiter.refund(key);
      throw error;
    }
  }

  return [
    authedRoute(vote, async ({ auth, body }) => {
      await votes.vote(auth.user.id, body.brand_id);
      // The voter's new standing, read as the lists and voteStatus read it.
      const [[brand], status] = await Promise.all([
        brands.details(viewerOf(auth), body.brand_id),
        votes.status(auth.user.id),
      ]);
      if (!brand) throw new Error(`vote: brand ${body.brand_id} vanished after its vote`);
      return { message: SUCCESS, brand, status };
    }),
    authedRoute(voteStatus, async ({ auth }) => votes.status(auth.user.id)),
    route(topRatedBrands, async ({ auth, query }) => ({
      brands: { rows: await brands.topRated(viewerOf(auth), query) },
    })),
    route(trendingBrands, async ({ auth, query }) => ({
      brands: { rows: await brands.trending(viewerOf(auth), query) },
    })),
    route(newlyAddedBrands, async ({ auth, query }) => ({
      brands: { rows: await brands.newlyAdded(viewerOf(auth), query) },
    })),
    route(searchBrands, async ({ auth, params }) => ({
      brands: await brands.search(viewerOf(auth), params.text),
    })),
    route(brandDetails, async ({ auth, params }) => ({
      brands: { rows: await brands.details(viewerOf(auth), params.brandId) },
    })),
    route(totalBrands, async () => ({ stats: { rows: [await brands.totals()] } })),
    authedRoute(myBrands, async ({ auth }) => ({
      brands: { rows: await brands.mine({ userId: auth.user.id }) },
    })),
    authedRoute(favouriteBrands, async ({ auth }) => ({
      brands: { rows: await brands.favourites({ userId: auth.user.id }) },
    })),
    route(contestWinners, async ({ query }) => ({
      winners: { rows: await contest.winners(query.limit) },
    })),
    authedRoute(brandPreview, async ({ query }) => {
      // A brand already in needs no fetch: its stored name, text and logo are the preview.
      const existing = await brands.byWebsite(query.url);
      if (!existing) return { ...(await preview.preview(query.url)), existing: null };
      const { id, name, description, image_url } = existing;
      return {
        website: query.url,
        name,
        description,
        image_url,
        found: true,
        existing: { id, name },
      };
    }),
    authedRoute(addBrand, async ({ auth, body }) => ({
      message: SUCCESS,
      details: await withinDailyLimit(
        `brand-refer:${auth.user.id}`,
        BRANDS_REFERRED_PER_DAY,
        'errors.referBrandLimit',
        () => brands.refer({ userId: auth.user.id }, body),
      ),
    })),
    authedRoute(createBrand, async ({ auth, body }) =>
      withinDailyLimit(
        `brand-add:${auth.user.id}`,
        BRANDS_ADDED_PER_DAY,
        'errors.addBrandLimit',
        async () => {
          const { files, fields: brandFields } = splitDocuments(body);
          const { image, ...fields } = brandFields;
          // Every file is judged before anything is stored: a refusal leaves no brand behind.
          const checked = await checkDocuments(files);
          const imageUrl = await uploads.storeLogo(
            new Uint8Array(await image.arrayBuffer()),
            auth.user.id,
          );
          return {
            message: SUCCESS,
            details: await brands.create(
              { userId: auth.user.id },
              { ...fields, image_url: imageUrl },
              (brandId, transaction) =>
                documents.store({ brandId }, checked, auth.user.id, transaction),
            ),
          };
        },
      ),
    ),
    authedRoute(brandDocuments, async ({ auth, params }) => ({
      documents: await documents.listOwn(auth.user.id, params.brandId),
    })),
    authedRoute(uploadBrandDocuments, async ({ auth, params, body }) => ({
      documents: await documents.uploadOwn(auth.user.id, params.brandId, body),
    })),
    authedRoute(resubmitBrand, async ({ auth, params }) => ({
      brand: await brands.resubmit({ userId: auth.user.id }, params.brandId),
    })),
    route(registerCompany, async ({ auth, body, ctx }) => {
      const { files, fields } = splitDocuments(body);
      const checked = await checkDocuments(files);
      // A signed-in applicant's mail follows their account; anyone else's the page they used.
      const language = auth?.user.language ?? requestLanguage(ctx);
      const company = await brands.registerCompany(
        viewerOf(auth),
        fields,
        language,
        (companyId, transaction) =>
          documents.store({ companyId }, checked, auth?.user.id ?? null, transaction),
      );
      // Queued once the application has committed; one application, one receipt.
      await notifications.mail({
        kind: 'applicationReceipt',
        to: fields.email,
        language,
        props: {
          company: fields.brandName,
          vatNumber: fields.vat_num,
          employees: fields.employee_num,
          documents: checked.length,
          submittedAt: new Date(),
        },
      });
      return { message: SUCCESS, company };
    }),
  ];
}

/** The add-brand form sends a logo; both forms may send each verification document once. */
const FILE_FIELDS = [
  { name: 'image', maxCount: 1 },
  ...UPLOADABLE_DOCUMENTS.map((name) => ({ name, maxCount: 1 })),
];

const upload = multer({
  storage: multer.memoryStorage(),
  // Browsers send a file's name in UTF-8 ("Wyciąg KRS.pdf"), not multer's default latin1.
  defParamCharset: 'utf8',
  // The contract's size rules decide (400 naming the field, as the mocks answer); this transport
  // limit, twice the largest file either form accepts, only stops a body far past any of them
  // from being read into memory (413).
  limits: {
    fileSize: BRAND_FORM_TRANSPORT_MAX_BYTES,
    files: FILE_FIELDS.length,
    fields: 40,
    fieldSize: 10_000,
  },
}).fields(FILE_FIELDS);

/** The multipart forms' paths, with `:name` placeholders matching one segment. */
const MULTIPART_PATHS = [createBrand, registerCompany, uploadBrandDocuments].map(
  (endpoint) => new RegExp(`^${endpoint.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`),
);

/** A file over the limit, named by its field. */
function tooLarge(field: string | undefined): DomainError {
  if (field && (UPLOADABLE_DOCUMENTS as readonly string[]).includes(field)) {
    return new DomainError(413, 'uploads.documentTooLarge', {
      fields: { [field]: 'uploads.documentTooLarge' },
    });
  }
  return new DomainError(413, 'uploads.logoTooLarge', {
    fields: { image: 'uploads.logoTooLarge' },
  });
}

/**
 * Reads the add-brand and new brand account forms (multipart) before the contract route sees
 * them: the fields become the body, and each file a File with its declared type and name, which
 * the contract checks first; the bytes are then judged by services/uploads.ts.
 */
export function brandUploadBody() {
  return async function readBrandUpload(ctx: Context, next: Next) {
    if (
      ctx.method !== 'POST' ||
      !MULTIPART_PATHS.some((path) => path.test(ctx.path)) ||
      !ctx.is('multipart')
    ) {
      return next();
    }
    try {
      await upload(ctx, async () => {});
    } catch (error) {
      const { code, field } = error as { code?: string; field?: string };
      if (code === 'LIMIT_FILE_SIZE') {
        throw tooLarge(field);
      }
      throw new DomainError(400, 'errors.validation');
    }
    const files = (ctx as Context & { files?: Record<string, MulterFile[]> }).files ?? {};
    const fields = { ...(ctx.request as { body?: Record<string, unknown> }).body };
    for (const [name, [file]] of Object.entries(files)) {
      if (!file) continue;
      fields[name] = new File([new Uint8Array(file.buffer)], file.originalname, {
        type: file.mimetype,
      });
    }
    (ctx.request as { body?: unknown }).body = fields;
    return next();
  };
}

/** Stored logos: their real type, `nosniff`, and no way to run as a page. */
export function uploadsRouter(uploads: UploadService): Router {
  const router = new Router();
  router.get(`${UPLOADS_PATH}/:name`, async (ctx) => {
    const file = await uploads.read(ctx.params.name ?? '');
    if (!file) {
      ctx.status = 404;
      ctx.body = { message: 'Not found.' };
      return;
    }
    ctx.set('Content-Type', file.contentType);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = file.bytes;
  });
  return router;
}

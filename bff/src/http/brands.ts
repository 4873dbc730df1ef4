import { SUCCESS } from '@brnd/contracts/api/accounts';
import {
  addBrand,
  brandDetails,
  brandPreview,
  contestWinners,
  createBrand,
  favouriteBrands,
  myBrands,
  newlyAddedBrands,
  registerCompany,
  searchBrands,
  topRatedBrands,
  totalBrands,
  trendingBrands,
  vote,
  voteStatus,
} from '@brnd/contracts/api/brands';
import { BRAND_LOGO_MAX_BYTES } from '@brnd/contracts/domain/constants';
import multer, { type MulterFile } from '@koa/multer';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { BrandService, Viewer } from '../services/brands.ts';
import type { ContestService } from '../services/contest.ts';
import { DomainError } from '../services/errors.ts';
import { languageFromHeader } from '../services/messages.ts';
import type { LinkPreview } from '../services/link-preview.ts';
import type { AuthContext } from '../services/sessions.ts';
import { UPLOADS_PATH, type UploadService } from '../services/uploads.ts';
import type { VoteService } from '../services/votes.ts';
import { authedRoute, route, type Route } from './route.ts';

function viewerOf(auth: AuthContext | null): Viewer | null {
  return auth ? { userId: auth.user.id } : null;
}

export interface BrandRouteDeps {
  brands: BrandService;
  votes: VoteService;
  contest: ContestService;
  preview: LinkPreview;
  uploads: UploadService;
}

export function brandRoutes({ brands, votes, contest, preview, uploads }: BrandRouteDeps): Route[] {
  return [
    authedRoute(vote, async ({ auth, body }) => {
      await votes.vote(auth.user.id, body.brand_id);
      return { message: SUCCESS };
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
    authedRoute(brandPreview, async ({ query }) => preview.preview(query.url)),
    authedRoute(addBrand, async ({ auth, body }) => ({
      message: SUCCESS,
      details: await brands.refer({ userId: auth.user.id }, body),
    })),
    authedRoute(createBrand, async ({ auth, body, ctx }) => {
      const file = (ctx as Context & { file?: MulterFile }).file;
      if (!file)
        throw new DomainError(400, 'validation.logo', { fields: { image: 'validation.logo' } });
      const imageUrl = await uploads.storeLogo(file.buffer, auth.user.id);
      const { image: _image, ...fields } = body;
      return {
        message: SUCCESS,
        details: await brands.create({ userId: auth.user.id }, { ...fields, image_url: imageUrl }),
      };
    }),
    route(registerCompany, async ({ auth, body, ctx }) => ({
      message: SUCCESS,
      company: await brands.registerCompany(
        viewerOf(auth),
        body,
        languageFromHeader(ctx.get('accept-language')),
      ),
    })),
  ];
}

const upload = multer({
  storage: multer.memoryStorage(),
  // One byte over the limit is enough to know the file is too large.
  limits: { fileSize: BRAND_LOGO_MAX_BYTES, files: 1, fields: 40, fieldSize: 10_000 },
}).single('image');

/**
 * Reads the add-brand form (multipart) before the contract route sees it: the fields become the
 * body, and the logo a Blob with its declared type, which the contract checks first; the bytes
 * are then judged by services/uploads.ts.
 */
export function brandUploadBody() {
  return async function readBrandUpload(ctx: Context, next: Next) {
    if (ctx.method !== 'POST' || ctx.path !== createBrand.path || !ctx.is('multipart')) {
      return next();
    }
    try {
      await upload(ctx, async () => {});
    } catch (error) {
      if ((error as { code?: string }).code === 'LIMIT_FILE_SIZE') {
        throw new DomainError(413, 'uploads.logoTooLarge', {
          fields: { image: 'uploads.logoTooLarge' },
        });
      }
      throw new DomainError(400, 'errors.validation');
    }
    const file = (ctx as Context & { file?: MulterFile }).file;
    const fields = { ...(ctx.request as { body?: Record<string, unknown> }).body };
    if (file) fields.image = new Blob([new Uint8Array(file.buffer)], { type: file.mimetype });
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

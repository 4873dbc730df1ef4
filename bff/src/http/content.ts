import { blog } from '@brnd/contracts/api/blog';
import { contact, newsletter } from '@brnd/contracts/api/content';
import { SUCCESS } from '@brnd/contracts/api/accounts';
import type { BlogService } from '../services/blog.ts';
import type { ContactService } from '../services/contact.ts';
import { route, type Route } from './route.ts';

export function contentRoutes(deps: { contact: ContactService; blog: BlogService }): Route[] {
  return [
    route(newsletter, async ({ body, ctx }) => {
      await deps.contact.subscribe(body.email, ctx.ip);
      return { message: SUCCESS };
    }),

    route(contact, async ({ body, ctx }) => {
      await deps.contact.send(
        {
          name: body.contactName,
          email: body.contactEmail,
          website: body.contactWebsite,
          country: body.contactCountry,
          text: body.contactAnything,
        },
        ctx.ip,
      );
      return { message: SUCCESS };
    }),

    route(blog, async ({ ctx }) => {
      const articles = await deps.blog.articles();
      // Browsers and proxies may keep it briefly; the bff's own cache does the real work.
      ctx.set('Cache-Control', 'public, max-age=60');
      return { articles };
    }),
  ];
}

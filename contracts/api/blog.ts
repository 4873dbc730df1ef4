import * as v from 'valibot';
import { ArticleSchema } from './article.ts';
import { defineEndpoint } from './endpoint.ts';

/** The blog: articles of the configured feed, fetched, sanitised and cached by the bff. */

export type { Article } from './article.ts';

/** The configured article feed (RSS 2.0 or Atom), newest first. */
export const blog = defineEndpoint({
  id: 'blog',
  method: 'GET',
  path: '/api/blog',
  response: v.object({ articles: v.array(ArticleSchema) }),
});

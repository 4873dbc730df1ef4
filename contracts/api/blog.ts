import * as v from 'valibot';
import { ArticleSchema } from './article.ts';
import { defineEndpoint } from './endpoint.ts';
import { declareError } from './shared-errors.ts';

/** The blog: articles of the configured feed, fetched, sanitised and cached by the bff. */

export type { Article } from './article.ts';

/** The configured article feed (RSS 2.0 or Atom), newest first. */
/** The news feed the blog reads could not be read. */
export const feedError = declareError({ status: 502, messageId: 'blog.feedError' });

export const blog = defineEndpoint({
  id: 'blog',
  method: 'GET',
  path: '/api/blog',
  response: v.object({ articles: v.array(ArticleSchema) }),
  errors: { feedError },
});

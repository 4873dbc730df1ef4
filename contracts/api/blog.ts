import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';

/** The blog: articles of the configured feed, fetched, sanitised and cached by the bff. */

export const ArticleSchema = v.object({
  /** Stable within the feed: the item's guid, else its link, else its title. */
  id: v.pipe(v.string(), v.nonEmpty()),
  title: v.string(),
  creator: v.string(),
  /** ISO 8601; the page formats it in the reader's language. */
  pubDate: v.pipe(v.string(), v.isoTimestamp()),
  /** Sanitised by the bff: safe to render as HTML. */
  content: v.string(),
  /** The article on its own site; empty when the feed gives none. */
  link: v.string(),
});
export type Article = v.InferOutput<typeof ArticleSchema>;

/** The configured article feed (RSS 2.0 or Atom), newest first. */
export const blog = defineEndpoint({
  id: 'blog',
  method: 'GET',
  path: '/api/blog',
  response: v.object({ articles: v.array(ArticleSchema) }),
});

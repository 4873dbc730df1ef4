import * as v from 'valibot';

/** An article of the blog's feed; apart from blog.ts, which the first page imports (decision 050). */
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

import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { MessageResponseSchema } from './accounts.ts';
import {
  ContactCountrySchema,
  ContactEmailSchema,
  ContactNameSchema,
  ContactTextSchema,
  ContactWebsiteSchema,
  NewsletterEmailSchema,
} from '../domain/rules.ts';

/** The ICO page's 'Notify me' newsletter and the contact form. */

export const newsletter = defineEndpoint({
  id: 'newsletter',
  method: 'POST',
  path: '/api/user/newsletter',
  body: v.object({ email: NewsletterEmailSchema }),
  response: MessageResponseSchema,
});

/** The spec has two readings of the contact form; this is the stricter one (country and text too). */
export const contact = defineEndpoint({
  id: 'contact',
  method: 'POST',
  path: '/api/contact',
  encoding: 'json',
  body: v.object({
    contactName: ContactNameSchema,
    contactEmail: ContactEmailSchema,
    contactWebsite: ContactWebsiteSchema,
    contactCountry: ContactCountrySchema,
    contactAnything: ContactTextSchema,
  }),
  response: MessageResponseSchema,
});

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

export const contentEndpoints = { newsletter, contact, blog } as const;

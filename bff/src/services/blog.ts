import type { Article } from '@brnd/contracts/api/blog';
import { XMLParser } from 'fast-xml-parser';
import sanitizeHtml from 'sanitize-html';
import type { Logger } from '../logger.ts';
import type { FeedSource } from '../providers/feed.ts';
import { DomainError } from './errors.ts';

export const FEED_CACHE_TTL_MS = 10 * 60_000;
/** Older items are dropped: the page never shows more than a reader will scroll through. */
export const MAX_ARTICLES = 100;

/**
 * The allow-list for article bodies. Everything else goes: script, style, iframe, svg, forms,
 * every on* handler and inline style, and any URL that is not http(s) or mailto (images: https
 * only, so a page served over https never loads mixed content).
 */
const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'a',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'em',
    'strong',
    'img',
    'blockquote',
    'code',
    'pre',
  ],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt', 'loading'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside these is code or markup, never readable prose: drop it with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow' },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_HTML).trim();
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** Titles and names are plain text: tags are dropped, and React escapes what is left. */
export function plainText(value: string): string {
  return sanitizeHtml(value, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style'],
  })
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Values stay strings: a title of "2024" must not become a number.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['item', 'entry', 'link', 'category', 'author'].includes(name),
});

type Node = unknown;

/** The text of a node that may be a string or an element with attributes (`#text`). */
function text(node: Node): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return text(node[0]);
  if (typeof node === 'object' && '#text' in node)
    return text((node as { '#text': Node })['#text']);
  return '';
}

function field(item: Record<string, Node>, ...names: string[]): string {
  for (const name of names) {
    const value = text(item[name]);
    if (value) return value;
  }
  return '';
}

function isoDate(value: string, fallback: Date): string {
  const time = Date.parse(value);
  return new Date(Number.isNaN(time) ? fallback : time).toISOString();
}

/** Only web links leave the feed: a `javascript:` link in `<link>` becomes no link at all. */
function webLink(value: string): string {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}

function rssArticle(item: Record<string, Node>, fetchedAt: Date): Article {
  const link = webLink(field(item, 'link'));
  const title = plainText(field(item, 'title'));
  return {
    id: field(item, 'guid') || link || title,
    title,
    creator: plainText(field(item, 'dc:creator', 'author')),
    pubDate: isoDate(field(item, 'pubDate', 'dc:date'), fetchedAt),
    content: sanitizeArticleHtml(field(item, 'content:encoded', 'description')),
    link,
  };
}

function atomLink(entry: Record<string, Node>): string {
  const links = (entry.link as Record<string, string>[] | undefined) ?? [];
  const alternate =
    links.find((link) => (link['@_rel'] ?? 'alternate') === 'alternate') ?? links[0];
  return webLink(alternate?.['@_href'] ?? '');
}

function atomArticle(entry: Record<string, Node>, fetchedAt: Date): Article {
  const link = atomLink(entry);
  const title = plainText(field(entry, 'title'));
  const authors = (entry.author as Record<string, Node>[] | undefined) ?? [];
  return {
    id: field(entry, 'id') || link || title,
    title,
    creator: plainText(
      authors
        .map((author) => field(author, 'name'))
        .filter(Boolean)
        .join(', '),
    ),
    pubDate: isoDate(field(entry, 'published', 'updated'), fetchedAt),
    content: sanitizeArticleHtml(field(entry, 'content', 'summary')),
    link,
  };
}

export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

/** Parses RSS 2.0 or Atom into sanitised articles, newest first. */
export function parseFeed(xml: string, fetchedAt = new Date()): Article[] {
  let document: Record<string, Node>;
  try {
    document = parser.parse(xml) as Record<string, Node>;
  } catch (error) {
    throw new FeedFormatError(`the feed is not well-formed XML: ${(error as Error).message}`);
  }
  const rss = document.rss as { channel?: { item?: Record<string, Node>[] } } | undefined;
  const atom = document.feed as { entry?: Record<string, Node>[] } | undefined;
  let articles: Article[];
  if (rss?.channel) {
    articles = (rss.channel.item ?? []).map((item) => rssArticle(item, fetchedAt));
  } else if (atom) {
    articles = (atom.entry ?? []).map((entry) => atomArticle(entry, fetchedAt));
  } else {
    throw new FeedFormatError('the feed is neither RSS 2.0 nor Atom');
  }
  return articles
    .filter((article) => article.title !== '' || article.content !== '')
    .sort((a, b) => b.pubDate.localeCompare(a.pubDate))
    .slice(0, MAX_ARTICLES);
}

export interface BlogService {
  articles(): Promise<Article[]>;
}

/**
 * Articles from the feed, kept in memory for `ttlMs`. When a refresh fails the last good copy is
 * served (stale beats nothing); only a feed that never loaded answers 502. Concurrent requests
 * share one fetch.
 */
export function createBlogService(deps: {
  feed: FeedSource;
  logger: Logger;
  ttlMs?: number;
  now?: () => number;
}): BlogService {
  const { feed, logger } = deps;
  const ttlMs = deps.ttlMs ?? FEED_CACHE_TTL_MS;
  const now = deps.now ?? Date.now;
  let cached: { articles: Article[]; fetchedAt: number } | undefined;
  let inFlight: Promise<Article[]> | undefined;

  async function refresh(): Promise<Article[]> {
    try {
      const fetchedAt = now();
      const articles = parseFeed(await feed.fetchXml(), new Date(fetchedAt));
      cached = { articles, fetchedAt };
      return articles;
    } catch (error) {
      logger.warn('article feed refresh failed', { err: error, feed: feed.name });
      if (cached) return cached.articles;
      throw new DomainError(502, 'blog.feedError');
    }
  }

  return {
    articles() {
      if (cached && now() - cached.fetchedAt < ttlMs) return Promise.resolve(cached.articles);
      inFlight ??= refresh().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };
}

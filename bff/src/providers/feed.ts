import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the blog's articles come from: the raw XML of an RSS 2.0 or Atom feed. */
export interface FeedSource {
  /** Names the source in logs. */
  readonly name: string;
  fetchXml(): Promise<string>;
}

export const FEED_TIMEOUT_MS = 5_000;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;

export class FeedFetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FeedFetchError';
  }
}

/**
 * The real adapter: fetches `FEED_URL`. A slow or huge answer is cut off, because the feed is a
 * third party's server and must not hold the bff's memory or a request hostage.
 */
export function createHttpFeed(
  url: string,
  options: { timeoutMs?: number; maxBytes?: number; fetch?: typeof fetch } = {},
): FeedSource {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const fetchImpl = options.fetch ?? fetch;
  return {
    name: url,
    async fetchXml() {
      const signal = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await fetchImpl(url, {
          signal,
          redirect: 'follow',
          headers: { accept: 'application/rss+xml, application/atom+xml, application/xml' },
        });
      } catch (error) {
        throw new FeedFetchError(`feed ${url} could not be fetched`, { cause: error });
      }
      if (!response.ok) throw new FeedFetchError(`feed ${url} answered ${response.status}`);
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (declared > maxBytes) {
        await response.body?.cancel();
        throw new FeedFetchError(`feed ${url} is larger than ${maxBytes} bytes`);
      }
      if (!response.body) return '';
      // Content-Length may be absent or wrong: count what actually arrives.
      const chunks: Uint8Array[] = [];
      let size = 0;
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > maxBytes) {
            await reader.cancel();
            throw new FeedFetchError(`feed ${url} is larger than ${maxBytes} bytes`);
          }
          chunks.push(value);
        }
      } catch (error) {
        if (error instanceof FeedFetchError) throw error;
        throw new FeedFetchError(`feed ${url} could not be read`, { cause: error });
      }
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}

export const SAMPLE_FEED_PATH = path.join(import.meta.dirname, '..', 'assets', 'sample-feed.xml');

/** The local stand-in used when no `FEED_URL` is configured: the bundled sample feed. */
export function createBundledFeed(file = SAMPLE_FEED_PATH): FeedSource {
  return { name: 'bundled sample feed', fetchXml: () => readFile(file, 'utf8') };
}

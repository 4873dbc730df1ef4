import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The refer-a-brand preview: the bff fetches the brand's page itself and reads its title. The
 * URL comes from a user, so the fetch must not become a way into our own network (SSRF):
 * - every address the host name resolves to must be public, or nothing is fetched;
 * - the connection goes to the address that was checked (no second DNS answer can swap it);
 * - each redirect is checked the same way, at most MAX_REDIRECTS of them;
 * - the whole fetch has a deadline and reads at most MAX_BYTES.
 * When the page cannot be read, the name comes from the domain.
 */

export const PREVIEW_TIMEOUT_MS = 3_000;
export const PREVIEW_MAX_BYTES = 256 * 1024;
const MAX_REDIRECTS = 3;

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** False for loopback, private, link-local, carrier-grade NAT, documentation and multicast. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(address, 'ipv4');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  return !blocked.check(address, 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export interface PagePreview {
  name: string;
  description: string;
  image_url: string;
}

export interface LinkPreviewOptions {
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
  /** Tests only: treat these addresses as public (a local server standing in for a site). */
  allowAddresses?: string[];
}

export class PreviewRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PreviewRefused';
  }
}

const defaultResolve: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** A brand's name from its website: `my-shop.co.uk/about` → `My Shop`. */
export function nameFromDomain(website: string): string {
  const host = website.replace(/^https?:\/\//i, '').split(/[/:]/)[0] ?? website;
  const labels = host.replace(/^www\./i, '').split('.');
  const main =
    labels.length > 2 && (labels.at(-2)?.length ?? 0) <= 3 ? labels.at(-3) : labels.at(-2);
  return (main ?? host)
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? parseInt(entity.slice(2), 16)
          : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function clean(text: string | undefined, max: number): string {
  return decodeEntities(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

function metaContent(html: string, key: string): string | undefined {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const named = new RegExp(`(?:property|name)\\s*=\\s*["']${key}["']`, 'i').test(tag);
    if (!named) continue;
    return /content\s*=\s*"([^"]*)"|content\s*=\s*'([^']*)'/i
      .exec(tag)
      ?.slice(1)
      .find((value) => value !== undefined);
  }
  return undefined;
}

/** Title, description and image of an HTML page (Open Graph first, then the plain tags). */
export function parsePreview(html: string, pageUrl: URL): PagePreview {
  const title = metaContent(html, 'og:title') ?? /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const description = metaContent(html, 'og:description') ?? metaContent(html, 'description');
  const image = metaContent(html, 'og:image');
  let imageUrl = '';
  if (image) {
    try {
      const resolved = new URL(decodeEntities(image), pageUrl);
      if (resolved.protocol === 'https:' || resolved.protocol === 'http:') imageUrl = resolved.href;
    } catch {
      imageUrl = '';
    }
  }
  return {
    name: clean(title, 100),
    description: clean(description, 2000),
    image_url: imageUrl.slice(0, 1000),
  };
}

export function createLinkPreview(options: LinkPreviewOptions = {}) {
  const resolve = options.resolve ?? defaultResolve;
  const timeoutMs = options.timeoutMs ?? PREVIEW_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? PREVIEW_MAX_BYTES;
  const allowed = new Set(options.allowAddresses ?? []);
  const acceptable = (address: string) => allowed.has(address) || isPublicAddress(address);

  /** Every address of the host must be acceptable; the first one is used. */
  async function vettedAddress(host: string): Promise<ResolvedAddress> {
    const bare = host.replace(/^\[|\]$/g, '');
    const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await resolve(bare);
    if (addresses.length === 0) throw new PreviewRefused(`${host} has no address`);
    const refused = addresses.find((entry) => !acceptable(entry.address));
    if (refused) throw new PreviewRefused(`${host} resolves to ${refused.address}`);
    return addresses[0]!;
  }

  function get(url: URL, address: ResolvedAddress, signal: AbortSignal) {
    // The socket connects to the vetted address whatever the name resolves to now.
    const lookup: LookupFunction = (_host, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all) {
        (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [
          address,
        ]);
      } else {
        callback(null, address.address, address.family);
      }
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<{ status: number; location?: string; body: string; type: string }>(
      (resolvePromise, reject) => {
        const request = client.get(
          url,
          {
            lookup,
            signal,
            headers: {
              'user-agent': 'BRND-link-preview/1.0',
              accept: 'text/html,application/xhtml+xml',
            },
          },
          (response) => {
            const status = response.statusCode ?? 0;
            const type = String(response.headers['content-type'] ?? '');
            if (status >= 300 && status < 400) {
              response.resume();
              resolvePromise({ status, location: response.headers.location, body: '', type });
              return;
            }
            const chunks: Buffer[] = [];
            let size = 0;
            response.on('data', (chunk: Buffer) => {
              size += chunk.length;
              // A title sits at the top of a page: keep what fits and stop reading.
              if (size > maxBytes) {
                chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
                response.destroy();
                resolvePromise({ status, body: Buffer.concat(chunks).toString('utf8'), type });
                return;
              }
              chunks.push(chunk);
            });
            response.on('end', () =>
              resolvePromise({ status, body: Buffer.concat(chunks).toString('utf8'), type }),
            );
            response.on('error', reject);
          },
        );
        request.on('error', reject);
      },
    );
  }

  /** Fetches and parses a page; throws PreviewRefused for a non-public target. */
  async function fetchPage(start: URL): Promise<PagePreview> {
    const signal = AbortSignal.timeout(timeoutMs);
    let url = start;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new PreviewRefused(`${url.protocol} is not fetched`);
      }
      const address = await vettedAddress(url.hostname);
      const answer = await get(url, address, signal);
      if (answer.location !== undefined) {
        url = new URL(answer.location, url);
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) {
        throw new Error(`${url.href} answered ${answer.status}`);
      }
      if (answer.type && !/html|xml/i.test(answer.type)) {
        throw new Error(`${url.href} is ${answer.type}`);
      }
      return parsePreview(answer.body, url);
    }
    throw new Error(`${start.href} redirects too often`);
  }

  return {
    fetchPage,
    /**
     * The preview of a brand website (a bare domain with an optional path, as WebsiteSchema
     * stores it): https first, then http; the domain's name when neither can be read.
     */
    async preview(website: string) {
      for (const scheme of ['https', 'http']) {
        try {
          const page = await fetchPage(new URL(`${scheme}://${website}`));
          if (page.name) return { website, ...page, found: true };
        } catch (error) {
          if (error instanceof PreviewRefused) break;
        }
      }
      return {
        website,
        name: nameFromDomain(website),
        description: '',
        image_url: '',
        found: false,
      };
    },
  };
}

export type LinkPreview = ReturnType<typeof createLinkPreview>;

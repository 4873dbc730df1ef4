import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Context, Next } from 'koa';
import { isServerPath } from './server-paths.ts';

/**
 * What an API answer carries of the pages' headers: the rest (the opener and agent-cluster
 * policies, frame options, prefetch and download switches, the XSS auditor's) only mean something
 * in a document. Its policy allows no source at all and no framing, stricter than any page's.
 */
const API_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
]);
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers: one set for pages, a shorter one for API answers (decision 089), since each
 * header costs bytes and a check on every answer. The HTML pages served under /api and /dev (the
 * API reference, the dev outbox) are named in `pagesUnderApi`.
 *
 * The pages' CSP fits the single-page app: its own scripts only, inline styles (React style
 * attributes, Radix positioning), images from anywhere over https (brand logos, blog images),
 * API calls to its own origin. Over plain http in development, nothing is upgraded to https and
 * no HSTS is sent, or localhost would break. A configured job board script
 * (`SITE_JOB_BOARD_SCRIPT_URL`) is the one third-party script allowed, by its origin. The card
 * exchange provider's origin is the one other place the page may call: the buy page posts the
 * card initialisation there itself, as the provider's protocol has it.
 */
export function securityHeaders(options: {
  production: boolean;
  jobBoardScriptUrl?: string;
  /** Origins the page calls directly (the card provider's). */
  connectOrigins?: string[];
  /** The HTML pages under /api and /dev: they get the pages' set. */
  pagesUnderApi?: string[];
}) {
  const jobBoardOrigin = options.jobBoardScriptUrl
    ? [new URL(options.jobBoardScriptUrl).origin]
    : [];
  const pageHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...jobBoardOrigin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'https:'],
        connectSrc: ["'self'", ...(options.connectOrigins ?? [])],
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'https:'],
        frameAncestors: ["'none'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.production
      ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true }
      : false,
    // Brand logos and blog images come from other origins.
    crossOriginEmbedderPolicy: false,
  });
  const apiHeaders: [string, string][] = [
    ['Content-Security-Policy', API_POLICY],
    ...pageHeaders.filter(([name]) => API_HEADERS.has(name.toLowerCase())),
  ];
  const pages = new Set(options.pagesUnderApi);
  return function setSecurityHeaders(ctx: Context, next: Next) {
    const { path } = ctx;
    const headers = isServerPath(path) && !pages.has(path) ? apiHeaders : pageHeaders;
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    return next();
  };
}

/**
 * The headers helmet sets, worked out once: with no per-request directive they are the same for
 * every answer, and helmet would rebuild the CSP string and run its dozen middlewares (through a
 * promise) on each request, a few per cent of a simple GET's CPU.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string) {
      headers.push([name, value]);
    },
    removeHeader() {},
  };
  let done = false;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      done = true;
    },
  );
  // helmet sets everything synchronously; a later version that did not would answer bare.
  if (!done || headers.length === 0) throw new Error('helmet set no headers synchronously');
  return headers;
}

import helmet from 'koa-helmet';

/**
 * Security headers. The CSP fits the single-page app: its own scripts only, inline styles (React
 * style attributes, Radix positioning), images from anywhere over https (brand logos, blog
 * images), API calls to its own origin. Over plain http in development, nothing is upgraded to
 * https and no HSTS is sent, or localhost would break. A configured job board script
 * (`SITE_JOB_BOARD_SCRIPT_URL`) is the one third-party script allowed, by its origin. The card
 * exchange provider's origin is the one other place the page may call: the buy page posts the
 * card initialisation there itself, as the provider's protocol has it.
 */
export function securityHeaders(options: {
  production: boolean;
  jobBoardScriptUrl?: string;
  /** Origins the page calls directly (the card provider's). */
  connectOrigins?: string[];
}) {
  const jobBoardOrigin = options.jobBoardScriptUrl
    ? [new URL(options.jobBoardScriptUrl).origin]
    : [];
  return helmet({
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
}

import { timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database.ts';
import { isServerPath } from './server-paths.ts';

/**
 * Prometheus metrics for operators (decision 034). Figures that live in PostgreSQL (orders by
 * status, the job queue) are read when scraped, so every replica reports the same totals; the
 * rest (HTTP latency, open streams, the chain watcher) is per replica.
 */
export interface Metrics {
  registry: Registry;
  /**
   * Records a finished request's latency, labelled by its route template (never the raw path)
   * and status (the front door calls it for every request).
   */
  observeRequest(ctx: Context, seconds: number): void;
  /** Serves `/metrics`; `token` set: only with `Authorization: Bearer <token>`. */
  endpoint(token: string | undefined): (ctx: Context, next: Next) => Promise<void> | void;
  openStreams: Gauge<'stream'>;
  /** The chain watcher reports each pass: when, and the head block it read (if it read one). */
  watcherPass(block: number | undefined): void;
  /** Jobs that failed, counted where they ran. */
  jobFailures: Counter<'queue'>;
}

/** Seconds: from a cached answer (~1 ms) to a slow chain call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Requests no route matched: one label, so a scanner probing paths cannot blow up the series. */
function routeLabel(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path === '/metrics') return '/metrics';
  if (isServerPath(ctx.path)) return 'unmatched';
  return 'static';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createMetrics({ db }: { db: Database }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'brnd_' });

  const httpDuration = new Histogram({
    name: 'brnd_http_request_duration_seconds',
    help: 'HTTP request latency by route template, method and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const openStreams = new Gauge({
    name: 'brnd_event_streams_open',
    help: 'Server-Sent Event streams open on this replica.',
    labelNames: ['stream'],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'brnd_job_failures_total',
    help: 'Background jobs that failed on this replica (each failed attempt).',
    labelNames: ['queue'],
    registers: [registry],
  });

  let watcher: { block: number | undefined; at: number } | undefined;
  new Gauge({
    name: 'brnd_chain_watcher_last_pass_age_seconds',
    help: 'Seconds since the deposit watcher on this replica last finished a pass over the chain.',
    registers: [registry],
    collect() {
      if (watcher) this.set((Date.now() - watcher.at) / 1000);
    },
  });
  new Gauge({
    name: 'brnd_chain_watcher_block',
    help: 'The chain head block the deposit watcher on this replica last read.',
    registers: [registry],
    collect() {
      if (watcher?.block !== undefined) this.set(watcher.block);
    },
  });

  new Gauge({
    name: 'brnd_orders',
    help: 'Token sale orders by kind and status (all replicas: read from PostgreSQL).',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      const rows = await db.query<{ kind: string; status: string; count: string }>(
        `SELECT currency AS kind, status::text, count(*)::text FROM crypto_orders GROUP BY 1, 2
         UNION ALL
         SELECT 'CARD', status, count(*)::text FROM card_orders GROUP BY 2`,
      );
      this.reset();
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: 'brnd_jobs',
    help: 'Jobs in the shared queue by queue and state (created and retry are the depth).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      // The queue's schema exists once a job queue has started; before that there is no depth.
      const rows = await db
        .query<{ name: string; state: string; count: string }>(
          `SELECT name, state::text, count(*)::text FROM pgboss.job GROUP BY 1, 2`,
        )
        .catch(() => []);
      this.reset();
      for (const row of rows) this.set({ queue: row.name, state: row.state }, Number(row.count));
    },
  });

  return {
    registry,
    openStreams,
    jobFailures,
    watcherPass(block) {
      watcher = { block: block ?? watcher?.block, at: Date.now() };
    },
    observeRequest(ctx, seconds) {
      // An event stream's "latency" is its lifetime: it would drown the route's real figures.
      if (ctx.state.eventStream) return;
      httpDuration.observe(
        { method: ctx.method, route: routeLabel(ctx), status: String(ctx.status) },
        seconds,
      );
    },
    endpoint(token) {
      // Not async itself: every other request passes through without a promise of its own.
      return function metricsPath(ctx, next) {
        return ctx.path === '/metrics' ? serveMetrics(ctx) : next();
      };
      async function serveMetrics(ctx: Context) {
        if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
          ctx.status = 405;
          ctx.set('Allow', 'GET, HEAD');
          return;
        }
        if (token !== undefined) {
          const given = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1] ?? '';
          if (!sameToken(given, token)) {
            ctx.status = 401;
            ctx.set('WWW-Authenticate', 'Bearer');
            ctx.body = { message: 'A metrics token is required.' };
            return;
          }
        }
        ctx.set('Content-Type', registry.contentType);
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await registry.metrics();
      }
    },
  };
}

import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  EVENT_STREAM_HEARTBEAT_MS,
  EVENT_STREAM_RETRY_MS,
  MAX_EVENT_STREAMS_PER_CLIENT,
  SaleProgressSchema,
  orderEvents,
  saleEvents,
  voteEvents,
  type SaleProgress,
} from '@brnd/contracts/api/events';
import { validationFailure } from '@brnd/contracts/api/validation';
import Router from '@koa/router';
import type { Context } from 'koa';
import * as v from 'valibot';
import type { Logger } from '../logger.ts';
import { DomainError } from '../services/errors.ts';
import type { LiveEvent, LiveEvents } from '../services/live-events.ts';
import type { OrderService } from '../services/orders/service.ts';
import type { SaleService } from '../services/sale.ts';
import type { SessionService } from '../services/sessions.ts';
import { contestMonth, type Clock } from '../services/votes.ts';
import { ValidationError } from './errors.ts';
import type { Metrics } from './metrics.ts';

/**
 * Server-Sent Event streams (contracts/api/events.ts, decision 035). Each stream reads the state
 * it carries when the database announces a change (services/live-events.ts) and sends it when
 * it differs from what the client has. An event's id is a digest of its data, so a client that
 * reconnects with `Last-Event-ID` is sent the state only if it changed meanwhile, on whichever
 * replica it lands.
 */

interface Deps {
  live: LiveEvents | undefined;
  sessions: SessionService;
  orders: OrderService;
  sales: SaleService;
  clock: Clock;
  metrics: Metrics;
  logger: Logger;
}

const digest = (data: unknown) =>
  createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 16);

export function eventStreamRouter(deps: Deps): Router {
  const { live, metrics, logger } = deps;
  const router = new Router();
  /** Open streams per client key, on this replica. */
  const perClient = new Map<string, number>();

  /**
   * Answers `ctx` with an event stream. `onEvent` runs for every live event (and once at the
   * start, with `resync`) and may call `send`; the stream ends when the client goes or the
   * replica shuts down.
   */
  function openStream(
    ctx: Context,
    name: string,
    clientKey: string,
    onEvent: (event: LiveEvent, send: (event: string, data: unknown) => void) => Promise<void>,
  ) {
    if (!live) throw new DomainError(503, 'errors.server');
    const open = perClient.get(clientKey) ?? 0;
    if (open >= MAX_EVENT_STREAMS_PER_CLIENT) {
      throw new DomainError(429, 'errors.tooManyStreams', { retryAfterSeconds: 60 });
    }
    perClient.set(clientKey, open + 1);
    metrics.openStreams.inc({ stream: name });

    const body = new PassThrough();
    let lastId = ctx.get('last-event-id') || undefined;
    let ended = false;
    // One read at a time per stream; an event arriving meanwhile is read after it, once.
    let running: Promise<void> | undefined;
    let again: LiveEvent | undefined;

    const send = (event: string, data: unknown) => {
      const id = digest(data);
      if (id === lastId || ended) return;
      lastId = id;
      body.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const handle = (event: LiveEvent) => {
      if (ended) return;
      if (event.topic === 'shutdown') return end();
      if (running) {
        again = event.topic === 'resync' || !again ? event : again;
        return;
      }
      running = onEvent(event, send)
        .catch((error: unknown) => logger.warn(`${name}: could not read the state`, { err: error }))
        .finally(() => {
          running = undefined;
          const next = again;
          again = undefined;
          if (next) handle(next);
        });
    };
    const heartbeat = setInterval(() => body.write(': ping\n\n'), EVENT_STREAM_HEARTBEAT_MS);
    const unsubscribe = live.subscribe(handle);
    function end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      const left = (perClient.get(clientKey) ?? 1) - 1;
      if (left > 0) perClient.set(clientKey, left);
      else perClient.delete(clientKey);
      metrics.openStreams.dec({ stream: name });
      body.end();
    }
    // The response's close, not the request's: a GET's request closes once it has been read.
    ctx.res.on('close', end);
    body.on('error', end);

    // A stream lives as long as the client wants it: no socket timeout, no proxy buffering.
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.state.eventStream = true;
    ctx.status = 200;
    ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.body = body;
    body.write(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`);
    handle({ topic: 'resync' });
  }

  async function userOf(ctx: Context) {
    const token = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
    const auth = token ? await deps.sessions.authenticate(token) : null;
    if (!auth) {
      ctx.set('WWW-Authenticate', 'Bearer');
      throw new DomainError(401, 'errors.unauthorized');
    }
    return auth.user.id;
  }

  router.get(orderEvents.path, async (ctx) => {
    const userId = await userOf(ctx);
    const parsed = v.safeParse(orderEvents.params, { ...ctx.params });
    if (!parsed.success) throw new ValidationError(validationFailure(parsed.issues));
    const { uuid } = parsed.output;
    // Someone else's order, or none: 404 before any stream opens, as the poll answers.
    const first = await deps.orders.verify(userId, uuid);
    let pending: typeof first | undefined = first;
    openStream(ctx, orderEvents.id, `user:${userId}`, async (event, send) => {
      if (event.topic === 'order' && event.uuid !== uuid) return;
      if (event.topic === 'sale' || event.topic === 'votes') return;
      const order = pending ?? (await deps.orders.verify(userId, uuid));
      pending = undefined;
      send('order', order);
    });
  });

  // Every sale stream of this replica shares one read per change: a change bumps the generation
  // (this listener runs before the streams', it subscribed first), and the first stream to ask
  // starts the read the others reuse.
  let generation = 0;
  let sale: { generation: number; progress: Promise<SaleProgress> } | undefined;
  live?.subscribe((event) => {
    if (event.topic === 'sale' || event.topic === 'resync') generation += 1;
  });
  const saleProgress = () => {
    if (sale?.generation !== generation) {
      const progress = deps.sales.sale().then((full) => v.parse(SaleProgressSchema, full));
      sale = { generation, progress };
      progress.catch(() => {
        sale = undefined;
      });
    }
    return sale.progress;
  };
  router.get(saleEvents.path, async (ctx) => {
    openStream(ctx, saleEvents.id, `ip:${ctx.ip}`, async (event, send) => {
      if (event.topic !== 'sale' && event.topic !== 'resync') return;
      send('sale', await saleProgress());
    });
  });

  router.get(voteEvents.path, async (ctx) => {
    openStream(ctx, voteEvents.id, `ip:${ctx.ip}`, async (event, send) => {
      // Tallies carry their count: nothing to read. A reconnecting client reloads the lists.
      if (event.topic !== 'votes' || event.month !== contestMonth(deps.clock())) return;
      send('votes', { brandId: Number(event.brand), votes: event.votes });
    });
  });

  return router;
}

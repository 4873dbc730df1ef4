import * as v from 'valibot';
import type { AuthMode } from './endpoint.ts';
import { CryptoOrderSchema, verifyOrder } from './orders.ts';
import { SaleSchema } from './sale-schemas.ts';

/**
 * Live updates by Server-Sent Events (decision 035). A stream answers `text/event-stream`: each
 * event is `id:` (the state it carries, for `Last-Event-ID`), `event:` (a key of `events`) and
 * `data:` (one JSON value matching that key's schema). A stream opens with the current state,
 * unless the client's `Last-Event-ID` says it already has it, then sends each change.
 * Comment lines (`: ping`) keep proxies from closing an idle stream.
 *
 * A client that cannot hold a stream (a proxy that buffers, a refused 429) falls back to polling
 * the matching JSON endpoint (`pollsEndpoint`), so a stream is never the only way to a state.
 */
export interface EventStream<
  TParams extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  TEvents extends Record<string, v.GenericSchema> = Record<string, v.GenericSchema>,
> {
  readonly id: string;
  readonly method: 'GET';
  /** `:name` placeholders, as in the endpoint table. */
  readonly path: string;
  readonly auth: AuthMode;
  readonly params: TParams;
  readonly events: TEvents;
  /** The JSON endpoint that serves the same state by polling. */
  readonly pollsEndpoint: string;
}

/* @__NO_SIDE_EFFECTS__ */
function defineEventStream<
  const TParams extends v.GenericSchema | undefined,
  const TEvents extends Record<string, v.GenericSchema>,
>(definition: Omit<EventStream<TParams, TEvents>, 'method'>): EventStream<TParams, TEvents> {
  return { method: 'GET', ...definition };
}

/** The server writes a comment this often on an idle stream. */
export const EVENT_STREAM_HEARTBEAT_MS = 15_000;
/** What the server tells a client to wait before reconnecting (the `retry:` field). */
export const EVENT_STREAM_RETRY_MS = 3_000;
/**
 * Open streams one user (or, for public streams, one client address) may hold on one replica;
 * one more answers 429 and the client polls instead. A few tabs are normal, hundreds are not.
 */
export const MAX_EVENT_STREAMS_PER_CLIENT = 6;

/** An order's status and payments, for its owner (anyone else: 404, like the poll). */
export const orderEvents = defineEventStream({
  id: 'orderEvents',
  path: '/api/orders/:uuid/events',
  auth: 'required',
  params: verifyOrder.params,
  events: { order: CryptoOrderSchema },
  pollsEndpoint: 'verifyOrder',
});

/** The sale's progress: what the progress bars and the tier table show. */
export const SaleProgressSchema = v.pick(SaleSchema, [
  'raised',
  'goal',
  'activeTier',
  'price',
  'stages',
]);
export type SaleProgress = v.InferOutput<typeof SaleProgressSchema>;

export const saleEvents = defineEventStream({
  id: 'saleEvents',
  path: '/api/sale/events',
  auth: 'none',
  params: undefined,
  events: { sale: SaleProgressSchema },
  pollsEndpoint: 'sale',
});

/** A brand's tally in the running contest month, each time it changes. */
export const BrandVotesSchema = v.object({
  brandId: v.number(),
  votes: v.number(),
});
export type BrandVotes = v.InferOutput<typeof BrandVotesSchema>;

export const voteEvents = defineEventStream({
  id: 'voteEvents',
  path: '/api/brands/votes/events',
  auth: 'none',
  params: undefined,
  events: { votes: BrandVotesSchema },
  pollsEndpoint: 'topRatedBrands',
});

export const eventStreams = { orderEvents, saleEvents, voteEvents } as const;
export const eventStreamList: readonly EventStream[] = Object.values(eventStreams);

import pg from 'pg';
import type { Logger } from '../logger.ts';

/**
 * The fan-out of live updates across replicas (decision 035): triggers (migration 0095) NOTIFY
 * `brnd_events` when an order, the sale or a vote tally changes (a vote's tally is announced by
 * the votes service after the commit, many at once: decision 052); each replica holds one LISTEN
 * connection and hands every notification to the streams it serves. Whatever replica (or job)
 * made the change, every replica hears it once it is committed.
 */
export const EVENTS_CHANNEL = 'brnd_events';

export type LiveEvent =
  | { topic: 'order'; uuid: string }
  | { topic: 'sale' }
  | { topic: 'votes'; brand: number; month: string; votes: number }
  /** The LISTEN connection was re-established: changes may have been missed, re-read state. */
  | { topic: 'resync' }
  /** This replica is shutting down: streams end, so their clients reconnect elsewhere. */
  | { topic: 'shutdown' };

export interface LiveEvents {
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Resolves once the LISTEN connection is up (tests wait for it before changing data). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_DELAY_MS = 1_000;

function parse(payload: string | undefined): LiveEvent | undefined {
  try {
    const event = JSON.parse(payload ?? '') as LiveEvent;
    return ['order', 'sale', 'votes'].includes(event.topic) ? event : undefined;
  } catch {
    return undefined;
  }
}

export function startLiveEvents({ url, logger }: { url: string; logger: Logger }): LiveEvents {
  const listeners = new Set<(event: LiveEvent) => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let connected: Promise<void>;
  let everConnected = false;

  const emit = (event: LiveEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        logger.error('a live event listener failed', { err: error });
      }
    }
  };

  async function connect(): Promise<void> {
    while (!closed) {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        const event = parse(message.payload);
        if (event) emit(event);
      });
      next.on('error', (error) => logger.warn('live events connection failed', { err: error }));
      next.on('end', () => {
        if (closed || client !== next) return;
        client = undefined;
        connected = connect();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${EVENTS_CHANNEL}`);
        client = next;
        if (everConnected) emit({ topic: 'resync' });
        everConnected = true;
        return;
      } catch (error) {
        logger.warn('could not listen for live events; retrying', { err: error });
        await next.end().catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
      }
    }
  }
  connected = connect();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => connected,
    async close() {
      closed = true;
      emit({ topic: 'shutdown' });
      listeners.clear();
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

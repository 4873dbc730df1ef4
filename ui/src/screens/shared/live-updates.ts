import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Brand } from '@brnd/contracts/api/brand-listings';
import type { StreamInput } from '@brnd/contracts/api/client';
import { ApiError } from '@brnd/contracts/api/errors';
import {
  EVENT_STREAM_RETRY_MS,
  orderEvents,
  saleEvents,
  voteEvents,
  type EventStream,
} from '@brnd/contracts/api/events';
import type { CryptoOrder } from '@brnd/contracts/api/orders';
import type { Sale } from '@brnd/contracts/api/sale';
import { useApiClient } from '../../api.tsx';
import { BRANDS_KEY } from './brand-votes.ts';

/** Network drops in a row before the hook stops trying (the screen keeps polling). */
const MAX_RECONNECTS = 5;

/**
 * Holds a server event stream while `enabled`, reconnecting with `Last-Event-ID` after a drop.
 * Answers whether the stream is open now: a screen polls (as the spec says, every 5 s) whenever
 * it is not, so a proxy that buffers, a refused stream or a server without them changes nothing
 * but the delay.
 */
export function useEventStream<S extends EventStream>(
  stream: S,
  options: {
    enabled: boolean;
    params?: StreamInput<S>['params'];
    onEvent: StreamInput<S>['onEvent'];
    /** After a reconnect: events may have been missed (streams without a snapshot reload). */
    onReconnect?: () => void;
  },
): boolean {
  const api = useApiClient();
  const [open, setOpen] = useState(false);
  const latest = useRef(options);
  latest.current = options;
  const key = JSON.stringify(options.params ?? {});

  useEffect(() => {
    if (!options.enabled) return;
    const controller = new AbortController();
    let lastEventId: string | undefined;
    let drops = 0;
    let opened = false;
    void (async () => {
      while (!controller.signal.aborted && drops <= MAX_RECONNECTS) {
        try {
          await api.stream(stream, {
            params: JSON.parse(key) as StreamInput<S>['params'],
            ...(lastEventId ? { lastEventId } : {}),
            signal: controller.signal,
            onOpen() {
              if (opened) latest.current.onReconnect?.();
              opened = true;
              drops = 0;
              setOpen(true);
            },
            onEvent(event, data, id) {
              if (id) lastEventId = id;
              latest.current.onEvent(event, data, id);
            },
          });
        } catch (error) {
          // Refused (not found, too many streams, none on this server): polling it is.
          if (error instanceof ApiError && error.status !== 0) break;
        }
        setOpen(false);
        drops += 1;
        await new Promise((resolve) => setTimeout(resolve, EVENT_STREAM_RETRY_MS * drops));
      }
      if (!controller.signal.aborted) setOpen(false);
    })();
    return () => {
      controller.abort();
      setOpen(false);
    };
  }, [api, stream, key, options.enabled]);

  return open;
}

/** The order's status and payments pushed into its query (`['order', uuid]`). */
export function useOrderEvents(uuid: string): boolean {
  const queryClient = useQueryClient();
  return useEventStream(orderEvents, {
    enabled: true,
    params: { uuid },
    onEvent: (_event, order) => queryClient.setQueryData<CryptoOrder>(['order', uuid], order),
  });
}

/** Raised, goal, tier and stages pushed into the sale query (`['sale']`). */
export function useSaleEvents(): boolean {
  const queryClient = useQueryClient();
  return useEventStream(saleEvents, {
    enabled: true,
    onEvent: (_event, progress) =>
      queryClient.setQueryData<Sale>(['sale'], (sale) => {
        if (!sale) return sale;
        const tiers = sale.tiers.map((tier) => ({
          ...tier,
          active: tier.id === progress.activeTier,
        }));
        return { ...sale, ...progress, tiers };
      }),
  });
}

/** This month's vote counts pushed into every cached brand list and brand. */
export function useVoteEvents(): boolean {
  const queryClient = useQueryClient();
  return useEventStream(voteEvents, {
    enabled: true,
    onEvent: (_event, { brandId, votes }) => {
      const update = (brand: Brand) => (brand.id === brandId ? { ...brand, votes } : brand);
      queryClient.setQueriesData<unknown>({ queryKey: [BRANDS_KEY] }, (data: unknown) => {
        if (Array.isArray(data)) return (data as Brand[]).map(update);
        if (data && typeof data === 'object' && 'id' in data) return update(data as Brand);
        return data;
      });
    },
    // Tallies carry no snapshot: what changed during the drop is read again.
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: [BRANDS_KEY] }),
  });
}

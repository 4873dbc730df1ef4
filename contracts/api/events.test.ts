// @vitest-environment node
import { expect, test } from 'vitest';
import { createApiClient } from './client.ts';
import { ApiError } from './errors.ts';
import { orderEvents, saleEvents } from './events.ts';

const ORDER = {
  uuid: '6a1e9c2e-8f4b-4a7d-9d51-0c2b7e4f1a33',
  currency: 'ETH',
  status: 3,
};

/** A text/event-stream answer delivered in awkward pieces, as a network delivers it. */
function streamOf(pieces: string[], status = 200) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

test('a stream delivers each valid event with its id, carrying the token and Last-Event-ID', async () => {
  const requests: Request[] = [];
  const sale = { raised: 10, goal: 100, activeTier: 1, price: 0.0015, stages: [] };
  const client = createApiClient({
    baseUrl: 'http://api.test',
    getToken: () => 'token-1',
    fetch: async (input, init) => {
      requests.push(new Request(input, init));
      return streamOf([
        'retry: 3000\n\n: ping\n\nid: a1\nev',
        `ent: sale\ndata: ${JSON.stringify(sale)}\n\n`,
        // Not the contract's shape: dropped, never handed to a screen.
        'id: a2\nevent: sale\ndata: {"raised":"lots"}\n\n',
        `id: a3\r\nevent: sale\r\ndata: ${JSON.stringify({ ...sale, raised: 20 })}\r\n\r\n`,
      ]);
    },
  });
  const seen: unknown[] = [];
  await client.stream(saleEvents, {
    lastEventId: 'a0',
    signal: new AbortController().signal,
    onEvent: (event, data, id) => seen.push([event, data, id]),
  });
  expect(seen).toEqual([
    ['sale', sale, 'a1'],
    ['sale', { ...sale, raised: 20 }, 'a3'],
  ]);
  expect(requests[0]?.url).toBe('http://api.test/api/sale/events');
  expect(requests[0]?.headers.get('last-event-id')).toBe('a0');
  // A public stream never carries the session.
  expect(requests[0]?.headers.get('authorization')).toBeNull();
});

test('a refused stream rejects with the server’s error, so the screen polls', async () => {
  const client = createApiClient({
    baseUrl: 'http://api.test',
    getToken: () => 'token-1',
    fetch: async (input, init) => {
      expect(new Request(input, init).headers.get('authorization')).toBe('Bearer token-1');
      return Response.json(
        { message: 'Too many live connections.', messageId: 'errors.tooManyStreams' },
        { status: 429 },
      );
    },
  });
  const refused = client.stream(orderEvents, {
    params: { uuid: ORDER.uuid },
    signal: new AbortController().signal,
    onEvent: () => {},
  });
  await expect(refused).rejects.toBeInstanceOf(ApiError);
  await expect(refused).rejects.toMatchObject({ status: 429 });
});

test('a page that answers HTML instead of a stream (a buffering proxy, no server) is refused', async () => {
  const client = createApiClient({
    fetch: async () =>
      new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }),
  });
  await expect(
    client.stream(saleEvents, { signal: new AbortController().signal, onEvent: () => {} }),
  ).rejects.toMatchObject({ status: 503 });
});

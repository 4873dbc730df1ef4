import { randomUUID } from 'node:crypto';
import { vote } from '@brnd/contracts/api/brands';
import { MAX_EVENT_STREAMS_PER_CLIENT } from '@brnd/contracts/api/events';
import { SESSION_TOKEN_COOKIE } from '@brnd/contracts/domain/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contestMonth } from '../services/votes.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { call, registerVerifiedUser } from '../testing/http.ts';

// Two replicas on one database: what one writes, a stream held by the other must push.
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await startTestApp({ seed: true });
  b = await startTestApp({ databaseUrl: a.db.url });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

interface SseEvent {
  id?: string;
  event?: string;
  data: unknown;
}

/** Reads a text/event-stream answer event by event, as a browser would. */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let at: number;
          while ((at = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            const fields = Object.fromEntries(
              block
                .split('\n')
                .filter((line) => line && !line.startsWith(':'))
                .map((line) => [
                  line.slice(0, line.indexOf(':')),
                  line.slice(line.indexOf(':') + 2),
                ]),
            ) as Record<string, string>;
            if (fields.data === undefined) continue;
            events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data) });
            waiters.splice(0).forEach((wake) => wake());
          }
        }
      } catch {
        // Aborted by the test.
      }
      ended = true;
      waiters.splice(0).forEach((wake) => wake());
    })();
  }
  return {
    response,
    events,
    ended: () => ended,
    /** Resolves with the first event (from `from` on) that matches, within 5 s. */
    async next(match: (event: SseEvent) => boolean, from = 0): Promise<SseEvent> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = events.slice(from).find(match);
        if (found) return found;
        if (ended || Date.now() > deadline) throw new Error('no such event arrived');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => controller.abort(),
  };
}

async function userId(db: TestApp['db'], email: string) {
  const [row] = await db.query<{ id: string }>(
    'SELECT id::text FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return row!.id;
}

/** A BTC order waiting for its payment, as buytokens leaves it. */
async function openOrder(owner: string, usd = 50) {
  const uuid = randomUUID();
  await a.db.query(
    `INSERT INTO crypto_orders (uuid, user_id, currency, usd, token_price, tokens, expected_units,
       deposit_address, gateway_invoice_id, payment_uri, required_confirmations, expires_at)
     VALUES ($1, $2, 'BTC', $3, 0.002, $4, 100000, $5, $6, 'bitcoin:x', 1,
       now() + interval '15 minutes')`,
    [uuid, owner, usd, usd / 0.002, `bc1q${uuid.slice(0, 8)}`, `inv-${uuid}`],
  );
  return uuid;
}

const markPaid = (uuid: string) =>
  a.db.query(
    `UPDATE crypto_orders SET status = 3, paid_at = now(), paid_units = expected_units,
       confirmations = 1, updated_at = now() WHERE uuid = $1`,
    [uuid],
  );

test('a payment recorded by one replica reaches the owner and the sale streams on another', async () => {
  const { user, token } = await registerVerifiedUser(a.baseUrl);
  const uuid = await openOrder(await userId(a.db, user.email), 40);

  const order = await openStream(`${b.baseUrl}/api/orders/${uuid}/events`, {
    authorization: `Bearer ${token}`,
  });
  expect(order.response.status).toBe(200);
  expect(order.response.headers.get('content-type')).toContain('text/event-stream');
  const sale = await openStream(`${b.baseUrl}/api/sale/events`);
  const before = (await sale.next((event) => event.event === 'sale')).data as { raised: number };
  expect(await order.next((event) => event.event === 'order')).toMatchObject({
    data: { uuid, status: 1 },
  });

  await markPaid(uuid);

  expect(
    await order.next((event) => (event.data as { status: number }).status === 3),
  ).toMatchObject({ event: 'order', data: { uuid, status: 3 } });
  const after = await sale.next(
    (event) => (event.data as { raised: number }).raised !== before.raised,
  );
  expect((after.data as { raised: number }).raised).toBe(before.raised + 40);
  order.close();
  sale.close();
});

test('an order stream is its owner’s alone', async () => {
  const owner = await registerVerifiedUser(a.baseUrl);
  const other = await registerVerifiedUser(a.baseUrl);
  const uuid = await openOrder(await userId(a.db, owner.user.email));
  const anonymous = await fetch(`${b.baseUrl}/api/orders/${uuid}/events`);
  expect(anonymous.status).toBe(401);
  const stranger = await fetch(`${b.baseUrl}/api/orders/${uuid}/events`, {
    headers: { authorization: `Bearer ${other.token}` },
  });
  expect(stranger.status).toBe(404);
  expect(await stranger.json()).toMatchObject({ messageId: 'errors.notFound' });
});

test('the browser opens its order stream on its cookie session (no bearer header)', async () => {
  const { user, token } = await registerVerifiedUser(a.baseUrl);
  const uuid = await openOrder(await userId(a.db, user.email));
  const order = await openStream(`${b.baseUrl}/api/orders/${uuid}/events`, {
    cookie: `${SESSION_TOKEN_COOKIE}=${token}`,
  });
  expect(order.response.status).toBe(200);
  expect(await order.next((event) => event.event === 'order')).toMatchObject({
    data: { uuid, status: 1 },
  });
  order.close();
});

test('a client reconnecting with Last-Event-ID gets only what changed since', async () => {
  const { user, token } = await registerVerifiedUser(a.baseUrl);
  const uuid = await openOrder(await userId(a.db, user.email));
  const auth = { authorization: `Bearer ${token}` };
  const first = await openStream(`${a.baseUrl}/api/orders/${uuid}/events`, auth);
  const seen = await first.next((event) => event.event === 'order');
  first.close();

  // Reconnected to the other replica with the id it had: nothing to repeat.
  const again = await openStream(`${b.baseUrl}/api/orders/${uuid}/events`, {
    ...auth,
    'last-event-id': seen.id!,
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(again.events).toEqual([]);
  await markPaid(uuid);
  const paid = await again.next(() => true);
  expect(paid).toMatchObject({ event: 'order', data: { status: 3 } });
  expect(paid.id).not.toBe(seen.id);
  again.close();
});

test('the voting page hears a brand’s tally of this month change', async () => {
  const votes = await openStream(`${b.baseUrl}/api/brands/votes/events`);
  expect(votes.response.status).toBe(200);
  const [brand] = await a.db.query<{ id: string }>('SELECT id::text FROM brands LIMIT 1');
  const [tally] = await a.db.query<{ votes: number }>(
    `INSERT INTO brand_month_votes (brand_id, month, votes, reached_at) VALUES ($1, $2, 1, now())
     ON CONFLICT (brand_id, month) DO UPDATE SET votes = brand_month_votes.votes + 1
     RETURNING votes`,
    [brand!.id, contestMonth(new Date())],
  );
  expect(await votes.next(() => true)).toMatchObject({
    event: 'votes',
    data: { brandId: Number(brand!.id), votes: tally!.votes },
  });
  votes.close();
});

test('votes cast on one replica are announced, batched after their commits, on another', async () => {
  const stream = await openStream(`${b.baseUrl}/api/brands/votes/events`);
  const [brand] = await a.db.query<{ id: string }>(
    `INSERT INTO brands (name, website, industry) VALUES ('Announced', 'announced.example', 'tools')
     RETURNING id::text`,
  );
  const voters = await Promise.all([
    registerVerifiedUser(a.baseUrl),
    registerVerifiedUser(a.baseUrl),
  ]);
  const answers = await Promise.all(
    voters.map(({ token }) => call(a.baseUrl, vote, { token, body: { brand_id: brand!.id } })),
  );
  expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  // The last announcement carries the committed tally of both votes.
  expect(
    await stream.next(
      (event) => event.event === 'votes' && (event.data as { votes: number }).votes === 2,
    ),
  ).toMatchObject({ event: 'votes', data: { brandId: Number(brand!.id), votes: 2 } });
  stream.close();
});

test('one client holds a bounded number of streams; one more is refused, and closing frees one', async () => {
  const streams = [];
  for (let i = 0; i < MAX_EVENT_STREAMS_PER_CLIENT; i += 1) {
    streams.push(await openStream(`${a.baseUrl}/api/sale/events`));
  }
  const refused = await fetch(`${a.baseUrl}/api/sale/events`);
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ messageId: 'errors.tooManyStreams' });
  streams.pop()?.close();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const reopened = await openStream(`${a.baseUrl}/api/sale/events`);
  expect(reopened.response.status).toBe(200);
  for (const stream of [...streams, reopened]) stream.close();
});

test('a replica shutting down ends its streams, so browsers reconnect elsewhere', async () => {
  const c = await startTestApp({ databaseUrl: a.db.url });
  const stream = await openStream(`${c.baseUrl}/api/sale/events`);
  await stream.next(() => true);
  await c.close();
  await expect.poll(() => stream.ended()).toBe(true);
});

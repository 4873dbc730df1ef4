import Router from '@koa/router';
import { CARD_CALLBACK_PATH, CARD_SIGNATURE_HEADER } from '@brnd/contracts/api/card-provider';
import { SUCCESS } from '@brnd/contracts/api/accounts';
import { buyTokens, kantor, orders, verifyOrder } from '@brnd/contracts/api/orders';
import type { Context } from 'koa';
import { payoutAsTransaction } from '@brnd/contracts/api/wallet';
import type { CryptoOrder, Transaction } from '@brnd/contracts/api/orders';
import type { Idempotency, MarkDone } from '../services/idempotency.ts';
import type { OrderService } from '../services/orders/service.ts';
import type { PayoutService } from '../services/payouts.ts';
import { BTCPAY_SIGNATURE_HEADER, GATEWAY_WEBHOOK_PATH } from '../providers/crypto-gateway.ts';
import { DomainError, tooManyAttempts } from '../services/errors.ts';
import type { RateLimiter } from '../services/rate-limits.ts';
import { authedRoute, type Route } from './route.ts';

/** One kind of row in the transactions list; crypto and card orders join as further sources. */
export type TransactionSource = (userId: string) => Promise<Transaction[]>;

export function payoutTransactions(payouts: PayoutService): TransactionSource {
  return async (userId) => (await payouts.list(userId)).map(payoutAsTransaction);
}

/** Every source's rows, newest first; ties keep the order the sources were given in. */
export async function mergedTransactions(
  sources: readonly TransactionSource[],
  userId: string,
): Promise<Transaction[]> {
  const rows = (await Promise.all(sources.map((source) => source(userId)))).flat();
  return rows.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/** Crypto and card orders as rows of the transactions list. */
export function saleTransactions(service: OrderService): TransactionSource {
  return (userId) => service.transactions(userId);
}

export function orderRoutes({
  sources,
  orders: service,
  idempotency,
}: {
  sources: readonly TransactionSource[];
  orders?: OrderService;
  /** Unset: `Idempotency-Key` is not honoured (tests of other areas). */
  idempotency?: Idempotency;
}): Route[] {
  /** The work once per user, endpoint and `Idempotency-Key` (docs/decisions/027). */
  const once = <T>(
    endpoint: string,
    userId: string,
    key: string | undefined,
    body: unknown,
    work: () => Promise<T>,
  ) => (idempotency ? idempotency.run({ userId, endpoint, key }, body, work) : work());
  const saleRoutes: Route[] = service
    ? [
        authedRoute(buyTokens, ({ auth, body, headers }) => {
          const answer = (order: CryptoOrder) => ({
            message: SUCCESS as typeof SUCCESS,
            response: order,
          });
          const input = { usd: body.amount, currency: body.selected_payMethod };
          if (!idempotency) return service.buyTokens(auth.user.id, input).then(answer);
          // The order and its key's answer commit together (decision 027).
          return idempotency.runAtomically(
            { userId: auth.user.id, endpoint: buyTokens.id, key: headers['idempotency-key'] },
            body,
            async (markDone: MarkDone<ReturnType<typeof answer>>) =>
              answer(
                await service.buyTokens(auth.user.id, input, (order, transaction) =>
                  markDone(answer(order), transaction),
                ),
              ),
          );
        }),
        authedRoute(verifyOrder, async ({ auth, params }) => ({
          message: SUCCESS,
          response: await service.verify(auth.userId, params.uuid),
        })),
        // The browser's amounts are not used: the order is built from the provider's record.
        authedRoute(kantor, ({ auth, body, headers }) =>
          once(kantor.id, auth.user.id, headers['idempotency-key'], body, async () => ({
            message: SUCCESS,
            ...(await service.recordCardOrder(auth.user.id, body.cashTxHash)),
          })),
        ),
      ]
    : [];
  return [
    ...saleRoutes,
    authedRoute(orders, async ({ auth, query }) => {
      // Few rows per user (payouts now, orders in issue 4): merging in memory keeps each source simple.
      const all = await mergedTransactions(sources, auth.user.id);
      const offset = query.offset ?? 0;
      const end = query.limit === undefined ? undefined : offset + query.limit;
      return { orders: { rows: all.slice(offset, end), count: all.length } };
    }),
  ];
}

const WEBHOOK_BODY_LIMIT = 64 * 1024;
/** Notifications one source address may send each provider endpoint in a minute. */
export const PROVIDER_NOTIFICATIONS_PER_MINUTE = 120;

/** The exact bytes the provider signed: read before any body parser touches them. */
async function rawBody(ctx: Context): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > WEBHOOK_BODY_LIMIT) throw new DomainError(413, 'errors.validation');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The payment providers' notifications (not in the route table: they are the providers'
 * protocol, not our API). Mounted before the body parser, because the signature covers the raw
 * bytes. 2xx tells the provider to stop retrying; 4xx says the notification is refused.
 */
export function providerWebhooks(service: OrderService, limiter?: RateLimiter): Router {
  const router = new Router();
  // Per source address, in PostgreSQL like the login throttle (decision 027): a flood is refused
  // before it is read or stored; BTCPay retries a 429, so a genuine burst is only delayed.
  router.use(async (ctx, next) => {
    if (limiter && (ctx.path === GATEWAY_WEBHOOK_PATH || ctx.path === CARD_CALLBACK_PATH)) {
      const hit = await limiter.hit(
        `provider:${ctx.path}:${ctx.ip}`,
        PROVIDER_NOTIFICATIONS_PER_MINUTE,
        60_000,
      );
      if (!hit.allowed) throw tooManyAttempts(hit.retryAfterSeconds);
    }
    await next();
  });
  router.post(GATEWAY_WEBHOOK_PATH, async (ctx) => {
    await service.handleGatewayWebhook(
      await rawBody(ctx),
      ctx.get(BTCPAY_SIGNATURE_HEADER) || undefined,
    );
    ctx.body = { message: SUCCESS };
  });
  router.post(CARD_CALLBACK_PATH, async (ctx) => {
    await service.handleCardCallback(
      await rawBody(ctx),
      ctx.get(CARD_SIGNATURE_HEADER) || undefined,
    );
    ctx.body = { message: SUCCESS };
  });
  return router;
}

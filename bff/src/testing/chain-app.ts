import { randomUUID } from 'node:crypto';
import { startAnvil, type Anvil } from '@brnd/contracts/chain/anvil';
import { LEDGER_ACCOUNTS, ONE_TOKEN, userAccount } from '../services/ledger.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { startSaleWatcher } from '../jobs/sale-watch.ts';
import { createOperator } from '../services/operators.ts';
import type { OrderService } from '../services/orders/service.ts';
import { createPasswordHasher, TEST_ARGON2_COST } from '../services/passwords.ts';
import { seedLiveSale, type SaleService } from '../services/sale.ts';
import { loginToken, registerVerifiedUser } from './http.ts';

/** A test app on its own dev chain (one per test file): contracts deployed, payouts queued. */
export async function startChainTestApp(): Promise<{ anvil: Anvil; app: TestApp }> {
  const anvil = await startAnvil();
  const app = await startTestApp({
    chain: {
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      treasuryPrivateKey: anvil.accounts[0]?.privateKey as string,
    },
  });
  return { anvil, app };
}

/** A verified user who bought `tokens` BRND in the sale (a ledger credit, as a paid order makes). */
export async function userWithTokens(app: TestApp, tokens: bigint) {
  const { token, user } = await registerVerifiedUser(app.baseUrl);
  const [row] = await app.db.query<{ id: string }>(
    'SELECT id FROM users WHERE lower(email) = lower($1)',
    [user.email],
  );
  const userId = row?.id as string;
  const { ledger } = app.services;
  await ledger.ensureUserAccount(userId);
  await ledger.post({
    idempotencyKey: `order:${randomUUID()}:paid`,
    entries: [
      { account: LEDGER_ACCOUNTS.sale, amount: -tokens * ONE_TOKEN },
      { account: userAccount(userId), amount: tokens * ONE_TOKEN },
    ],
    metadata: { kind: 'sale', usd: (Number(tokens) * 0.003).toFixed(2) },
  });
  return { token, userId };
}

/** Polls `read` until `done` holds (10 s at most). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out waiting');
}

/**
 * A test app selling BRND for ETH on its own anvil: a live sale, a deposit watcher ticked by the
 * test (`watcher.tick()`), and a signed-in operator for the payment desk.
 */
export async function startEthSaleTestApp(operator: { email: string; password: string }) {
  const anvil = await startAnvil();
  const app = await startTestApp({
    chain: {
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      treasuryPrivateKey: anvil.accounts[0]?.privateKey as string,
    },
    sale: () => ({ chainId: anvil.chainId, ethConfirmations: 1, usdPerEth: 2000 }),
  });
  const stack: { sales: SaleService; orders: OrderService } = app.services;
  await seedLiveSale(stack.sales);
  const watcher = startSaleWatcher({
    orders: stack.orders,
    provider: app.chain!.provider,
    logger: console as never,
    intervalMs: 0,
  });
  await createOperator(app.db, createPasswordHasher(TEST_ARGON2_COST), operator);
  const operatorToken = await loginToken(app.baseUrl, operator.email, operator.password);
  return {
    anvil,
    app,
    stack,
    watcher,
    operatorToken,
    async close() {
      await watcher.stop();
      await app.close();
      await anvil.stop();
    },
  };
}

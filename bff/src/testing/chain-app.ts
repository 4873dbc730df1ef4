import { randomUUID } from 'node:crypto';
import { startAnvil, type Anvil } from '@brnd/contracts/chain/anvil';
import { LEDGER_ACCOUNTS, ONE_TOKEN, createLedger, userAccount } from '../services/ledger.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { registerVerifiedUser } from './http.ts';

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
  const ledger = createLedger(app.db);
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

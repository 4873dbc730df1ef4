import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { databaseName } from '../db/database.ts';
import { createMemoryLogger } from '../logger.ts';
import { createOutboxMailer } from '../providers/mail.ts';
import { LEDGER_ACCOUNTS, ONE_TOKEN, userAccount } from '../services/ledger.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { registerVerifiedUser } from '../testing/http.ts';
import { createDatabaseFromTemplate, dropDatabase } from '../testing/test-database.ts';
import { queuedMailer, startMailWorker } from './mail.ts';
import { startJobQueue, type JobQueue } from './queue.ts';

/**
 * A receipt is queued in the transaction that moves the money (decision 056): a process that dies
 * right after the commit, before any after-commit work, still leaves the receipt queued, and a
 * credit rolled back leaves none. The mail goes the production way: pg-boss job, worker, outbox.
 */

const info = inject('brndTestDatabase');
let databaseUrl: string;
let queue: JobQueue;
let app: TestApp;

beforeAll(async () => {
  databaseUrl = await createDatabaseFromTemplate(info);
  queue = await startJobQueue(databaseUrl, createMemoryLogger());
  app = await startTestApp({ databaseUrl, mailer: queuedMailer(queue) });
  await startMailWorker(queue, createOutboxMailer(app.db), createMemoryLogger(), {
    retryDelaySeconds: 1,
    retryLimit: 2,
  });
});
afterAll(async () => {
  await queue?.stop();
  await app?.close();
  await dropDatabase(info.serverUrl, databaseName(databaseUrl));
});

async function verifiedUser() {
  const { user } = await registerVerifiedUser(app.baseUrl);
  const [row] = await app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    user.email,
  ]);
  return { email: user.email, id: row?.id as string };
}

/** Receipt jobs queued for `email`, whatever their state (waiting, sent or archived). */
async function receiptJobs(email: string): Promise<number> {
  const [row] = await app.db.query<{ count: string }>(
    `SELECT count(*) FROM (
       SELECT data FROM pgboss.job WHERE name = 'mail-send'
       UNION ALL SELECT data FROM pgboss.archive WHERE name = 'mail-send') j
     WHERE j.data->>'to' = $1 AND j.data->>'subject' LIKE 'Receipt:%'`,
    [email],
  );
  return Number(row?.count ?? 0);
}

async function receiptsInOutbox(email: string) {
  return app.db.query<{ subject: string }>(
    `SELECT subject FROM outbox WHERE recipient = $1 AND subject LIKE 'Receipt:%'`,
    [email],
  );
}

async function until(check: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}

/** A paid card order of `tokens` BRND, credited to the user, and its paid hooks run. */
async function creditCardOrder(
  userId: string,
  tokens: number,
  transaction: Parameters<TestApp['services']['orders']['runPaidHooks']>[1],
) {
  const hash = `card-${randomUUID()}`;
  await app.db.query(
    `INSERT INTO card_orders (cash_tx_hash, user_id, status, pln, usd, token_price, tokens,
       provider_tokens, second_step_url, paid_at)
     VALUES ($1, $2, 'paid', 40, 10, 0.003, $3::bigint, $3::numeric, 'https://card.example/2', now())`,
    [hash, userId, tokens],
    { transaction },
  );
  await app.services.ledger.ensureUserAccount(userId, { transaction });
  await app.services.ledger.post(
    {
      idempotencyKey: `order:${hash}:paid`,
      entries: [
        { account: LEDGER_ACCOUNTS.sale, amount: -BigInt(tokens) * ONE_TOKEN },
        { account: userAccount(userId), amount: BigInt(tokens) * ONE_TOKEN },
      ],
      metadata: { kind: 'sale', usd: '10.00' },
    },
    { transaction },
  );
  await app.services.orders.runPaidHooks(
    { orderId: hash, kind: 'card', method: 'PLN', userId, usd: 10, tokens },
    transaction,
  );
}

/** Stands for the process dying the moment the commit returns: no after-commit work runs. */
function dieAfterCommit(transaction: Parameters<typeof creditCardOrder>[2]) {
  transaction.afterCommit(() => {
    throw new Error(DIED);
  });
}
const DIED = 'the process died after the commit';

test('a purchase receipt survives a process that dies right after the credit commits', async () => {
  const buyer = await verifiedUser();
  await expect(
    app.db.transaction(async (transaction) => {
      dieAfterCommit(transaction);
      await creditCardOrder(buyer.id, 3333, transaction);
    }),
  ).rejects.toThrow(DIED);

  // The credit committed, and so did its receipt, with it.
  expect(await app.services.ledger.balance(userAccount(buyer.id))).toBe(3333n * ONE_TOKEN);
  expect(await receiptJobs(buyer.email)).toBe(1);
  await until(async () => (await receiptsInOutbox(buyer.email)).length > 0);
  expect(await receiptsInOutbox(buyer.email)).toEqual([
    { subject: expect.stringMatching(/^Receipt: 3,333\sBRND/) },
  ]);
});

test('a payout receipt is queued with the confirming transaction, and not by one rolled back', async () => {
  const payee = await verifiedUser();
  const event = {
    payoutId: randomUUID(),
    userId: payee.id,
    amount: 250n * ONE_TOKEN,
    address: '0x00000000000000000000000000000000000000aa',
    txHash: `0x${'ab'.repeat(32)}`,
  };
  await expect(
    app.db.transaction(async (transaction) => {
      await app.services.receipts.payoutSent(event, transaction);
      throw new Error('the confirmation failed');
    }),
  ).rejects.toThrow('the confirmation failed');
  expect(await receiptJobs(payee.email)).toBe(0);

  await expect(
    app.db.transaction(async (transaction) => {
      dieAfterCommit(transaction);
      await app.services.receipts.payoutSent(event, transaction);
    }),
  ).rejects.toThrow(DIED);
  expect(await receiptJobs(payee.email)).toBe(1);
  await until(async () => (await receiptsInOutbox(payee.email)).length > 0);
  // Sent once: the worker took the one job.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(await receiptsInOutbox(payee.email)).toHaveLength(1);
});

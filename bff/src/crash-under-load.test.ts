import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { changeMobile, confirmEmail, confirmMobile, signup } from '@brnd/contracts/api/accounts';
import { vote } from '@brnd/contracts/api/brands';
import { buyTokens } from '@brnd/contracts/api/orders';
import { claimPayout, wallet } from '@brnd/contracts/api/wallet';
import { startAnvil, type Anvil } from '@brnd/contracts/chain/anvil';
import { connectContract, jsonRpcProvider } from '@brnd/contracts/chain/connect';
import { deployPlatformContracts, type PlatformContracts } from '@brnd/contracts/chain/deploy';
import { BRND } from '@brnd/contracts/chain/generated/index';
import { ORDER_STATUS, VOTES_PER_WINDOW } from '@brnd/contracts/domain/constants';
import { verificationCodeFrom } from '@brnd/contracts/api/dev';
import { NonceManager, Wallet, computeAddress } from 'ethers';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { devMinterKey } from './chain/dev-keys.ts';
import { databaseName, openDatabase, type Database } from './db/database.ts';
import { ONE_TOKEN } from './services/ledger.ts';
import {
  call,
  loginToken,
  readOutbox,
  newUser,
  proveWallet,
  smsCode,
  storedMobile,
  type NewUser,
} from './testing/http.ts';
import { startServerProcess, type ServerProcess } from './testing/server-process.ts';
import { createDatabaseFromTemplate, dropDatabase } from './testing/test-database.ts';

/**
 * A crash under load (issue #17, decision 055): two bff processes on one PostgreSQL and one
 * anvil serve sign-ups, logins, votes, ETH orders paid on chain, referrals and payouts; both are
 * SIGKILLed mid-run (one, then the other, so for a moment none is up) and started again. The
 * clients ask again after a lost answer, as a browser or an API client would. Afterwards the
 * books must hold: a balanced ledger without negative balances, one vote credit per vote and no
 * one past the vote limit, each paid order and referral reward credited once, each payout on
 * chain once, and every queued e-mail and SMS delivered.
 */

const info = inject('brndTestDatabase');
let anvil: Anvil;
let contracts: PlatformContracts;
let databaseUrl: string;
let db: Database;
let dataDir: string;
let treasuryNonceBefore: number;
const TREASURY = 0;
/** Pays for the orders; no other part of the stack uses it. */
const PAYER = 3;

beforeAll(async () => {
  anvil = await startAnvil();
  const deployer = new Wallet(
    anvil.accounts[TREASURY]?.privateKey as string,
    jsonRpcProvider(anvil.rpcUrl, anvil.chainId),
  );
  contracts = await deployPlatformContracts(deployer, {
    treasury: deployer.address,
    minter: computeAddress(devMinterKey()),
    unbondingSeconds: 3600,
  });
  treasuryNonceBefore = await deployer.getNonce('latest');
  databaseUrl = await createDatabaseFromTemplate(info);
  db = openDatabase(databaseUrl, { poolMax: 2 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'brnd-crash-load-'));
}, 60_000);

afterAll(async () => {
  await db?.close();
  if (databaseUrl) await dropDatabase(info.serverUrl, databaseName(databaseUrl));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await anvil?.stop();
});

function startServer(): Promise<ServerProcess> {
  return startServerProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    STATIC_DIR: dataDir,
    LOG_LEVEL: 'error',
    // One secret for both, as replicas of one deployment share it.
    SESSION_SECRET: 'crash-under-load-session-secret-of-both-instances',
    // Each sign-up speaks as a client of its own (X-Forwarded-For), clear of the sign-up throttle.
    TRUST_PROXY: 'true',
    SALE_WATCH_INTERVAL_MS: '500',
    CHAIN_RPC_URL: anvil.rpcUrl,
    CHAIN_ID: String(anvil.chainId),
    TREASURY_PRIVATE_KEY: anvil.accounts[TREASURY]?.privateKey as string,
    BRND_ADDRESS: contracts.brnd,
    BRAND_TOKEN_FACTORY_ADDRESS: contracts.brandTokenFactory,
    STAKING_ADDRESS: contracts.staking,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The two instances; an entry is undefined while that one is down. */
const instances: (ServerProcess | undefined)[] = [undefined, undefined];

/** A client's view: any instance that is up (they sit behind one address in production). */
async function anyInstance(): Promise<string> {
  for (;;) {
    const up = instances.filter((instance) => instance !== undefined);
    if (up.length > 0) return up[randomInt(up.length)]!.baseUrl;
    await sleep(100);
  }
}

/**
 * Asks again, on whichever instance is up, after a lost answer (connection refused or reset) or a
 * 5xx, as clients do; every step it is used for is safe to repeat (idempotency keys, unique votes).
 */
async function retried<T extends { status: number }>(
  step: (baseUrl: string) => Promise<T>,
  give: { upToMs: number } = { upToMs: 30_000 },
): Promise<T> {
  const deadline = Date.now() + give.upToMs;
  for (;;) {
    const result = await step(await anyInstance()).catch(() => undefined);
    if (result && result.status < 500) return result;
    if (Date.now() > deadline) throw new Error(`still failing (${result?.status ?? 'no answer'})`);
    await sleep(200);
  }
}

/**
 * A step that is not an HTTP answer (reading the outbox): asked again until it succeeds. A mail
 * or SMS job a killed instance held waits for its expiry and pg-boss's next maintenance pass.
 */
const JOB_RECOVERY_MS = 150_000;
async function eventually<T>(
  step: (baseUrl: string) => Promise<T>,
  upToMs = JOB_RECOVERY_MS,
): Promise<T> {
  const deadline = Date.now() + upToMs;
  for (;;) {
    try {
      return await step(await anyInstance());
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
}

interface Member {
  user: NewUser;
  id: string;
  token: string;
  referralCode: string;
  referredBy?: string;
}

const members: Member[] = [];
/** Orders paid on chain: uuid and buyer. */
const paidOrders: { uuid: string; buyer: Member }[] = [];
/** Payout wallets, one per member who claimed. */
const payoutAddresses = new Map<string, string>();
const voted = new Set<Member>();
let running = true;
const failures: string[] = [];

/** The verification link's code: a retried sign-up also mails a "you have an account" notice. */
async function verificationCode(baseUrl: string, email: string): Promise<string> {
  const mails = (await readOutbox(baseUrl)).filter(
    (message) => message.channel === 'email' && message.to === email,
  );
  const code = mails.map((mail) => verificationCodeFrom(mail.text)).find(Boolean);
  if (!code) throw new Error(`no verification link to ${email} yet`);
  return code;
}

/** Sign-up, e-mail link, phone code, log-in: the whole registration, half of it referred. */
async function register(referrer: Member | undefined): Promise<void> {
  const user = newUser();
  const body = { ...user, ...(referrer ? { referral_code: referrer.referralCode } : {}) };
  // A fixed client address: a retried sign-up is the same client asking again.
  const headers = { 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` };
  const created = await retried((url) => call(url, signup, { body, headers }));
  expect(created.status).toBe(201);
  const code = await eventually((url) => verificationCode(url, user.email));
  await retried((url) => call(url, confirmEmail, { body: { verification_code: code } }));
  const mobile = storedMobile(user.mobile);
  // A retry inside the cooldown is refused (429); the code the first one sent stands.
  await retried((url) =>
    call(url, changeMobile, { body: { verification_code: code, mobile: user.mobile } }),
  );
  const sms = await eventually((url) => smsCode(url, mobile));
  // A retry after a lost success finds the code used up: the account is verified all the same,
  // which the log-in below shows (it answers a session, not the phone step).
  await retried((url) =>
    call(url, confirmMobile, {
      body: { verification_code: code, mobile_verification_code: sms },
    }),
  );
  const token = await eventually((url) => loginToken(url, user.email, user.password));
  const [row] = await db.query<{ id: string; referral_code: string }>(
    'SELECT id, referral_code FROM users WHERE email = $1 AND phone_verified_at IS NOT NULL',
    [user.email],
  );
  if (!row) throw new Error(`${user.email} is not verified`);
  members.push({
    user,
    id: row.id,
    token,
    referralCode: row.referral_code,
    ...(referrer ? { referredBy: referrer.id } : {}),
  });
}

async function signUps() {
  while (running) {
    const referrer = members.length > 0 && randomInt(2) === 0 ? members[0] : undefined;
    await register(referrer).catch((error: unknown) => failures.push(`sign-up: ${error}`));
  }
}

/** Each member votes for every brand in turn, past the limit; re-logs in now and then. */
async function votes(brandIds: string[]) {
  while (running) {
    const member = members.find((candidate) => !voted.has(candidate));
    if (!member) {
      await sleep(200);
      continue;
    }
    voted.add(member);
    try {
      for (const brandId of brandIds) {
        await retried((url) =>
          call(url, vote, { token: member.token, body: { brand_id: brandId } }),
        );
      }
      member.token = await eventually((url) =>
        loginToken(url, member.user.email, member.user.password),
      );
    } catch (error) {
      failures.push(`votes: ${error}`);
    }
  }
}

/** ETH orders, each paid on chain in full from the payer's wallet. */
async function orders() {
  const provider = jsonRpcProvider(anvil.rpcUrl, anvil.chainId);
  const payer = new NonceManager(new Wallet(anvil.accounts[PAYER]!.privateKey, provider));
  try {
    await ordersPaidBy(payer);
  } finally {
    provider.destroy();
  }
}

async function ordersPaidBy(payer: NonceManager) {
  while (running) {
    const buyer = members[randomInt(Math.max(members.length, 1))];
    if (!buyer) {
      await sleep(200);
      continue;
    }
    // A retry is the same request: the same key and body.
    const key = randomUUID();
    const body = { amount: String(10 + randomInt(20)), selected_payMethod: 'ETH' } as const;
    const created = await retried((url) =>
      call(url, buyTokens, { token: buyer.token, headers: { 'idempotency-key': key }, body }),
    );
    const order = created.data?.response;
    if (!order) {
      failures.push(`order answered ${created.status}`);
      continue;
    }
    const match = /^ethereum:(0x[0-9a-fA-F]{40})@\d+\?value=(\d+)$/.exec(order.payment_uri);
    const sent = await payer.sendTransaction({ to: match![1], value: BigInt(match![2]!) });
    await sent.wait();
    paidOrders.push({ uuid: order.uuid, buyer });
    await sleep(300);
  }
}

/** Members who voted withdraw their whole balance once, to a wallet they prove. */
async function payouts() {
  while (running) {
    const member = members.find(
      (candidate) => voted.has(candidate) && !payoutAddresses.has(candidate.id),
    );
    if (!member) {
      await sleep(300);
      continue;
    }
    const balance = await retried((url) => call(url, wallet, { token: member.token }));
    const tokens = balance.data?.wallet[0]?.brnd_tokens ?? 0;
    if (tokens < 1) {
      await sleep(300);
      continue;
    }
    const signer = Wallet.createRandom();
    const proved = await retried((url) =>
      proveWallet(url, member.token, signer, member.user.password),
    );
    if (proved.status !== 200) {
      failures.push(`wallet proof answered ${proved.status}`);
      continue;
    }
    const key = randomUUID();
    const claimed = await retried((url) =>
      call(url, claimPayout, {
        token: member.token,
        headers: { 'idempotency-key': key },
        body: { brnd_tokens: String(tokens) },
      }),
    );
    if (claimed.status === 202) payoutAddresses.set(member.id, signer.address);
    else failures.push(`claim answered ${claimed.status}`);
  }
}

/** A worker that throws is recorded (the test fails) and started again while traffic runs. */
async function resilient(name: string, worker: () => Promise<void>) {
  while (running) await worker().catch((error: unknown) => failures.push(`${name}: ${error}`));
}

/** Runs `work` until it is true, or fails naming what it waited for and what was done. */
async function until(what: string, work: () => Promise<boolean>, upToMs: number) {
  const deadline = Date.now() + upToMs;
  while (!(await work())) {
    if (Date.now() > deadline) {
      const done = `${members.length} members, ${paidOrders.length} orders paid, ${payoutAddresses.size} payouts`;
      throw new Error(`still waiting for ${what} (${done}; failures: ${failures.join('; ')})`);
    }
    await sleep(250);
  }
}

const count = async (sql: string, values: unknown[] = []) =>
  Number(
    (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM (${sql}) q`, values))[0]!.n,
  );

test('two instances SIGKILLed under mixed traffic and restarted: nothing lost, nothing twice', async () => {
  try {
    [instances[0], instances[1]] = await Promise.all([startServer(), startServer()]);
    const brandIds = (
      await db.query<{ id: string }>(
        `SELECT id::text FROM brands ORDER BY id LIMIT ${VOTES_PER_WINDOW + 3}`,
      )
    ).map((row) => row.id);
    expect(brandIds.length).toBeGreaterThan(VOTES_PER_WINDOW);

    const traffic = Promise.all([
      resilient('sign-ups', signUps),
      resilient('sign-ups', signUps),
      resilient('votes', () => votes(brandIds)),
      resilient('orders', orders),
      resilient('payouts', payouts),
    ]);
    // Members, an order paid and a payout claimed before the crash; traffic goes on meanwhile.
    await until(
      'traffic in every flow',
      async () => members.length >= 2 && paidOrders.length >= 1 && payoutAddresses.size >= 1,
      180_000,
    );

    // Both die without a word, one after the other; for a moment none is up.
    await instances[0]!.stop('SIGKILL');
    instances[0] = undefined;
    await sleep(1_500);
    await instances[1]!.stop('SIGKILL');
    instances[1] = undefined;
    await sleep(1_000);
    [instances[0], instances[1]] = await Promise.all([startServer(), startServer()]);
    // More of every flow after the restart.
    const [membersBefore, ordersBefore] = [members.length, paidOrders.length];
    await until(
      'traffic after the restart',
      async () =>
        members.length >= membersBefore + 2 &&
        paidOrders.length >= ordersBefore + 2 &&
        payoutAddresses.size >= 2,
      180_000,
    );
    running = false;
    await traffic;

    // Settling: every order paid on chain credited, every payout final, every job done.
    await until(
      'paid orders',
      async () =>
        (await count(`SELECT 1 FROM crypto_orders WHERE status = ${ORDER_STATUS.PAID}`)) ===
        paidOrders.length,
      60_000,
    );
    await until(
      'final payouts',
      async () =>
        (await count(`SELECT 1 FROM payouts WHERE status NOT IN ('confirmed', 'failed')`)) === 0,
      60_000,
    );
    await until(
      'mail and SMS delivered',
      async () =>
        (await count(
          `SELECT 1 FROM pgboss.job WHERE name IN ('mail-send', 'sms-send') AND state <> 'completed'`,
        )) === 0,
      JOB_RECOVERY_MS,
    );

    expect(failures).toEqual([]);

    // The ledger: every transaction balanced, every balance its entries, none negative.
    expect(
      await count('SELECT transaction_id FROM ledger_entries GROUP BY 1 HAVING sum(amount) <> 0'),
    ).toBe(0);
    expect(
      await count(`SELECT 1 FROM ledger_accounts a
          LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY 1) e
            ON e.account_id = a.id
          WHERE a.balance <> coalesce(e.total, 0)`),
    ).toBe(0);
    expect(
      await count('SELECT 1 FROM ledger_accounts WHERE NOT allow_negative AND balance < 0'),
    ).toBe(0);

    // Votes: each credited once to its voter, no one past the limit, the voters at it.
    const voteCount = await count('SELECT 1 FROM votes');
    expect(voteCount).toBe(voted.size * VOTES_PER_WINDOW);
    expect(
      await count(
        `SELECT 1 FROM votes v
           JOIN ledger_transactions t ON t.idempotency_key = 'vote:' || v.id
           JOIN ledger_entries e ON e.transaction_id = t.id
           WHERE e.account_id = 'user:' || v.user_id AND e.amount = $1`,
        [ONE_TOKEN.toString()],
      ),
    ).toBe(voteCount);
    expect(
      await count(`SELECT 1 FROM ledger_transactions WHERE idempotency_key LIKE 'vote:%'`),
    ).toBe(voteCount);
    expect(
      await count(`SELECT user_id FROM votes GROUP BY 1 HAVING count(*) > ${VOTES_PER_WINDOW}`),
    ).toBe(0);

    // Orders: each paid one credited once, with its tokens; nothing else credited.
    const credits = await db.query<{
      uuid: string;
      credits: string;
      credited: string | null;
      tokens: string;
    }>(
      `SELECT o.uuid::text, o.tokens::text,
           (SELECT count(*) FROM ledger_transactions t
            WHERE t.idempotency_key = 'order:' || o.uuid || ':paid')::text AS credits,
           (SELECT sum(e.amount) FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
            WHERE t.idempotency_key = 'order:' || o.uuid || ':paid' AND e.account_id = 'user:' || o.user_id)::text AS credited
         FROM crypto_orders o WHERE o.uuid = ANY($1::uuid[])`,
      [paidOrders.map((order) => order.uuid)],
    );
    expect(credits).toHaveLength(paidOrders.length);
    for (const order of credits) {
      expect(order.credits).toBe('1');
      expect(order.credited).toBe((BigInt(order.tokens) * ONE_TOKEN).toString());
    }
    expect(
      await count(`SELECT 1 FROM ledger_transactions WHERE idempotency_key LIKE 'order:%:paid'`),
    ).toBe(paidOrders.length);

    // Referrals: one sign-up reward per referred member, one sale share per referred order.
    const referred = members.filter((member) => member.referredBy);
    for (const member of referred) {
      expect(
        await count(
          `SELECT 1 FROM referral_rewards WHERE kind = 'signup' AND referred_user_id = $1`,
          [member.id],
        ),
      ).toBe(1);
    }
    const referredOrders = paidOrders.filter((order) => order.buyer.referredBy);
    for (const order of referredOrders) {
      expect(
        await count(`SELECT 1 FROM referral_rewards WHERE kind = 'sale' AND subject = $1`, [
          order.uuid,
        ]),
      ).toBe(1);
    }

    // Payouts: each confirmed one on chain exactly once, in full; none left in flight.
    const provider = jsonRpcProvider(anvil.rpcUrl, anvil.chainId);
    const brnd = connectContract(BRND, contracts.brnd, provider);
    const transfers = await brnd.queryFilter(brnd.getEvent('Transfer'));
    const stored = await db.query<{ to_address: string; amount: string; status: string }>(
      'SELECT to_address, amount::text, status FROM payouts',
    );
    expect(stored.map((payout) => payout.to_address).sort()).toEqual(
      [...payoutAddresses.values()].sort(),
    );
    for (const payout of stored) {
      const to = transfers.filter((log) => 'args' in log && log.args[1] === payout.to_address);
      expect(payout.status).toBe('confirmed');
      expect(to).toHaveLength(1);
      expect(String((to[0] as { args: unknown[] }).args[2])).toBe(payout.amount);
    }
    // Every treasury nonce went to one stored transaction: nothing signed twice or off the books.
    expect(await provider.getTransactionCount(anvil.accounts[TREASURY]!.address, 'latest')).toBe(
      treasuryNonceBefore +
        (await count('SELECT 1 FROM treasury_nonces WHERE account = $1', [
          anvil.accounts[TREASURY]!.address.toLowerCase(),
        ])),
    );
    provider.destroy();
    expect(
      await count(
        `SELECT 1 FROM ledger_accounts WHERE id LIKE 'payouts:in_flight%' AND balance <> 0`,
      ),
    ).toBe(0);

    // Jobs: every e-mail and SMS queued reached the catcher or the SMS simulator.
    const undelivered = await db.query<{ recipient: string }>(
      `SELECT j.data->>'to' AS recipient FROM pgboss.job j
         WHERE j.name IN ('mail-send', 'sms-send')
           AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.recipient = j.data->>'to'
             AND o.channel = CASE j.name WHEN 'mail-send' THEN 'email' ELSE 'sms' END)`,
    );
    expect(undelivered).toEqual([]);
  } finally {
    running = false;
    for (const instance of instances) await instance?.stop('SIGTERM');
  }
}, 420_000);

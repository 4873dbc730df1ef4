import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser } from '@playwright/test';
import { JsonRpcProvider, NonceManager, Wallet } from 'ethers';
import { login } from '@brnd/contracts/api/accounts';
import { adminOrder, resolveOrder } from '@brnd/contracts/api/admin-orders';
import { createApiClient } from '@brnd/contracts/api/client';
import { ApiError } from '@brnd/contracts/api/errors';
import { signInVerifiedUser, createOperator } from './accounts.ts';
import { emailMatch } from './outbox.ts';
import { DEV_WALLETS, order } from './sale.ts';

/**
 * An ETH order paid only in part, decided by an operator in the console once its quote expired
 * (docs/decisions/016). The quote must run out within the test, so this spec starts a server of
 * its own (the real stack as serve.ts starts it, with its own database and dev chain) with a
 * short ETH_QUOTE_SECONDS; the shared e2e server keeps the 15 minutes the sale spec checks.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 4173) + 1;
const baseURL = `http://localhost:${port}`;
const dataDir = path.join(root, '.data', `e2e-payments-${port}-${Date.now()}`);
const QUOTE_SECONDS = 40;
const OPERATOR = { email: 'cashier-e2e@brnd.example', password: 'Cash13r!e2e' };

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/serve.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: baseURL,
      E2E_DATA_DIR: dataDir,
      ETH_QUOTE_SECONDS: String(QUOTE_SECONDS),
    },
    stdio: 'ignore',
  });
  await expect(async () => {
    const health = await fetch(`${baseURL}/api/health`);
    expect(health.ok).toBe(true);
  }).toPass({ timeout: 170_000, intervals: [1_000] });
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

async function newPage(browser: Browser) {
  return (await browser.newContext({ baseURL })).newPage();
}

test('a buyer part-pays an ETH order, sees where the money is after it expires, and an operator’s credit reaches their e-mail, balance, activity and spend', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  createOperator(OPERATOR, dataDir);

  // The buyer orders 100 USD of BRND in ETH and sends two fifths of the amount.
  const buyer = await newPage(browser);
  const buyerUser = await signInVerifiedUser(buyer, 'partial-eth');
  const tokens = await order(buyer, 'Ether (ETH)', '100');
  await expect(buyer).toHaveURL(/\/user\/buytoken\/[0-9a-f-]{36}$/);
  const uuid = buyer.url().split('/').pop() as string;
  const uri = await buyer.getByRole('link', { name: 'Open your wallet' }).getAttribute('href');
  const [, address, chainId, wei] = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)\?value=(\d+)$/.exec(
    uri ?? '',
  ) as RegExpExecArray;
  const info = await (await buyer.request.get('/dev/info')).json();
  const provider = new JsonRpcProvider(info.rpcUrl, Number(chainId), { staticNetwork: true });
  const wallet = new NonceManager(new Wallet(DEV_WALLETS.saleBuyer, provider));
  const part = (BigInt(wei as string) * 2n) / 5n;
  await (await wallet.sendTransaction({ to: address as string, value: part })).wait();
  await provider.send('anvil_mine', ['0x3']);
  provider.destroy();
  await expect(buyer.getByText(/We received .* Still to pay/)).toBeVisible({ timeout: 30_000 });
  // The QR code and the wallet link now ask for the rest only.
  const rest = BigInt(wei as string) - part;
  await expect(buyer.getByRole('link', { name: 'Open your wallet' })).toHaveAttribute(
    'href',
    `ethereum:${address}@${chainId}?value=${rest}`,
  );
  await expect(buyer.getByRole('button', { name: 'Copy amount' })).toBeVisible();

  // The quote runs out: the page says what arrived and that a person decides, never "refunded".
  await expect(buyer.getByRole('heading', { name: 'This order has expired' })).toBeVisible({
    timeout: (QUOTE_SECONDS + 30) * 1000,
  });
  await expect(
    buyer.getByText('The order expired before the full amount arrived', { exact: false }),
  ).toBeVisible();
  await expect(buyer.getByText(/What happens next: our team checks the payment/)).toBeVisible();
  await expect(buyer.getByText(/status 6|refunded/i)).toHaveCount(0);

  // The operator finds the order; once the quote has run out it waits for a decision.
  const operator = await newPage(browser);
  await operator.goto('/admin/orders');
  await operator.getByLabel('E-mail address').fill(OPERATOR.email);
  await operator.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await operator.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(operator).toHaveURL(/\/admin\/orders$/);
  await expect(operator).toHaveTitle('Orders and payments | BRND');
  await operator.getByLabel('Order uuid or card transaction').fill(uuid);
  await operator.getByRole('button', { name: 'Search' }).click();
  await operator.getByRole('link', { name: `Details of order ${uuid}` }).click();
  await expect(operator.getByText('Partial payment', { exact: true })).toBeVisible();
  const submit = operator.getByRole('button', { name: 'Record decision' });
  await expect(async () => {
    await operator.reload();
    await expect(submit).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: (QUOTE_SECONDS + 60) * 1000, intervals: [3_000] });

  // The credit is the BRND two fifths of the money buy at the order's price, rounded down.
  const hint = await operator.getByText(/Credits [\d,]+\sBRND \(/).textContent({ timeout: 5_000 });
  const credit = Number(/Credits ([\d,]+)\sBRND/.exec(hint ?? '')?.[1]?.replace(/,/g, ''));
  expect(credit).toBeLessThanOrEqual(Math.floor((tokens * 2) / 5));
  expect(credit).toBeGreaterThanOrEqual(Math.floor((tokens * 2) / 5) - 1);
  await submit.click();
  // The decision can't be changed: a dialog names it, and only its own button records it.
  const confirm = operator.getByRole('dialog', { name: /^Credit [\d,]+\sBRND to / });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm
    .getByRole('button', { name: `Credit ${credit.toLocaleString('en-US')} BRND` })
    .click();
  await expect(
    operator
      .getByRole('region', { name: 'Notifications' })
      .getByText(`Credited ${credit.toLocaleString('en-US')} BRND`),
  ).toBeVisible();
  await expect(submit).toHaveCount(0);

  const shown = `${credit.toLocaleString('en-US')} BRND`;
  await buyer.goto('/user/dashboard');
  await expect(buyer.getByRole('region', { name: 'Your BRND' })).toContainText(shown);

  // The buyer is told by e-mail, and the order's page, the activity and the spend agree.
  const mailed = await emailMatch(
    buyer.request,
    buyerUser.email,
    /[\d,]+\sBRND are now on your balance/,
  );
  expect(mailed).toBe(`${credit.toLocaleString('en-US')}\u00a0BRND are now on your balance`);
  await buyer.goto(`/user/buytoken/${uuid}`);
  await expect(
    buyer.getByText(`our team credited ${credit.toLocaleString('en-US')} BRND`, { exact: false }),
  ).toBeVisible();
  await buyer.goto('/user/transactions');
  const activityRow = buyer.getByRole('row', { name: /Credited by our team for a payment/ });
  await expect(activityRow).toContainText(`+${credit.toLocaleString('en-US')}`);
  await activityRow.getByRole('link', { name: /Open order/ }).click();
  await expect(buyer).toHaveURL(new RegExp(`/user/buytoken/${uuid}$`));
  await buyer.goto('/user/wallet');
  const spent = buyer.getByText('Spent in the token sale').locator('xpath=following-sibling::dd');
  await expect(spent).not.toHaveText('$0.00');

  // A second attempt (a replayed request) is refused and credits nothing more.
  const session = await createApiClient({ baseUrl: baseURL }).call(login, { body: OPERATOR });
  const token = 'token' in session ? session.token : undefined;
  const api = createApiClient({ baseUrl: baseURL, getToken: () => token });
  const { order: decided } = await api.call(adminOrder, { params: { id: uuid } });
  expect(decided.resolutions).toHaveLength(1);
  expect(decided.needs_decision).toBe(false);
  const again = await api
    .call(resolveOrder, {
      params: { id: uuid },
      body: { decision: 'credit', paid_amount: decided.paid_amount },
    })
    .catch((error: unknown) => error);
  expect(again).toBeInstanceOf(ApiError);
  expect((again as ApiError).status).toBe(409);
  await buyer.goto('/user/dashboard');
  await expect(buyer.getByRole('region', { name: 'Your BRND' })).toContainText(shown);

  // The console's other money sections load on the real stack, each with its own title.
  await operator.getByRole('link', { name: 'Payouts' }).click();
  await expect(operator).toHaveTitle('Payouts | BRND');
  await expect(operator.getByText('No payout has been requested yet.')).toBeVisible();
  await operator.getByRole('link', { name: 'Sale', exact: true }).click();
  await expect(operator).toHaveTitle('Sale settings | BRND');
  await expect(operator.getByRole('button', { name: 'Save the sale' })).toBeVisible();
});

test('a status check that fails mid-payment keeps the buyer on the payment page, which recovers', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const buyer = await newPage(browser);
  await signInVerifiedUser(buyer, 'poll-drop');
  // No event stream here (a proxy that buffers it, say): the page checks by polling.
  await buyer.route('**/api/orders/*/events', (route) => route.abort('connectionreset'));
  await order(buyer, 'Ether (ETH)', '25');
  await expect(buyer).toHaveURL(/\/user\/buytoken\/[0-9a-f-]{36}$/);
  const address = buyer.getByText(/^0x[0-9a-fA-F]{40}$/);
  await expect(address).toBeVisible();

  // The connection to the status check drops: the page stays, says so, and keeps the details.
  await buyer.route('**/api/orders/verify/**', (route) => route.abort('connectionreset'));
  await expect(buyer.getByText(/Reconnecting/)).toBeVisible({ timeout: 15_000 });
  await expect(address).toBeVisible();
  await expect(buyer.getByRole('timer')).toBeVisible();
  await expect(buyer).toHaveURL(/\/user\/buytoken\/[0-9a-f-]{36}$/);

  // It comes back: the next check clears the notice.
  await buyer.unroute('**/api/orders/verify/**');
  await expect(buyer.getByText(/Reconnecting/)).toHaveCount(0, { timeout: 15_000 });
  await expect(address).toBeVisible();

  // Someone else's or an unknown order is "order not found".
  await buyer.goto('/user/buytoken/00000000-0000-4000-8000-000000000000');
  await expect(buyer.getByRole('heading', { name: 'Order not found' })).toBeVisible();
});

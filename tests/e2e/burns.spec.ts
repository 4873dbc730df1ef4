import { expect, test } from '@playwright/test';
import { DEV_MNEMONIC } from '@brnd/contracts/chain/anvil';
import { Contract, HDNodeWallet, JsonRpcProvider } from 'ethers';
import { createOperator } from './accounts.ts';

const OPERATOR = { email: 'ops-e2e@brnd.example', password: 'Burn3r!e2e' };
const BURNED = 1_234_567n;

test('an operator records a buyback with its purchase, the buyback wallet burns it on chain, and the public page shows it', async ({
  page,
}) => {
  // A purchase, a login, a burn and a page on chain: room for a loaded runner.
  test.slow();
  createOperator(OPERATOR);
  const info = await (await page.request.get('/dev/info')).json();
  const provider = new JsonRpcProvider(info.rpcUrl, Number(info.chainId), { staticNetwork: true });
  const brnd = new Contract(
    info.contracts.brnd,
    [
      'function totalSupply() view returns (uint256)',
      'function balanceOf(address) view returns (uint256)',
      'function transfer(address to, uint256 value) returns (bool)',
    ],
    provider,
  );
  const supplyBefore = (await brnd.getFunction('totalSupply')()) as bigint;

  await page.goto('/admin/buybacks');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('E-mail address').fill(OPERATOR.email);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/buybacks$/);
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();

  // The purchase: BRND bought on the market arrives in the buyback wallet the console names
  // (on the dev chain the "market" is the dev treasury, anvil's first account).
  const wallet = await page
    .getByText('Buyback wallet (deliver the bought BRND here):')
    .locator('code')
    .textContent();
  const market = HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, "m/44'/60'/0'/0/0").connect(
    provider,
  );
  const sold = await (brnd.connect(market) as Contract).getFunction('transfer')(
    wallet,
    BURNED * 10n ** 18n,
  );
  await sold.wait();
  const treasuryBefore = (await brnd.getFunction('balanceOf')(market.address)) as bigint;

  await page.getByLabel('Quarter').fill('2026-Q3');
  await page.getByLabel('Subscription profit (USD)').fill('50000');
  await page.getByLabel('Spent on the buyback (USD)').fill('10000');
  await page.getByLabel('BRND bought back and to burn').fill(BURNED.toString());
  await page.getByLabel('Purchase transaction').fill(sold.hash);
  await page.getByRole('button', { name: 'Record and burn' }).click();
  await page
    .getByRole('dialog', { name: /^Burn .* BRND for 2026-Q3\?$/ })
    .getByRole('button', { name: /^Burn / })
    .click();
  const row = page.getByRole('row').filter({ hasText: '2026-Q3' });
  await expect(row.getByText('Burned')).toBeVisible({ timeout: 30_000 });
  const hash = await row.getByText(/^0x[0-9a-f]{64}$/).textContent();

  await page.goto('/burns');
  await expect(page.getByRole('heading', { name: 'Buyback and burn' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '2026-Q3' }).getByText(hash!)).toBeVisible();
  await expect(page.getByText('1,234,567 BRND')).toBeVisible();

  const receipt = await provider.getTransactionReceipt(hash!);
  expect(receipt?.status).toBe(1);
  expect((await brnd.getFunction('totalSupply')()) as bigint).toBe(
    supplyBefore - BURNED * 10n ** 18n,
  );
  // The treasury's float, which backs what users may claim, was not burned.
  expect((await brnd.getFunction('balanceOf')(market.address)) as bigint).toBe(treasuryBefore);
  expect((await provider.getTransaction(hash!))?.from.toLowerCase()).toBe(wallet!.toLowerCase());
  provider.destroy();
});

test('a normal user who opens /admin is refused and sees nothing of the console', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill('demo@brnd.example');
  await page.getByLabel('Password', { exact: true }).fill('Demo123!x');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/admin/buybacks');
  await expect(page.getByText('Only operators can do this.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record and burn' })).toHaveCount(0);
});

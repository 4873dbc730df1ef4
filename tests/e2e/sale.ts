import { expect, type Page } from '@playwright/test';
import { JsonRpcProvider, NonceManager, Wallet } from 'ethers';

/** Buying BRND through the screens, shared by the sale and referral flows. */

/**
 * Anvil's well-known test accounts (mnemonic "test … junk", m/44'/60'/0'/0/n): funded on every
 * dev chain and used by nothing in the stack. Each spec pays from its own, so nonces never clash.
 */
export const DEV_WALLETS = {
  saleBuyer: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  referredBuyer: '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
} as const;

/** Step 1: choose the method, type the amount, confirm, continue. Returns the BRND quoted. */
export async function order(page: Page, method: string, amount: string, currency = 'USD') {
  await page.getByRole('link', { name: 'Buy tokens' }).first().click();
  await expect(page).toHaveURL(/\/user\/buytoken$/);
  await page.getByRole('button', { name: method }).click();
  await page.getByLabel(`Amount (${currency})`).fill(amount);
  const receive = await page.getByLabel('You will receive').inputValue();
  const tokens = Number(receive.replace(/[^0-9]/g, ''));
  expect(tokens).toBeGreaterThan(0);
  await page.getByLabel(/not a citizen or resident of the United States/).check();
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  return tokens;
}

/**
 * On an ETH order's page: pays exactly what its EIP-681 link asks, to that address, from a dev
 * wallet, and waits until the page reaches its completion screen by itself.
 */
export async function payEthOrder(page: Page, privateKey: string) {
  await expect(page).toHaveURL(/\/user\/buytoken\/[0-9a-f-]{36}$/);
  const uri = await page.getByRole('link', { name: 'Open your wallet' }).getAttribute('href');
  const match = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)\?value=(\d+)$/.exec(uri ?? '');
  expect(match, `payment URI ${uri}`).not.toBeNull();
  const [, address, chainId, wei] = match as RegExpExecArray;
  await expect(page.getByText(address as string, { exact: true })).toBeVisible();

  const info = await (await page.request.get('/dev/info')).json();
  expect(String(info.chainId)).toBe(chainId);
  const provider = new JsonRpcProvider(info.rpcUrl, Number(chainId), { staticNetwork: true });
  const wallet = new NonceManager(new Wallet(privateKey, provider));
  const sent = await wallet.sendTransaction({ to: address, value: BigInt(wei as string) });
  await sent.wait();
  // Blocks keep coming on a real chain; on the dev chain they come when asked for.
  await provider.send('anvil_mine', ['0x3']);
  provider.destroy();

  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible({
    timeout: 45_000,
  });
}

import { expect, test } from 'vitest';
import { DEV_CHAIN_ID, DEV_MINTER_ACCOUNT, startAnvil } from './anvil.ts';

async function rpc(rpcUrl: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

test('anvil starts on a free port with the funded well-known dev accounts, and stop ends it', async () => {
  const first = await startAnvil();
  const second = await startAnvil({ chainId: 1337 });
  try {
    expect(first.rpcUrl).not.toBe(second.rpcUrl);
    expect(first.chainId).toBe(DEV_CHAIN_ID);
    expect(Number(await rpc(first.rpcUrl, 'eth_chainId'))).toBe(DEV_CHAIN_ID);
    expect(Number(await rpc(second.rpcUrl, 'eth_chainId'))).toBe(1337);

    // Tests' wallets and, last, the dev platform's brand token minter (decision 058).
    expect(first.accounts).toHaveLength(DEV_MINTER_ACCOUNT + 1);
    // Foundry's first dev account: wallets and tutorials everywhere know this key.
    expect(first.accounts[0]).toEqual({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    });
    const nodeAccounts = (await rpc(first.rpcUrl, 'eth_accounts')) as string[];
    expect(nodeAccounts.map((address) => address.toLowerCase())).toEqual(
      first.accounts.map(({ address }) => address.toLowerCase()),
    );
    const balance = await rpc(first.rpcUrl, 'eth_getBalance', [
      first.accounts[DEV_MINTER_ACCOUNT]?.address,
      'latest',
    ]);
    expect(BigInt(balance as string)).toBe(10_000n * 10n ** 18n);
  } finally {
    await first.stop();
  }

  await expect(rpc(first.rpcUrl, 'eth_chainId')).rejects.toThrow();
  expect(Number(await rpc(second.rpcUrl, 'eth_chainId'))).toBe(1337);
  await second.stop();
  await second.stop();
});

test('anvil on a port that is taken fails with the reason instead of hanging', async () => {
  const first = await startAnvil();
  try {
    const port = Number(new URL(first.rpcUrl).port);
    await expect(startAnvil({ port })).rejects.toThrow(/anvil exited/);
  } finally {
    await first.stop();
  }
});

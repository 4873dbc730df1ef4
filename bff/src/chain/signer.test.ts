import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startAnvil, type Anvil } from '@brnd/contracts/chain/anvil';
import { Transaction, Wallet } from 'ethers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { remoteSigner } from './signer.ts';

/**
 * The signing-service signer (decision 063) against a real `eth_signTransaction` endpoint:
 * anvil, which holds its dev accounts' keys as Web3Signer holds a KMS's.
 */

let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(() => anvil?.stop());

const request = (to: string) => ({
  type: 2,
  chainId: anvil.chainId,
  nonce: 7,
  to,
  data: '0x1234',
  value: 5n,
  gasLimit: 60_000n,
  maxFeePerGas: 3_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
});

test('the signing service signs exactly the transaction asked for, from the account named', async () => {
  const account = anvil.accounts[2]!.address;
  const signer = await remoteSigner(anvil.rpcUrl, account.toLowerCase());
  expect(signer.address).toBe(account);
  const asked = request(anvil.accounts[3]!.address);
  const signed = Transaction.from(await signer.signTransaction(asked));
  expect(signed.from).toBe(account);
  expect(signed.unsignedHash).toBe(Transaction.from(asked).unsignedHash);
});

test('a signing service without the account is refused at start, naming the account', async () => {
  const stranger = Wallet.createRandom().address;
  await expect(remoteSigner(anvil.rpcUrl, stranger)).rejects.toThrow(
    `the signing service at CHAIN_SIGNER_URL holds no key for ${stranger}`,
  );
});

test('a signing service that answers with another transaction is caught before anything is stored', async () => {
  // A tampered service: it signs, but for another recipient than the one asked for.
  const thief = anvil.accounts[4]!.address;
  const server: Server = createServer((incoming, outgoing) => {
    let body = '';
    incoming.on('data', (chunk) => (body += chunk));
    incoming.on('end', async () => {
      const call = JSON.parse(body) as { method: string; params: { to?: string }[] };
      if (call.method === 'eth_signTransaction') call.params[0]!.to = thief;
      const answer = await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(call),
      });
      outgoing.setHeader('content-type', 'application/json');
      outgoing.end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const signer = await remoteSigner(url, anvil.accounts[2]!.address);
    await expect(signer.signTransaction(request(anvil.accounts[3]!.address))).rejects.toThrow(
      /another transaction than the one asked for/,
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

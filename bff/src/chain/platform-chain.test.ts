import { DEV_BUYBACK_ACCOUNT, DEV_MINTER_ACCOUNT, startAnvil } from '@brnd/contracts/chain/anvil';
import { connectContract, jsonRpcProvider } from '@brnd/contracts/chain/connect';
import { deployPlatformContracts } from '@brnd/contracts/chain/deploy';
import { BRND } from '@brnd/contracts/chain/generated/index';
import { NonceManager, VoidSigner, Wallet } from 'ethers';
import { expect, test } from 'vitest';
import { connectExternalChain, describeChain } from './platform-chain.ts';

test('the production start-up line leaves out the RPC URL, which often carries an API key', () => {
  const chain = {
    chainId: 1,
    rpcUrl: 'https://mainnet.rpc.example/v3/secret-api-key',
    contracts: { brnd: '0xB', brandTokenFactory: '0xF', staking: '0xS' },
  };
  expect(describeChain(chain, true)).toBe('Chain 1 (BRND 0xB)');
  expect(describeChain(chain, false)).toContain('secret-api-key');
});

test('a real chain starts only with a float in the hot treasury, the bulk at a cold address, and no key behind its reads', async () => {
  const anvil = await startAnvil();
  const provider = jsonRpcProvider(anvil.rpcUrl, anvil.chainId);
  try {
    const [hot, cold] = [anvil.accounts[0]!, anvil.accounts[8]!];
    const deployer = new NonceManager(new Wallet(hot.privateKey, provider));
    const minter = anvil.accounts[DEV_MINTER_ACCOUNT]!;
    const settings = (contracts: Awaited<ReturnType<typeof deployPlatformContracts>>) => ({
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      confirmations: 1,
      treasury: { key: hot.privateKey },
      minter: { key: minter.privateKey },
      buyback: { key: anvil.accounts[DEV_BUYBACK_ACCOUNT]!.privateKey },
      brandTokenAdmin: cold.address,
      contracts,
      requireColdSupply: true,
    });
    // Deployed as before decision 063: the whole supply in the hot treasury.
    const allHot = await deployPlatformContracts(deployer, {
      treasury: hot.address,
      minter: minter.address,
      unbondingSeconds: 3600,
    });
    await expect(connectExternalChain(settings(allHot))).rejects.toThrow(
      `the treasury ${hot.address} holds 100 % of the BRND supply: keep a payout float there and the rest at a cold address`,
    );

    // Deployed as docs/deploy.md says: the supply at the cold address, a float topped up from it.
    const split = await deployPlatformContracts(deployer, {
      treasury: cold.address,
      minter: minter.address,
      unbondingSeconds: 3600,
    });
    const fromCold = connectContract(BRND, split.brnd, new Wallet(cold.privateKey, provider));
    const supply = (await fromCold.totalSupply()) as bigint;
    await (await fromCold.transfer(hot.address, supply / 100n)).wait();
    const chain = await connectExternalChain(settings(split));
    try {
      expect(chain.signer.address).toBe(hot.address);
      // Reads and encodes only: every transaction goes through the role's TransactionSigner.
      expect(chain.treasury).toBeInstanceOf(VoidSigner);
    } finally {
      await chain.stop();
    }
  } finally {
    provider.destroy();
    await anvil.stop();
  }
});

/**
 * Test fixture: one anvil per test file with the platform contracts deployed, and every test
 * starting from the state the setup left (an EVM snapshot is restored after each test).
 */
import type { Wallet } from 'ethers';
import {
  Signature,
  isError,
  type BaseContract,
  type ContractTransactionReceipt,
  type ContractTransactionResponse,
  type JsonRpcProvider,
  type LogDescription,
} from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startAnvil, type Anvil } from './anvil.ts';
import { HeadroomWallet, connectContract, jsonRpcProvider, type TypedContract } from './connect.ts';
import { deployPlatformContracts, type PlatformContracts } from './deploy.ts';
import { BRND, BrandTokenFactory, BrndStaking } from './generated/index.ts';

export const UNBONDING_SECONDS = 7 * 24 * 60 * 60;

export type TestChain = {
  anvil: Anvil;
  provider: JsonRpcProvider;
  /** Deploys the contracts and owns the factory: the platform's admin key. */
  deployer: Wallet;
  /** Creates brand tokens through the factory and mints them. */
  minter: Wallet;
  treasury: Wallet;
  alice: Wallet;
  bob: Wallet;
  carol: Wallet;
  addresses: PlatformContracts;
  brnd: TypedContract<typeof BRND.abi>;
  factory: TypedContract<typeof BrandTokenFactory.abi>;
  staking: TypedContract<typeof BrndStaking.abi>;
};

export function useTestChain(setup?: (chain: TestChain) => Promise<void>): TestChain {
  // Filled in by beforeAll; tests only read it once the hooks have run.
  const chain = {} as TestChain;
  let snapshot = '';

  beforeAll(async () => {
    const anvil = await startAnvil();
    const provider = jsonRpcProvider(anvil.rpcUrl, anvil.chainId, 50);
    const [deployer, treasury, alice, bob, carol, minter] = anvil.accounts.map(
      (account) => new HeadroomWallet(account.privateKey, provider),
    );
    if (!deployer || !treasury || !alice || !bob || !carol || !minter)
      throw new Error('anvil has too few accounts');
    const addresses = await deployPlatformContracts(deployer, {
      treasury: treasury.address,
      minter: minter.address,
      unbondingSeconds: UNBONDING_SECONDS,
    });
    Object.assign(chain, {
      anvil,
      provider,
      deployer,
      minter,
      treasury,
      alice,
      bob,
      carol,
      addresses,
      brnd: connectContract(BRND, addresses.brnd, provider),
      factory: connectContract(BrandTokenFactory, addresses.brandTokenFactory, provider),
      staking: connectContract(BrndStaking, addresses.staking, provider),
    });
    await setup?.(chain);
  });

  beforeEach(async () => {
    snapshot = await chain.provider.send('evm_snapshot', []);
  });

  afterEach(async () => {
    await chain.provider.send('evm_revert', [snapshot]);
  });

  afterAll(async () => {
    chain.provider?.destroy();
    await chain.anvil?.stop();
  });

  return chain;
}

/** Sends a transaction and waits for it to be mined, failing the test if it reverts. */
export async function mined(
  send: Promise<ContractTransactionResponse>,
): Promise<ContractTransactionReceipt> {
  const receipt = await (await send).wait();
  if (!receipt) throw new Error('transaction was not mined');
  return receipt;
}

/** Expects the transaction to revert with the custom error `errorName` of `contract`. */
export async function expectRevert(
  send: Promise<ContractTransactionResponse>,
  contract: BaseContract,
  errorName: string,
): Promise<readonly unknown[]> {
  const error = await send.then(
    async (response) => {
      await response.wait();
      return undefined;
    },
    (reason: unknown) => reason,
  );
  if (!isError(error, 'CALL_EXCEPTION')) {
    throw new Error(`expected a revert with ${errorName}, got ${String(error ?? 'success')}`);
  }
  const decoded = error.data ? contract.interface.parseError(error.data) : null;
  expect(decoded?.name, `revert data ${error.data}`).toBe(errorName);
  return decoded?.args ?? [];
}

export function eventsOf(
  receipt: ContractTransactionReceipt,
  contract: BaseContract,
  eventName: string,
): LogDescription[] {
  return receipt.logs
    .map((log) => contract.interface.parseLog(log))
    .filter((event): event is LogDescription => event?.name === eventName);
}

export async function increaseTime(provider: JsonRpcProvider, seconds: number): Promise<void> {
  await provider.send('evm_increaseTime', [seconds]);
  await provider.send('evm_mine', []);
}

export async function latestTimestamp(provider: JsonRpcProvider): Promise<number> {
  const block = await provider.getBlock('latest');
  if (!block) throw new Error('no latest block');
  return block.timestamp;
}

/** An EIP-2612 permit signed by `owner`, split into the arguments `permit()` takes. */
export async function signPermit(
  token: TypedContract<typeof BRND.abi>,
  owner: Wallet,
  spender: string,
  value: bigint,
  deadline: bigint,
  chainId: number,
) {
  const signature = Signature.from(
    await owner.signTypedData(
      {
        name: await token.name(),
        version: '1',
        chainId,
        verifyingContract: await token.getAddress(),
      },
      {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      { owner: owner.address, spender, value, nonce: await token.nonces(owner.address), deadline },
    ),
  );
  return [owner.address, spender, value, deadline, signature.v, signature.r, signature.s] as const;
}

import { NonceManager, Wallet, parseEther } from 'ethers';
import { expect, test } from 'vitest';
import { startAnvil } from './anvil.ts';
import { SafeNonceManager, connectContract, jsonRpcProvider } from './connect.ts';
import { deployPlatformContracts } from './deploy.ts';
import { BRND, BrandTokenFactory, BrndStaking } from './generated/index.ts';

test('deployPlatformContracts deploys BRND, the factory and staking wired to each other', async () => {
  const anvil = await startAnvil();
  const provider = jsonRpcProvider(anvil.rpcUrl, anvil.chainId, 50);
  try {
    const [operator, treasury, minter] = anvil.accounts;
    const signer = new Wallet(operator?.privateKey ?? '', provider);

    const addresses = await deployPlatformContracts(signer, {
      treasury: treasury?.address ?? '',
      minter: minter?.address ?? '',
      unbondingSeconds: 3600,
    });

    const brnd = connectContract(BRND, addresses.brnd, provider);
    const factory = connectContract(BrandTokenFactory, addresses.brandTokenFactory, provider);
    const staking = connectContract(BrndStaking, addresses.staking, provider);
    expect(await brnd.balanceOf(treasury?.address)).toBe(parseEther('1000000000'));
    expect(await factory.owner()).toBe(signer.address);
    expect(await factory.minter()).toBe(minter?.address);
    expect(await staking.brnd()).toBe(addresses.brnd);
    expect(await staking.unbondingDelay()).toBe(3600n);

    // A second deployment on the same chain gets new addresses: nonces were not reused.
    const again = await deployPlatformContracts(new NonceManager(signer), {
      treasury: signer.address,
      minter: signer.address,
      unbondingSeconds: 3600,
    });
    expect(new Set([...Object.values(addresses), ...Object.values(again)]).size).toBe(6);
  } finally {
    provider.destroy();
    await anvil.stop();
  }
});

test('a send that reverts does not leave SafeNonceManager stuck behind a skipped nonce', async () => {
  const anvil = await startAnvil();
  const provider = jsonRpcProvider(anvil.rpcUrl, anvil.chainId, 50);
  try {
    const [operator, treasury] = anvil.accounts;
    const signer = new SafeNonceManager(new Wallet(operator?.privateKey ?? '', provider));
    // The operator mints brand tokens itself here, to check its nonces after a revert.
    const addresses = await deployPlatformContracts(signer, {
      treasury: treasury?.address ?? '',
      minter: operator?.address ?? '',
      unbondingSeconds: 3600,
    });
    // The operator holds no BRND, so this transfer reverts in the gas estimate.
    const brnd = connectContract(BRND, addresses.brnd, signer);
    await expect(brnd.transfer(treasury?.address, 1n)).rejects.toMatchObject({
      code: 'CALL_EXCEPTION',
    });

    const factory = connectContract(BrandTokenFactory, addresses.brandTokenFactory, signer);
    const receipt = await (
      await factory.createBrandToken(1n, 'After Revert', 'AFTER', 1000n, signer.getAddress())
    ).wait(1, 5_000);
    expect(receipt?.status).toBe(1);
  } finally {
    provider.destroy();
    await anvil.stop();
  }
});

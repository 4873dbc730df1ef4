import { ContractFactory, NonceManager, type InterfaceAbi, type Signer } from 'ethers';
import { SafeNonceManager } from './connect.ts';
import { BRND, BrandTokenFactory, BrndStaking } from './generated/index.ts';

export type PlatformContracts = { brnd: string; brandTokenFactory: string; staking: string };

export type DeployPlatformOptions = {
  /** Receives the whole BRND supply. */
  treasury: string;
  /** Creates and mints brand tokens through the factory (decision 058); holds no BRND. */
  minter: string;
  /** How long unstaked BRND stays locked before it can be withdrawn. */
  unbondingSeconds: number | bigint;
};

/**
 * Deploys BRND, the brand-token factory (owned by the signer, which can hand it on in two steps
 * and choose another minter) and staking, one after the other. Returns their addresses.
 */
export async function deployPlatformContracts(
  signer: Signer,
  { treasury, minter, unbondingSeconds }: DeployPlatformOptions,
): Promise<PlatformContracts> {
  // Without a nonce manager a provider that caches may hand the next deployment a used nonce.
  const deployer = signer instanceof NonceManager ? signer : new SafeNonceManager(signer);
  const brnd = await deploy(deployer, BRND, treasury);
  const brandTokenFactory = await deploy(
    deployer,
    BrandTokenFactory,
    await deployer.getAddress(),
    minter,
  );
  const staking = await deploy(deployer, BrndStaking, brnd, unbondingSeconds);
  return { brnd, brandTokenFactory, staking };
}

async function deploy(
  signer: Signer,
  artifact: { abi: InterfaceAbi; bytecode: string },
  ...args: unknown[]
): Promise<string> {
  const contract = await new ContractFactory(artifact.abi, artifact.bytecode, signer).deploy(
    ...args,
  );
  await contract.waitForDeployment();
  return contract.getAddress();
}

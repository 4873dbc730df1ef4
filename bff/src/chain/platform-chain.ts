import { startAnvil } from '@brnd/contracts/chain/anvil';
import { connectContract, jsonRpcProvider } from '@brnd/contracts/chain/connect';
import { deployPlatformContracts, type PlatformContracts } from '@brnd/contracts/chain/deploy';
import { BRND, BrandTokenFactory } from '@brnd/contracts/chain/generated/index';
import { VoidSigner, Wallet, type JsonRpcProvider } from 'ethers';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { devBuybackKey, devMinterKey } from './dev-keys.ts';
import { envKeySigner, signerFor, type SignerSetting, type TransactionSigner } from './signer.ts';

/** A week, as the staking contract's tests and the spec's premium rule assume. */
const DEV_UNBONDING_SECONDS = 7 * 24 * 60 * 60;

/** The chain the platform pays out on, with the treasury's key and the contracts' addresses. */
export interface PlatformChain {
  rpcUrl: string;
  chainId: number;
  /** With the chain id, tells a restarted dev chain from the one a payout was signed for. */
  genesisHash: string;
  provider: JsonRpcProvider;
  /**
   * Blocks on top of a treasury send (its own included) before it is settled: deep enough that a
   * reorg will not undo it (ETH_CONFIRMATIONS on a real chain, 1 on the dev chain).
   */
  confirmations: number;
  /**
   * The treasury's account, for reading contracts and encoding calls. It cannot sign on an
   * external chain (a VoidSigner): every transaction there goes through a TransactionSigner.
   * On a dev chain it is anvil's funded wallet, which tests send from.
   */
  treasury: Wallet | VoidSigner;
  /** Signs the treasury's transactions (decision 043): the env key, or a KMS/HSM in production. */
  signer: TransactionSigner;
  /**
   * Creates and mints brand tokens (decision 058): its own key and nonces, no BRND, no admin
   * role; the factory names it as its minter.
   */
  minter: TransactionSigner;
  /**
   * Receives the BRND bought back on the market and burns it (decision 063): its own key and
   * nonces, apart from the treasury's float, which backs what users may claim.
   */
  buyback: TransactionSigner;
  /** Given the admin and pauser roles of every brand token created: a cold address or multisig. */
  brandTokenAdmin: string;
  contracts: PlatformContracts;
  stop(): Promise<void>;
}

export interface ExternalChainSettings {
  rpcUrl: string;
  chainId: number;
  confirmations: number;
  /** Each role's key: in memory, or an account of a signing service (KMS/HSM, decision 063). */
  treasury: SignerSetting;
  minter: SignerSetting;
  buyback: SignerSetting;
  brandTokenAdmin: string;
  contracts: PlatformContracts;
  /**
   * Refuse to start while the hot treasury holds the bulk of the BRND supply (any chain but a
   * local development node): it should hold a payout float, the rest a cold address.
   */
  requireColdSupply: boolean;
}

/** More than this share of the supply in the hot treasury is not a float (decision 063). */
export const MAX_FLOAT_SHARE_PERCENT = 50n;

/** Why the treasury's BRND is not a float, or undefined. */
export async function floatProblem(
  provider: JsonRpcProvider,
  contracts: PlatformContracts,
  treasury: string,
): Promise<string | undefined> {
  const brnd = connectContract(BRND, contracts.brnd, provider);
  const [held, supply] = (await Promise.all([brnd.balanceOf(treasury), brnd.totalSupply()])) as [
    bigint,
    bigint,
  ];
  if (held * 100n <= supply * MAX_FLOAT_SHARE_PERCENT) return undefined;
  return `the treasury ${treasury} holds ${(held * 100n) / supply} % of the BRND supply: keep a payout float there and the rest at a cold address (docs/deploy.md, "Keys and custody")`;
}

async function genesisHash(provider: JsonRpcProvider): Promise<string> {
  const genesis = await provider.getBlock(0);
  if (!genesis?.hash) throw new Error('the chain has no genesis block');
  return genesis.hash;
}

/** A chain someone else runs (production, or a shared testnet): nothing is deployed here. */
export async function connectExternalChain(
  settings: ExternalChainSettings,
): Promise<PlatformChain> {
  const provider = jsonRpcProvider(settings.rpcUrl, settings.chainId);
  const network = await provider.getNetwork();
  if (network.chainId !== BigInt(settings.chainId)) {
    throw new Error(
      `CHAIN_RPC_URL answers chain ${network.chainId}, not CHAIN_ID ${settings.chainId}`,
    );
  }
  const [signer, minter, buyback] = await Promise.all([
    signerFor(settings.treasury),
    signerFor(settings.minter),
    signerFor(settings.buyback),
  ]);
  // Reads only: no key sits behind it, so nothing can be signed but through the signers.
  const treasury = new VoidSigner(signer.address, provider);
  if (settings.requireColdSupply) {
    const problem = await floatProblem(provider, settings.contracts, signer.address);
    if (problem) throw new Error(problem);
  }
  const factory = connectContract(
    BrandTokenFactory,
    settings.contracts.brandTokenFactory,
    provider,
  );
  const factoryMinter = (await factory.minter()) as string;
  if (factoryMinter !== minter.address) {
    throw new Error(
      `BRAND_TOKEN_FACTORY_ADDRESS names ${factoryMinter} as its minter, not the minter key's ${minter.address}`,
    );
  }
  return {
    rpcUrl: settings.rpcUrl,
    chainId: settings.chainId,
    genesisHash: await genesisHash(provider),
    provider,
    confirmations: settings.confirmations,
    treasury,
    signer,
    minter,
    buyback,
    brandTokenAdmin: settings.brandTokenAdmin,
    contracts: settings.contracts,
    stop: async () => provider.destroy(),
  };
}

/**
 * The platform's contracts on a chain we control (the dev chain): the addresses deployed before
 * on this very chain (same id and genesis block) when their code is still there, otherwise a
 * fresh deployment, remembered for the next start.
 */
export async function ensureDeployment(
  db: Database,
  provider: JsonRpcProvider,
  deployer: Wallet,
  minter: string,
  logger: Logger,
): Promise<PlatformContracts> {
  const { chainId } = await provider.getNetwork();
  const genesis = { hash: await genesisHash(provider) };
  const [known] = await db.query<{ brnd: string; brand_token_factory: string; staking: string }>(
    'SELECT brnd, brand_token_factory, staking FROM chain_deployments WHERE chain_id = $1 AND genesis_hash = $2',
    [chainId.toString(), genesis.hash],
  );
  // A factory from before decision 058 (or with another minter) is deployed afresh.
  if (
    known &&
    (await provider.getCode(known.brnd)) !== '0x' &&
    (await connectContract(BrandTokenFactory, known.brand_token_factory, provider)
      .minter()
      .catch(() => undefined)) === minter
  ) {
    return {
      brnd: known.brnd,
      brandTokenFactory: known.brand_token_factory,
      staking: known.staking,
    };
  }
  const contracts = await deployPlatformContracts(deployer, {
    treasury: deployer.address,
    minter,
    unbondingSeconds: DEV_UNBONDING_SECONDS,
  });
  await db.query(
    `INSERT INTO chain_deployments (chain_id, genesis_hash, brnd, brand_token_factory, staking)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (chain_id, genesis_hash) DO UPDATE SET brnd = $3, brand_token_factory = $4,
       staking = $5, created_at = now()`,
    [
      chainId.toString(),
      genesis.hash,
      contracts.brnd,
      contracts.brandTokenFactory,
      contracts.staking,
    ],
  );
  logger.info('deployed the platform contracts', { ...contracts });
  return contracts;
}

/**
 * Connects to an anvil already running (tests start one per file, the crash test shares one
 * across restarts) and makes sure the contracts are deployed. The treasury is anvil's first
 * funded account (also the factory's owner and the brand tokens' admin), the minter its last,
 * the buyback wallet the one before.
 */
export async function connectDevChain(
  db: Database,
  logger: Logger,
  chain: { rpcUrl: string; chainId: number; treasuryPrivateKey: string; confirmations?: number },
): Promise<PlatformChain> {
  const provider = jsonRpcProvider(chain.rpcUrl, chain.chainId);
  const treasury = new Wallet(chain.treasuryPrivateKey, provider);
  const minter = envKeySigner(devMinterKey());
  const contracts = await ensureDeployment(db, provider, treasury, minter.address, logger);
  return {
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    genesisHash: await genesisHash(provider),
    provider,
    confirmations: chain.confirmations ?? 1,
    treasury,
    signer: envKeySigner(chain.treasuryPrivateKey),
    minter,
    buyback: envKeySigner(devBuybackKey()),
    brandTokenAdmin: treasury.address,
    contracts,
    stop: async () => provider.destroy(),
  };
}

/** No CHAIN_RPC_URL: a local anvil on a free port, contracts deployed on it. */
export async function startEmbeddedChain(db: Database, logger: Logger): Promise<PlatformChain> {
  const anvil = await startAnvil();
  try {
    const treasuryKey = anvil.accounts[0]?.privateKey;
    if (!treasuryKey) throw new Error('anvil has no funded account');
    const chain = await connectDevChain(db, logger, {
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      treasuryPrivateKey: treasuryKey,
    });
    return {
      ...chain,
      stop: async () => {
        await chain.stop();
        await anvil.stop();
      },
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/**
 * The start-up line naming the chain. In production the RPC URL is left out: providers put the
 * API key in it, and logs travel further than secrets should.
 */
export function describeChain(
  chain: Pick<PlatformChain, 'chainId' | 'rpcUrl' | 'contracts'>,
  production: boolean,
): string {
  const where = production ? '' : ` at ${chain.rpcUrl}`;
  return `Chain ${chain.chainId}${where} (BRND ${chain.contracts.brnd})`;
}

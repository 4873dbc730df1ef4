import {
  Contract,
  JsonRpcProvider,
  NonceManager,
  type BaseContractMethod,
  type ContractRunner,
  type InterfaceAbi,
  type TransactionRequest,
  type TransactionResponse,
  Wallet,
} from 'ethers';

/**
 * How the platform talks to a chain with ethers 6, with the two defaults that bite changed.
 */

/**
 * ethers caches identical requests for 250 ms by default. On a fast chain that replays a stale
 * gas estimate or nonce: a send that must revert gets broadcast, or two sends share a nonce.
 */
export function jsonRpcProvider(rpcUrl: string, chainId: number, pollingIntervalMs = 250) {
  return new JsonRpcProvider(rpcUrl, chainId, {
    staticNetwork: true,
    cacheTimeout: -1,
    pollingInterval: pollingIntervalMs,
  });
}

/**
 * ethers' NonceManager takes a nonce before it estimates gas, so a send that reverts in the
 * estimate still consumes a nonce, and every later transaction waits forever behind the gap.
 * This one estimates first: a reverting call throws before any nonce is taken.
 */
export class SafeNonceManager extends NonceManager {
  override async sendTransaction(tx: TransactionRequest): Promise<TransactionResponse> {
    const populated = await this.signer.populateTransaction(tx);
    return super.sendTransaction({ ...populated, nonce: undefined });
  }
}

/**
 * A gas estimate holds only for the block it ran against. A call that writes `block.timestamp`
 * costs less when the estimate's block has the same timestamp as the stored value (a no-op write)
 * than in the next second's block, so an exact estimate can run out of gas once mined.
 */
export function withGasHeadroom(estimate: bigint): bigint {
  return (estimate * 12n) / 10n;
}

/** A wallet that sends with `withGasHeadroom` over its estimates, as user wallets do. */
export class HeadroomWallet extends Wallet {
  override async populateTransaction(tx: TransactionRequest) {
    const populated = await super.populateTransaction(tx);
    if (tx.gasLimit == null && populated.gasLimit != null) {
      populated.gasLimit = withGasHeadroom(BigInt(populated.gasLimit));
    }
    return populated;
  }
}

type FunctionName<Abi> = Abi extends readonly (infer Item)[]
  ? Item extends { type: 'function'; name: infer Name extends string }
    ? Name
    : never
  : never;

/** An ethers Contract whose method names are checked against the generated ABI. */
export type TypedContract<Abi> = {
  connect(runner: ContractRunner | null): TypedContract<Abi>;
} & Contract & { [Name in FunctionName<Abi>]: BaseContractMethod };

export function connectContract<const Abi extends InterfaceAbi>(
  artifact: { abi: Abi },
  address: string,
  runner: ContractRunner | null = null,
): TypedContract<Abi> {
  return new Contract(address, artifact.abi, runner) as TypedContract<Abi>;
}

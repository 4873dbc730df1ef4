import { Transaction, Wallet, getAddress, toBeHex, type TransactionRequest } from 'ethers';

/**
 * What signs the platform's transactions (decisions 043, 058, 063): the treasury's payouts, the
 * minter's brand token sends, the buyback wallet's burns. The treasury sender gives it a fully
 * specified EIP-1559 transaction (chain id, nonce, gas limit, fees) and stores the raw bytes it
 * returns before broadcasting them, so a signer never broadcasts and never picks a nonce: a
 * KMS or HSM implements this with a secp256k1 key that never leaves it.
 */
export interface TransactionSigner {
  /** The account the transactions are from (it holds the tokens and pays the gas). */
  readonly address: string;
  signTransaction(transaction: TransactionRequest): Promise<string>;
}

/** How a role's key is reached: in memory (development), or through a signing service. */
export type SignerSetting = { key: string } | { address: string; signerUrl: string };

/** A key held in memory: the development implementation (and a small deployment's choice). */
export function envKeySigner(privateKey: string): TransactionSigner {
  const wallet = new Wallet(privateKey);
  return {
    address: wallet.address,
    signTransaction: (transaction) => wallet.signTransaction(transaction),
  };
}

const quantity = (value: unknown) =>
  value === undefined || value === null ? undefined : toBeHex(value as bigint);

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`the signing service answered ${response.status} to ${method}`);
  const body = (await response.json()) as { result?: T; error?: { message?: string } };
  if (body.error || body.result === undefined) {
    throw new Error(`the signing service refused ${method}: ${body.error?.message ?? 'no result'}`);
  }
  return body.result;
}

/**
 * A key kept in a signing service that speaks Ethereum JSON-RPC's `eth_signTransaction` (Web3Signer
 * in its eth1 mode, in front of AWS KMS, Azure Key Vault, HashiCorp Vault or a YubiHSM; anvil in
 * the tests). The service must hold `address` (checked at start with `eth_accounts`), and every
 * answer is checked to be exactly the transaction asked for, signed by that address: a signing
 * service that was tampered with cannot slip in another recipient, nonce or fee.
 */
export async function remoteSigner(signerUrl: string, address: string): Promise<TransactionSigner> {
  const from = getAddress(address);
  const held = await rpc<string[]>(signerUrl, 'eth_accounts', []);
  if (!held.some((account) => account.toLowerCase() === from.toLowerCase())) {
    throw new Error(`the signing service at CHAIN_SIGNER_URL holds no key for ${from}`);
  }
  return {
    address: from,
    async signTransaction(request) {
      const asked = Transaction.from({ ...request, from: undefined } as never);
      const raw = await rpc<string>(signerUrl, 'eth_signTransaction', [
        {
          from,
          to: asked.to ?? undefined,
          data: asked.data,
          value: quantity(asked.value),
          gas: quantity(asked.gasLimit),
          maxFeePerGas: quantity(asked.maxFeePerGas),
          maxPriorityFeePerGas: quantity(asked.maxPriorityFeePerGas),
          nonce: quantity(asked.nonce),
          chainId: quantity(asked.chainId),
          type: '0x2',
        },
      ]);
      const signed = Transaction.from(raw);
      const same =
        signed.from === from && signed.type === 2 && signed.unsignedHash === asked.unsignedHash;
      if (!same) {
        throw new Error(
          `the signing service returned another transaction than the one asked for ${from}`,
        );
      }
      return raw;
    },
  };
}

/** The signer a role's setting names. */
export async function signerFor(setting: SignerSetting): Promise<TransactionSigner> {
  return 'key' in setting
    ? envKeySigner(setting.key)
    : remoteSigner(setting.signerUrl, setting.address);
}

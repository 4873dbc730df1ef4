import { Wallet, type TransactionRequest } from 'ethers';

/**
 * What signs the treasury's transactions (decision 043). The treasury sender gives it a fully
 * specified EIP-1559 transaction (chain id, nonce, gas limit, fees) and stores the raw bytes it
 * returns before broadcasting them, so a signer never broadcasts and never picks a nonce: a
 * KMS or HSM (AWS KMS, GCP Cloud KMS, a YubiHSM behind a small service) implements this with a
 * secp256k1 key that never leaves it. The environment key is the development implementation.
 */
export interface TransactionSigner {
  /** The account the transactions are from (it holds the float and pays the gas). */
  readonly address: string;
  signTransaction(transaction: TransactionRequest): Promise<string>;
}

/** The key in TREASURY_PRIVATE_KEY (or anvil's account in development), held in memory. */
export function envKeySigner(privateKey: string): TransactionSigner {
  const wallet = new Wallet(privateKey);
  return {
    address: wallet.address,
    signTransaction: (transaction) => wallet.signTransaction(transaction),
  };
}

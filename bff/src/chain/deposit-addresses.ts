import { HDNodeWallet, type HDNodeVoidWallet } from 'ethers';

/**
 * ETH deposit addresses: child `index` of an extended PUBLIC key (xpub). The bff can derive
 * addresses but holds no key that could spend from them; whoever sweeps the deposits keeps the
 * matching private key elsewhere. The index comes from a PostgreSQL sequence (see
 * services/orders/service.ts), so concurrent orders never share an address.
 */
export interface DepositAddresses {
  address(index: bigint | number): string;
}

/**
 * Development only: the public half of account 1' of anvil's well-known test mnemonic, so the
 * deposits never collide with anvil's funded accounts (account 0') and a developer can sweep them.
 */
export const DEV_DEPOSIT_MNEMONIC = 'test test test test test test test test test test test junk';
const DEV_DEPOSIT_PATH = "m/44'/60'/1'/0";

export function devDepositXpub(): string {
  return HDNodeWallet.fromPhrase(DEV_DEPOSIT_MNEMONIC, undefined, DEV_DEPOSIT_PATH).neuter()
    .extendedKey;
}

export function createDepositAddresses(xpub: string): DepositAddresses {
  const parent = HDNodeWallet.fromExtendedKey(xpub) as HDNodeWallet | HDNodeVoidWallet;
  if ('privateKey' in parent && parent.privateKey) {
    throw new Error('deposit addresses need an extended PUBLIC key (xpub), not a private one');
  }
  return {
    address(index) {
      const child = Number(index);
      if (!Number.isSafeInteger(child) || child < 0 || child >= 2 ** 31) {
        throw new Error(`deposit index ${index} is out of range`);
      }
      return parent.deriveChild(child).address;
    },
  };
}

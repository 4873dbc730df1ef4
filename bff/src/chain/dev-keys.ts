import {
  DEV_BUYBACK_ACCOUNT,
  DEV_MINTER_ACCOUNT,
  DEV_MNEMONIC,
  devAccounts,
} from '@brnd/contracts/chain/anvil';
import { HDNodeWallet } from 'ethers';

/**
 * Keys and chains anyone can use: anvil's (and Hardhat's) public "test … junk" mnemonic and the
 * chain ids of local development nodes. A production set-up, or any chain that is not a local
 * development node, must never run on them: whoever knows the mnemonic can spend from them.
 */

/** anvil and Hardhat (31337), Ganache and geth --dev (1337). */
export const DEV_CHAIN_IDS: readonly number[] = [31337, 1337];

/** How many accounts of the dev mnemonic are recognised (anvil funds 10 by default; some 20+). */
const DEV_ACCOUNTS_CHECKED = 50;
/** Accounts m/44'/60'/N' of the dev mnemonic whose extended keys are recognised. */
const DEV_XPUB_ACCOUNTS_CHECKED = 10;

let devPrivateKeys: Set<string> | undefined;
let devPublicKeys: Set<string> | undefined;
let devAddresses: Set<string> | undefined;

function privateKeysOfDevMnemonic(): Set<string> {
  devPrivateKeys ??= new Set(
    devAccounts(DEV_ACCOUNTS_CHECKED).map((account) => account.privateKey.toLowerCase()),
  );
  return devPrivateKeys;
}

/** Public keys of the dev mnemonic's accounts and their external chains (where xpubs are cut). */
function publicKeysOfDevMnemonic(): Set<string> {
  if (!devPublicKeys) {
    const root = HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, 'm');
    const keys = [root.publicKey, root.derivePath("m/44'").publicKey];
    const coin = root.derivePath("m/44'/60'");
    keys.push(coin.publicKey);
    for (let index = 0; index < DEV_XPUB_ACCOUNTS_CHECKED; index += 1) {
      const account = coin.deriveChild(index + 2 ** 31);
      keys.push(account.publicKey, account.deriveChild(0).publicKey);
    }
    devPublicKeys = new Set(keys);
  }
  return devPublicKeys;
}

/** The brand token minter's key on a development chain (decision 058). */
export function devMinterKey(): string {
  return devAccounts(DEV_MINTER_ACCOUNT + 1)[DEV_MINTER_ACCOUNT]?.privateKey as string;
}

/** The buyback wallet's key on a development chain (decision 063). */
export function devBuybackKey(): string {
  return devAccounts(DEV_BUYBACK_ACCOUNT + 1)[DEV_BUYBACK_ACCOUNT]?.privateKey as string;
}

/** A private key derived from the public development mnemonic (anvil's funded accounts). */
export function isDevPrivateKey(privateKey: string): boolean {
  return privateKeysOfDevMnemonic().has(privateKey.toLowerCase());
}

/** An account of the public development mnemonic, named by its address. */
export function isDevAddress(address: string): boolean {
  devAddresses ??= new Set(
    devAccounts(DEV_ACCOUNTS_CHECKED).map((account) => account.address.toLowerCase()),
  );
  return devAddresses.has(address.toLowerCase());
}

/** The phrase itself, e.g. pasted as a mnemonic variable. */
export function isDevMnemonic(phrase: string): boolean {
  return phrase.trim().split(/\s+/).join(' ').toLowerCase() === DEV_MNEMONIC;
}

/** An extended public key of the development mnemonic, at any of the usual levels. */
export function isDevXpub(xpub: string): boolean {
  try {
    return publicKeysOfDevMnemonic().has(HDNodeWallet.fromExtendedKey(xpub).publicKey);
  } catch {
    return false;
  }
}

/**
 * Why a deposit xpub is unsafe to watch with, or undefined. An xpub and any one child private key
 * together give the xpub's private key, so it must sit below a hardened level used for deposits
 * only (m/44'/60'/N'/0 with an account N' that holds nothing else): an xpub above the account
 * level (depth < 3) would expose every account under it.
 */
export function depositXpubProblem(xpub: string): string | undefined {
  if (isDevXpub(xpub)) return 'is the development key (its private keys are public)';
  try {
    const node = HDNodeWallet.fromExtendedKey(xpub);
    if (node.depth < 3) {
      return `is at depth ${node.depth}: use an account-level key (m/44'/60'/N'/0, a hardened account N' for deposits only)`;
    }
  } catch {
    return 'is not a valid extended public key';
  }
  return undefined;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A development node on this machine (anvil on loopback with a development chain id), the only
 * external chain allowed to run on the public development keys. Anything else (a testnet staging
 * server, production) is treated as a real chain.
 */
export function isLocalDevChain(rpcUrl: string | undefined, chainId: string | undefined): boolean {
  if (!rpcUrl) return true;
  try {
    const host = new URL(rpcUrl).hostname;
    return LOOPBACK_HOSTS.has(host) && DEV_CHAIN_IDS.includes(Number(chainId));
  } catch {
    return false;
  }
}

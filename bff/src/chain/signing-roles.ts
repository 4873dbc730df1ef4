import { computeAddress, getAddress } from 'ethers';
import type { SignerSetting } from './signer.ts';

/**
 * The platform's signing roles (decisions 058 and 063) and how the environment names each one's
 * key: `<ROLE>_PRIVATE_KEY` holds it in memory (development, or a small deployment), or
 * `<ROLE>_ADDRESS` names an account whose key stays in the signing service at `CHAIN_SIGNER_URL`
 * (a KMS or HSM behind Web3Signer): the host then never sees a private key.
 */
export const SIGNING_ROLES = [
  { role: 'treasury', key: 'TREASURY_PRIVATE_KEY', address: 'TREASURY_ADDRESS' },
  {
    role: 'minter',
    key: 'BRAND_TOKEN_MINTER_PRIVATE_KEY',
    address: 'BRAND_TOKEN_MINTER_ADDRESS',
  },
  { role: 'buyback', key: 'BUYBACK_PRIVATE_KEY', address: 'BUYBACK_ADDRESS' },
] as const;

export type SigningRole = (typeof SIGNING_ROLES)[number]['role'];

type Values = Record<string, string | undefined>;

/**
 * What is missing or contradictory in the roles' variables. `required` lists the roles that must
 * be named (on a local dev node the minter and buyback fall back to anvil's accounts).
 */
export function signingRoleProblems(values: Values, required: readonly SigningRole[]): string[] {
  const problems: string[] = [];
  for (const { role, key, address } of SIGNING_ROLES) {
    if (values[key] && values[address]) {
      problems.push(`${key} and ${address} are both set: name the key or its address, not both`);
    } else if (values[address] && !values.CHAIN_SIGNER_URL) {
      problems.push(`${address} needs CHAIN_SIGNER_URL (the signing service that holds its key)`);
    } else if (!values[key] && !values[address] && required.includes(role)) {
      problems.push(
        values.CHAIN_SIGNER_URL
          ? `${key} or ${address} is required when CHAIN_RPC_URL is set`
          : `${key} is required when CHAIN_RPC_URL is set`,
      );
    }
  }
  return problems;
}

/** A role's signer as the (already validated) environment names it, or undefined if unnamed. */
export function signerSetting(values: Values, role: SigningRole): SignerSetting | undefined {
  const names = SIGNING_ROLES.find((entry) => entry.role === role)!;
  const key = values[names.key];
  if (key) return { key };
  const address = values[names.address];
  if (address && values.CHAIN_SIGNER_URL)
    return { address: getAddress(address), signerUrl: values.CHAIN_SIGNER_URL };
  return undefined;
}

/** The address a setting signs for. */
export function settingAddress(setting: SignerSetting): string {
  return 'key' in setting ? computeAddress(setting.key) : setting.address;
}

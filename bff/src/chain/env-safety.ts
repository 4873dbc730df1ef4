import { computeAddress, getAddress, isAddress } from 'ethers';
import {
  DEV_CHAIN_IDS,
  depositXpubProblem,
  isDevAddress,
  isDevMnemonic,
  isDevPrivateKey,
  isLocalDevChain,
} from './dev-keys.ts';
import { SIGNING_ROLES } from './signing-roles.ts';

/** What the environment says about the chain, checked before the bff starts (env.ts). */

/**
 * The fewest blocks on top of a payment (its own included) before it is credited, and on top of
 * a treasury send before it is settled, on any chain but a local development node: a reorg
 * deeper than this is a risk the operator watches for (docs/decisions/030).
 */
export const MIN_CHAIN_CONFIRMATIONS = 12;

/**
 * In production, and on any chain that is not a local development node, the public development
 * keys and a shallow confirmation depth are refused, each by name. Values are never echoed: the
 * names say what is wrong.
 */
export function chainSafetyProblems(values: Record<string, string | undefined>): string[] {
  const production = values.NODE_ENV === 'production';
  if (!production && isLocalDevChain(values.CHAIN_RPC_URL, values.CHAIN_ID)) return [];
  const where = production ? 'in production' : 'on a chain that is not a local development node';
  const problems: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value && isDevMnemonic(value)) {
      problems.push(`${name} is the public development mnemonic ("test … junk"): refused ${where}`);
    }
  }
  for (const { key: name, address } of SIGNING_ROLES) {
    const key = values[name];
    if (key && isPrivateKey(key) && isDevPrivateKey(key)) {
      problems.push(
        `${name} is an anvil development key (from the public "test … junk" mnemonic): refused ${where}`,
      );
    }
    if (values[address] && isDevAddress(values[address])) {
      problems.push(
        `${address} is an anvil development account (its key is public): refused ${where}`,
      );
    }
  }
  problems.push(...keysByRoleProblems(values, where));
  if (production && values.CHAIN_ID && DEV_CHAIN_IDS.includes(Number(values.CHAIN_ID))) {
    problems.push(`CHAIN_ID ${values.CHAIN_ID} is a local development chain: refused ${where}`);
  }
  const xpub = values.ETH_DEPOSIT_XPUB;
  if (!xpub) {
    problems.push(`ETH_DEPOSIT_XPUB is required ${where} (the dev key is public)`);
  } else {
    const problem = depositXpubProblem(xpub);
    if (problem) problems.push(`ETH_DEPOSIT_XPUB ${problem}: refused ${where}`);
  }
  const confirmations = values.ETH_CONFIRMATIONS;
  if (
    confirmations &&
    /^[0-9]+$/.test(confirmations) &&
    Number(confirmations) < MIN_CHAIN_CONFIRMATIONS
  ) {
    problems.push(
      `ETH_CONFIRMATIONS must be at least ${MIN_CHAIN_CONFIRMATIONS} ${where} (got ${confirmations}: a reorg that deep would credit ETH that never arrived)`,
    );
  }
  return problems;
}

function isPrivateKey(value: string): boolean {
  return /^0x[0-9a-fA-F]{64}$/.test(value);
}

/**
 * One key per role (decisions 058 and 063): the treasury key holds the BRND float, the minter key
 * creates and mints brand tokens, the buyback key burns what was bought back, and the brand
 * tokens' admin is an address none of them controls, so a stolen hot key can neither mint at will
 * on every token, nor burn the float that backs users' balances, nor grant itself more.
 */
function keysByRoleProblems(values: Record<string, string | undefined>, where: string): string[] {
  const admin = values.BRAND_TOKEN_ADMIN_ADDRESS?.toLowerCase();
  const problems: string[] = [];
  // Each role's account, from its key or its address (a key kept by the signing service).
  const addresses = SIGNING_ROLES.map(({ key: keyName, address: addressName }) => {
    const key = values[keyName];
    if (key && isPrivateKey(key)) return [keyName, computeAddress(key)] as const;
    const address = values[addressName];
    return [addressName, isAddress(address) ? getAddress(address) : undefined] as const;
  });
  addresses.forEach(([name, own], index) => {
    const earlier = addresses.slice(0, index).find(([, other]) => own && other === own);
    if (earlier) {
      problems.push(
        `${name} is the account of ${earlier[0]}: each role needs a key of its own, refused ${where}`,
      );
    }
  });
  for (const [name, own] of addresses) {
    if (admin && own?.toLowerCase() === admin) {
      problems.push(
        `BRAND_TOKEN_ADMIN_ADDRESS is the address of ${name}: the admin must be a separate (cold) address, refused ${where}`,
      );
    }
  }
  return problems;
}

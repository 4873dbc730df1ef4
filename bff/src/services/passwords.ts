import argon2, { type HashOptions } from 'argon2';
import { randomToken } from './secrets.ts';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * Spends the same work as `verify` against a hash nobody knows the password of, so a login for
   * an unknown e-mail takes as long as one with a wrong password.
   */
  verifyDummy(password: string): Promise<void>;
  /** True when a stored hash was made with other parameters: it is upgraded at the next login. */
  needsRehash(hash: string): boolean;
}

/** Argon2id cost. Production uses the library's defaults (64 MiB, 3 passes, 4 lanes). */
export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const PRODUCTION_ARGON2_COST: Argon2Cost = {
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 4,
};

/** Only for tests: the cheapest cost argon2 accepts, so suites stay fast. */
export const TEST_ARGON2_COST: Argon2Cost = { memoryCost: 1_024, timeCost: 1, parallelism: 1 };

export function createPasswordHasher(cost: Argon2Cost = PRODUCTION_ARGON2_COST): PasswordHasher {
  const options: HashOptions = { type: argon2.argon2id, ...cost };
  // Computed up front so the first unknown-e-mail login is not slower than the rest.
  const dummyHash = argon2.hash(randomToken(), options);
  return {
    hash: (password) => argon2.hash(password, options),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
      } catch {
        // A malformed stored hash is a failed login, never a 500 that tells the account exists.
        return false;
      }
    },
    needsRehash(hash) {
      if (!hash.startsWith('$argon2id$')) return true;
      try {
        return argon2.needsRehash(hash, cost);
      } catch {
        return true;
      }
    },
    async verifyDummy(password) {
      await argon2.verify(await dummyHash, password).catch(() => false);
    },
  };
}

import { expect, test } from 'vitest';
import { PRODUCTION_ARGON2_COST, TEST_ARGON2_COST, createPasswordHasher } from './passwords.ts';

test('production hashes are argon2id at the library’s default cost', async () => {
  const hasher = createPasswordHasher(PRODUCTION_ARGON2_COST);
  const hash = await hasher.hash('Secret12!x');
  expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
  expect(await hasher.verify(hash, 'Secret12!x')).toBe(true);
  expect(await hasher.verify(hash, 'Secret12!y')).toBe(false);
  expect(hasher.needsRehash(hash)).toBe(false);
});

test('a hash made at another cost, or a malformed one, is upgraded at the next login', async () => {
  const cheap = await createPasswordHasher(TEST_ARGON2_COST).hash('Secret12!x');
  const production = createPasswordHasher(PRODUCTION_ARGON2_COST);
  expect(production.needsRehash(cheap)).toBe(true);
  expect(production.needsRehash('not-a-hash')).toBe(true);
  expect(await production.verify('not-a-hash', 'Secret12!x')).toBe(false);
});

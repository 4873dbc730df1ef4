import { HDNodeWallet, Mnemonic } from 'ethers';
import { expect, test } from 'vitest';
import { devDepositXpub } from '../../chain/deposit-addresses.ts';
import { depositXpubFor } from './sale-stack.ts';

const operatorXpub = HDNodeWallet.fromPhrase(
  Mnemonic.entropyToPhrase(new Uint8Array(16).fill(9)),
  undefined,
  "m/44'/60'/2'/0",
).neuter().extendedKey;

test('the development deposit key is used only on a development chain', () => {
  expect(depositXpubFor(31337, undefined)).toBe(devDepositXpub());
  expect(() => depositXpubFor(11155111, undefined)).toThrow(
    'ETH_DEPOSIT_XPUB is required on chain 11155111: the development key is public',
  );
  expect(() => depositXpubFor(1, devDepositXpub())).toThrow(
    'ETH_DEPOSIT_XPUB is the development key (its private keys are public): refused on chain 1',
  );
  expect(depositXpubFor(1, operatorXpub)).toBe(operatorXpub);
});

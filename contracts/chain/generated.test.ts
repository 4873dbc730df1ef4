import { expect, test } from 'vitest';
import * as generated from './generated/index.ts';
import { readSources, sourceHash } from './sources.ts';

test('the committed ABIs and bytecode were built from the current Solidity sources', () => {
  expect(generated.sourceHash, 'contracts changed: run `npm run build:chain`').toBe(sourceHash());
});

test('every contract in the sources has a generated module with its ABI and bytecode', () => {
  const declared = Object.values(readSources()).flatMap((source) =>
    [...source.matchAll(/^contract (\w+)/gm)].map((match) => match[1]),
  );
  const { sourceHash: _, ...modules } = generated;
  expect(Object.keys(modules).sort()).toEqual(declared.sort());
  for (const { abi, bytecode } of Object.values(modules)) {
    expect(abi.length).toBeGreaterThan(0);
    expect(bytecode).toMatch(/^0x(?:[0-9a-f]{2})+$/);
  }
});

import { readFileSync } from 'node:fs';
import solc from 'solc';
import { expect, test } from 'vitest';
import * as generated from './generated/index.ts';
import { packageVersion, readSources, sourceHash } from './sources.ts';

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

test('the kept standard-JSON input compiles to the committed bytecode (explorer verification)', async () => {
  const input = JSON.parse(
    readFileSync(new URL('./generated/standard-json-input.json', import.meta.url), 'utf8'),
  ) as { sources: Record<string, unknown>; settings: { outputSelection: unknown } };
  // Every import is inside: nothing is resolved from node_modules, as on an explorer.
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        ...input,
        settings: { ...input.settings, outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
  };
  expect(output.errors?.filter((error) => error.severity === 'error') ?? []).toEqual([]);
  for (const [name, source] of Object.entries(readSources())) {
    for (const [, contract] of source.matchAll(/^contract (\w+)/gm)) {
      const built = output.contracts[name]?.[contract as string]?.evm.bytecode.object;
      const module = generated[contract as keyof typeof generated] as { bytecode: string };
      expect(`0x${built}`, contract).toBe(module.bytecode);
    }
  }
}, 60_000);

test('every contract pins the compiler version it is built and verified with', () => {
  for (const [name, source] of Object.entries(readSources())) {
    expect(source, name).toMatch(new RegExp(`^pragma solidity ${packageVersion('solc')};$`, 'm'));
  }
});

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * What goes into a build of the contracts. The build records `sourceHash()` in the generated
 * index, and a test compares it with the current sources, so an edited contract that was not
 * rebuilt fails the test run instead of shipping stale bytecode.
 */

const require = createRequire(import.meta.url);

export const sourceDir = fileURLToPath(new URL('./src/', import.meta.url));
export const generatedDir = fileURLToPath(new URL('./generated/', import.meta.url));

/**
 * cancun rather than the compiler's newest default, so the bytecode also deploys on public
 * chains and rollups that have not adopted the latest hardfork.
 */
export const compilerSettings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

/** Solidity sources keyed by their source unit name (the file name inside `src/`). */
export function readSources(): Record<string, string> {
  const names = readdirSync(sourceDir)
    .filter((name) => name.endsWith('.sol'))
    .sort();
  return Object.fromEntries(names.map((name) => [name, readFileSync(sourceDir + name, 'utf8')]));
}

export function packageVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

export function sourceHash(sources: Record<string, string> = readSources()): string {
  const inputs = {
    solc: packageVersion('solc'),
    openzeppelin: packageVersion('@openzeppelin/contracts'),
    settings: compilerSettings,
    sources: Object.entries(sources).sort(([a], [b]) => a.localeCompare(b)),
  };
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
}

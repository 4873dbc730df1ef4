import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm run bench`: runs every `tests/bench/*.bench.ts` one after the other (they share the
 * machine's cores, so never in parallel) and prints each one's figures. A bench file exports
 * `run(): Promise<Record<string, string>>`.
 */

const directory = import.meta.dirname;
const only = process.argv.slice(2);
const files = (await readdir(directory))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

let failed = false;
for (const file of files) {
  const module = (await import(pathToFileURL(path.join(directory, file)).href)) as {
    run?: () => Promise<Record<string, string>>;
  };
  if (typeof module.run !== 'function') {
    console.error(`${file}: exports no run()`);
    failed = true;
    continue;
  }
  console.log(`\n${file}`);
  try {
    const figures = await module.run();
    const width = Math.max(...Object.keys(figures).map((key) => key.length));
    for (const [key, value] of Object.entries(figures)) {
      console.log(`  ${key.padEnd(width)}  ${value}`);
    }
  } catch (error) {
    console.error(`  failed: ${(error as Error).stack ?? String(error)}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);

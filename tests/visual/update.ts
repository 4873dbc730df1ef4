/**
 * `npm run test:visual:update [-- <story files or folders>]`: after a reviewed change, rewrite
 * the visual baselines (decision 053). Runs the storybook-en and storybook-pl projects with
 * Vitest's `--update` (a baseline that still matches is left alone, a changed or new one is
 * written), stores each written image small (tests/visual/compress.ts) and, after a full run
 * that passed, removes the baselines of stories that no longer exist.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { compressScreenshot, needsCompressing } from './compress.ts';
import { BASELINE_DIR, SEEN_LOG_VARIABLE } from './config.ts';

const paths = process.argv.slice(2);
const started = Date.now();
const seenLog = join(mkdtempSync(join(tmpdir(), 'visual-')), 'seen.txt');
writeFileSync(seenLog, '');

const run = spawnSync(
  'npx',
  // The paths first: `--update` takes an optional value and would swallow the path after it.
  ['vitest', 'run', ...paths, '--project', 'storybook-en', '--project', 'storybook-pl', '--update'],
  {
    stdio: 'inherit',
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', [SEEN_LOG_VARIABLE]: seenLog },
  },
);

const baselines = listPngs(BASELINE_DIR);
let written = 0;
const kinds = new Map<string, number>();
for (const file of baselines) {
  const png = readFileSync(file);
  if (!needsCompressing(png)) continue;
  const compressed = compressScreenshot(png);
  writeFileSync(file, compressed.png);
  written += 1;
  kinds.set(compressed.kind, (kinds.get(compressed.kind) ?? 0) + 1);
}

let removed = 0;
if (paths.length === 0 && run.status === 0) {
  const seen = new Set(readFileSync(seenLog, 'utf8').split('\n').filter(Boolean));
  for (const file of baselines) {
    if (seen.has(relative(BASELINE_DIR, file).replace(/\.png$/, ''))) continue;
    rmSync(file);
    removed += 1;
  }
} else if (paths.length === 0) {
  console.log('Some stories failed: no baseline was removed (a failed story takes no screenshot).');
}

const kept = listPngs(BASELINE_DIR);
const bytes = kept.reduce((sum, file) => sum + statSync(file).size, 0);
const stored = [...kinds].map(([kind, count]) => `${count} ${kind}`).join(', ') || 'none';
console.log(
  `Visual baselines: ${written} written (${stored}), ${removed} removed; ` +
    `${kept.length} images, ${(bytes / 1024 / 1024).toFixed(1)} MiB, ` +
    `in ${Math.round((Date.now() - started) / 1000)} s. Review them with git diff before committing.`,
);
process.exit(run.status ?? 1);

function listPngs(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries.filter((entry) => entry.endsWith('.png')).map((entry) => join(folder, entry));
}

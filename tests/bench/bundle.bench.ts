import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { goal } from './support.ts';

/**
 * The gzip size of the JavaScript the home page loads before it runs, next to a hello world on
 * the same framework stack (React 19, TanStack Router and Query, react-intl) built in the same
 * run. Over the goal, `npm run bench` fails (issue #21; decisions 018 and 050).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const MAX_JS_RATIO = 1.1;

const gzipSize = (bytes: Buffer | Uint8Array) => gzipSync(bytes, { level: 9 }).byteLength;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function vite(args: string[]) {
  // The Vite CLI, exactly as the app's own build runs it.
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), ...args],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) throw new Error(`vite ${args.join(' ')} failed`);
}

/** The baseline page; every JS file it has, it loads. */
async function baselineJsGzip(): Promise<number> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'brnd-baseline-'));
  try {
    vite([
      'build',
      '--config',
      path.join(import.meta.dirname, 'baseline-app', 'vite.config.ts'),
      '--outDir',
      outDir,
      '--emptyOutDir',
    ]);
    let total = 0;
    for (const file of (await readdir(path.join(outDir, 'assets'))).filter((name) =>
      name.endsWith('.js'),
    )) {
      total += gzipSize(await readFile(path.join(outDir, 'assets', file)));
    }
    return total;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * The app's entry and every chunk it imports statically, from Vite's manifest: what the browser
 * fetches and runs before the home page (a route of the entry, not a lazy one) can render.
 */
async function homeJsFiles(outDir: string): Promise<string[]> {
  const manifest = JSON.parse(
    await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  if (files.size === 0) throw new Error("Vite's manifest has no index.html entry");
  return [...files].filter((file) => file.endsWith('.js'));
}

export async function run(): Promise<Record<string, string>> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'brnd-app-'));
  try {
    // The production client build (`npm run build` less the prerender, which adds no script).
    vite([
      'build',
      '--config',
      path.join(root, 'app', 'vite.config.ts'),
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]);
    const baseline = await baselineJsGzip();
    const files = await homeJsFiles(outDir);
    let home = 0;
    for (const file of files) home += gzipSize(await readFile(path.join(outDir, file)));
    const ratio = home / baseline;
    const figures = {
      'home page JS (gzip)': `${kB(home)} in ${files.length} file(s)`,
      'baseline hello world JS (gzip)': `${kB(baseline)} (React 19 + TanStack Router + Query + react-intl)`,
      'ratio home / baseline': goal(ratio, MAX_JS_RATIO, 'atMost', 3),
    };
    if (ratio > MAX_JS_RATIO) {
      // A failed bench's figures are not printed by the runner: these are, before it fails.
      for (const [key, value] of Object.entries(figures)) console.log(`  ${key}  ${value}`);
      throw new Error(
        `home page JS ${ratio.toFixed(3)}× the baseline, over the goal of ${MAX_JS_RATIO}×`,
      );
    }
    return figures;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

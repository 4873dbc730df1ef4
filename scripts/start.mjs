#!/usr/bin/env node
// `npm start`: builds the web app only when a source it is built from changed since the last
// build, then starts the bff. A built, unchanged checkout is serving in the server's own start
// time instead of a full Vite build's.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'app', 'dist');
const stamp = path.join(dist, '.built-at');
/** What the build reads: the app, the design system, the contracts and the copy. */
const SOURCES = ['app', 'ui', 'contracts', 'locales'];
const SKIP = new Set(['node_modules', 'dist', '.vite', 'storybook-static']);

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map((dir) => newestChange(path.join(root, dir))));
if (changedAt > builtAt || !existsSync(path.join(dist, 'index.html'))) {
  console.log('sources changed since the last build: building the web app');
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Stamped with the start time: a file saved during the build makes the next start rebuild.
  writeFileSync(stamp, '');
  utimesSync(stamp, new Date(started), new Date(started));
} else {
  console.log('web app is up to date: not rebuilding');
}

const server = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
});
// Signals reach the server, which drains and exits; this wrapper exits with it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/**
 * The e2e web server: `npm start`'s server (node --import tsx bff/src/server.ts) on a fresh data
 * directory, so the embedded PostgreSQL starts empty, removed again when the server stops.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir =
  process.env.E2E_DATA_DIR ?? path.join(root, '.data', `e2e-${Date.now()}-${process.pid}`);

const server = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir },
  stdio: 'inherit',
});

let stopping = false;
function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});

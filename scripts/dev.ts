/**
 * `npm run dev`: the bff (API, database, mail catcher, outbox) on BFF_PORT and the Vite dev server
 * with hot reload on PORT, proxying /api and /dev to the bff. Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const appPort = Number(process.env.PORT ?? 3000);
const bffPort = Number(process.env.BFF_PORT ?? 3001);
const appUrl = `http://localhost:${appPort}`;
const bffUrl = `http://localhost:${bffPort}`;

function prefixLines(stream: NodeJS.ReadableStream, prefix: string, out: NodeJS.WritableStream) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => {
    if (pending) out.write(`${prefix}${pending}\n`);
  });
}

function startBff(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
    cwd: root,
    // Links in e-mails must open the page the developer is looking at, i.e. Vite, not the bff.
    env: { ...process.env, PORT: String(bffPort), APP_URL: process.env.APP_URL ?? appUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.stdout) prefixLines(child.stdout, '[bff] ', process.stdout);
  if (child.stderr) prefixLines(child.stderr, '[bff] ', process.stderr);
  return child;
}

async function waitForBff(child: ChildProcess, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`${bffUrl}/api/health`);
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

/**
 * Waits for the bff to stop. A terminal's Ctrl-C already reached it (same process group), and a
 * second signal would make it skip its clean shutdown; so a SIGTERM follows only if it is still
 * running after a while (the Ctrl-C went to this process alone), and SIGKILL as a last resort.
 */
function stopChild(child: ChildProcess, signal: NodeJS.Signals | undefined): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const nudge = setTimeout(() => child.kill('SIGTERM'), signal ? 20_000 : 8_000);
    const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(nudge);
      clearTimeout(force);
      resolve();
    });
    if (signal) child.kill(signal);
  });
}

const bff = startBff();
// Filled once Vite is up; a Ctrl-C can arrive before that.
const running: { vite?: ViteDevServer } = {};
let stopping = false;

async function stop(code: number, signalForBff?: NodeJS.Signals): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.allSettled([running.vite?.close(), stopChild(bff, signalForBff)]);
  }
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
// A SIGTERM is addressed to this process alone (a process manager, `kill`): pass it on.
process.on('SIGTERM', () => void stop(0, 'SIGTERM'));
bff.on('exit', (code, signal) => {
  if (stopping) return;
  console.error(`[dev] the bff stopped (${signal ?? `exit code ${code}`}); stopping the app too.`);
  void stop(code || 1);
});

// app/vite.config.ts proxies /api and /dev to this address.
process.env.BFF_URL = bffUrl;
running.vite = await createServer({
  configFile: fileURLToPath(new URL('../app/vite.config.ts', import.meta.url)),
  server: { port: appPort, strictPort: true },
});
await running.vite.listen();

if (await waitForBff(bff)) {
  console.log(`\nBRND (dev) running at ${appUrl}`);
  console.log(`Dev outbox: ${appUrl}/dev/outbox`);
  console.log(`API: ${bffUrl} (proxied by Vite). Press Ctrl-C to stop.\n`);
} else if (!stopping) {
  console.error(`[dev] the bff did not answer ${bffUrl}/api/health in time.`);
  await stop(1, 'SIGTERM');
}

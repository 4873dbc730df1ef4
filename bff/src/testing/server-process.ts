import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { freePort } from '../db/embedded.ts';
import { REPO_ROOT } from '../env.ts';

/**
 * `server.ts` as a child process, the way `npm run start:prod` runs it, for the tests that kill
 * it (SIGKILL: a crash, an OOM kill) and start it again on the same database and chain.
 */
export interface ServerProcess {
  baseUrl: string;
  process: ChildProcessWithoutNullStreams;
  /** Everything it wrote on stdout and stderr. */
  output(): string;
  /** Resolves once its output contains `text`; rejects if it exits first. */
  waitFor(text: string): Promise<void>;
  /** Sends `signal` and waits for the exit; nothing when it has already exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** A free port can be taken between the look-up and the listen (by the server's own simulators). */
const START_ATTEMPTS = 3;

async function startOnce(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env, PORT: String(port) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const waitFor = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(text)) {
          listeners.delete(check);
          resolve();
        }
      };
      listeners.add(check);
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
      check();
    });
  const stop = async (signal: NodeJS.Signals) => {
    if (exited()) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await gone;
  };
  await waitFor(`BRND running at http://localhost:${port}`);
  return {
    baseUrl: `http://localhost:${port}`,
    process: child,
    output: () => output,
    waitFor,
    stop,
  };
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(env);
    } catch (error) {
      if (attempt >= START_ATTEMPTS || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { HDNodeWallet } from 'ethers';

/**
 * A local dev chain: the anvil binary from the @foundry-rs/anvil npm package, spawned directly
 * (not through npx, whose npm → sh → node chain would outlive a kill of the parent).
 */

const require = createRequire(import.meta.url);

/** Foundry's well-known development mnemonic; anvil funds the accounts derived from it. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEV_CHAIN_ID = 31337;
/**
 * Funded accounts: 0 is the dev treasury, 1–9 are free for tests' wallets, the one before last
 * is the dev platform's buyback wallet (`DEV_BUYBACK_ACCOUNT`) and the last its brand token
 * minter (`DEV_MINTER_ACCOUNT`): no test may send from those two.
 */
const ACCOUNT_COUNT = 12;
export const DEV_MINTER_ACCOUNT = ACCOUNT_COUNT - 1;
export const DEV_BUYBACK_ACCOUNT = ACCOUNT_COUNT - 2;
const READY_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 3_000;

export type DevAccount = { address: string; privateKey: string };

export type Anvil = {
  rpcUrl: string;
  chainId: number;
  /** Funded accounts (10,000 ETH each), in anvil's order. */
  accounts: DevAccount[];
  stop(): Promise<void>;
};

export type StartAnvilOptions = {
  /** 0 or absent: the system picks a free port. */
  port?: number;
  chainId?: number;
};

/** Path of the anvil binary shipped in the platform package (an optional dependency). */
export function anvilBinaryPath(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`;
  try {
    return join(dirname(require.resolve(`${platformPackage}/package.json`)), 'bin', binary);
  } catch {
    throw new Error(
      `${platformPackage} is not installed: anvil has no binary for ${process.platform}/${process.arch}, or npm skipped the optional dependency (run npm ci again).`,
    );
  }
}

export function devAccounts(count = ACCOUNT_COUNT): DevAccount[] {
  // Derive the parent once: every child from the phrase would repeat the slow seed stretching.
  const parent = HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, "m/44'/60'/0'/0");
  return Array.from({ length: count }, (_, index) => {
    const wallet = parent.deriveChild(index);
    return { address: wallet.address, privateKey: wallet.privateKey };
  });
}

export async function startAnvil({
  port = 0,
  chainId = DEV_CHAIN_ID,
}: StartAnvilOptions = {}): Promise<Anvil> {
  const child = spawn(
    anvilBinaryPath(),
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--chain-id',
      String(chainId),
      '--mnemonic',
      DEV_MNEMONIC,
      '--accounts',
      String(ACCOUNT_COUNT),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // A test runner or server that exits without calling stop() must not leave the chain behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  try {
    const listeningPort = await waitForListening(child);
    const rpcUrl = `http://127.0.0.1:${listeningPort}`;
    await waitForRpc(rpcUrl, chainId);
    return {
      rpcUrl,
      chainId,
      accounts: devAccounts(),
      stop: async () => {
        process.off('exit', killOnExit);
        await stopProcess(child);
      },
    };
  } catch (error) {
    process.off('exit', killOnExit);
    await stopProcess(child);
    throw error;
  }
}

/** Reads the port from anvil's "Listening on 127.0.0.1:<port>" line, which also covers port 0. */
function waitForListening(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`anvil did not start within ${READY_TIMEOUT_MS} ms:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
      const match = /Listening on [\d.]+:(\d+)/.exec(output);
      if (match?.[1]) {
        cleanUp();
        resolve(Number(match[1]));
      }
    };
    const onExit = (code: number | null) =>
      fail(new Error(`anvil exited with code ${code} before listening:\n${output}`));
    const fail = (error: Error) => {
      cleanUp();
      reject(error);
    };
    const cleanUp = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      child.off('error', fail);
      // anvil logs every request; keep draining so a full pipe never blocks it.
      child.stdout?.resume();
      child.stderr?.resume();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', fail);
  });
}

async function waitForRpc(rpcUrl: string, chainId: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      const { result } = (await response.json()) as { result?: string };
      if (result !== undefined && Number(result) === chainId) return;
    } catch {
      // Not answering yet.
    }
    if (Date.now() > deadline) throw new Error(`anvil at ${rpcUrl} did not answer JSON-RPC`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

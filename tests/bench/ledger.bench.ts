import { benchLedger } from '@brnd/bff/ledger-bench';

/** Credits per second through the ledger vs plain INSERTs of the same rows, in one run. */
export async function run(): Promise<Record<string, string>> {
  const result = await benchLedger();
  return {
    'credits (idempotent, double-entry)': `${result.ledgerPerSecond.toFixed(0)} /s`,
    'plain INSERT of the same rows': `${result.plainPerSecond.toFixed(0)} /s`,
    'ratio ledger / plain': result.ratio.toFixed(2),
    'credits, concurrency': `${result.credits}, ${result.concurrency}`,
  };
}

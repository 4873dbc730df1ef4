import type { Logger } from '../logger.ts';

/**
 * Work started by a request that the answer does not wait for. Failures are logged; `drain()`
 * lets a shutdown (or a test) wait until everything started has finished.
 */
export interface Background {
  run(name: string, work: () => Promise<void>): void;
  drain(): Promise<void>;
}

export function createBackground(logger: Logger): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, work) {
      const task = Promise.resolve()
        .then(work)
        .catch((error: unknown) => logger.error(`background task failed: ${name}`, { err: error }))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async drain() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

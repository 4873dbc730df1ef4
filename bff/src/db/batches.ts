/**
 * Calls that arrive together leave as one statement (decisions 068 and 080): one round trip, one
 * commit and one WAL flush for all of them. A call waits up to `gatherMs` for others (0: it
 * leaves as soon as a slot is free), or until `maxBatch` have arrived; at most `inFlight`
 * statements of one instance are under way, and what arrives meanwhile forms the next batch.
 */
export interface Batching {
  gatherMs: number;
  maxBatch: number;
  inFlight: number;
}

interface Queued<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Answers a function that sends its item in a batch through `send`, which takes items and
 * answers one result per item in the same order. If a batch fails as a whole (its statement
 * rolled back: nothing of it was kept), each item is sent again alone, so one item's error is
 * its own.
 */
export function createBatcher<Item, Result>(
  batching: Batching,
  send: (items: Item[]) => Promise<Result[]>,
): (item: Item) => Promise<Result> {
  /** Items waiting for a batch, in the order they arrived. */
  const queued: Queued<Item, Result>[] = [];
  let batchesInFlight = 0;
  /** Set while the queued items are still gathering others. */
  let gathering: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    while (batchesInFlight < batching.inFlight && queued.length > 0) {
      const batch = queued.splice(0, batching.maxBatch);
      batchesInFlight += 1;
      void settle(batch).finally(() => {
        batchesInFlight -= 1;
        // Items that waited for a free slot have gathered long enough; the ones still in their
        // gathering window leave when it ends.
        if (!gathering) flush();
      });
    }
  }

  async function settle(batch: Queued<Item, Result>[]): Promise<void> {
    try {
      const results = await send(batch.map((queued) => queued.item));
      batch.forEach((queued, index) => queued.resolve(results[index]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      await Promise.all(
        batch.map((queued) =>
          send([queued.item]).then(([result]) => queued.resolve(result!), queued.reject),
        ),
      );
    }
  }

  return (item) =>
    new Promise((resolve, reject) => {
      queued.push({ item, resolve, reject });
      if (batching.gatherMs === 0 || queued.length >= batching.maxBatch) {
        clearTimeout(gathering);
        gathering = undefined;
        flush();
      } else if (!gathering) {
        gathering = setTimeout(() => {
          gathering = undefined;
          flush();
        }, batching.gatherMs);
      }
    });
}

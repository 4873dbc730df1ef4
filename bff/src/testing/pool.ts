import type { Database } from '../db/database.ts';

/**
 * Takes a connection of `db`'s pool and keeps it inside an open transaction until `release()`
 * (which waits for the transaction to end, and may be called twice): with a one-connection
 * pool, every other statement finds the pool full.
 */
export async function holdConnection(db: Database): Promise<{ release(): Promise<void> }> {
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let began!: () => void;
  const holding = new Promise<void>((resolve) => (began = resolve));
  const transaction = db.transaction(async (t) => {
    await db.query('SELECT 1', [], { transaction: t });
    began();
    await held;
  });
  await Promise.race([holding, transaction]);
  return {
    release() {
      letGo();
      return transaction;
    },
  };
}

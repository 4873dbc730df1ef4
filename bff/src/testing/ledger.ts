import { expect } from 'vitest';
import type { Database } from '../db/database.ts';

/**
 * The ledger's invariants, read from its tables: every transaction sums to zero, no account that
 * may not go negative is, and every balance equals the sum of its entries.
 */
export async function expectLedgerInvariants(db: Database): Promise<void> {
  const unbalanced = await db.query(
    'SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0',
  );
  expect(unbalanced).toEqual([]);
  const negative = await db.query(
    'SELECT id FROM ledger_accounts WHERE NOT allow_negative AND balance < 0',
  );
  expect(negative).toEqual([]);
  const drifted = await db.query(
    `SELECT a.id FROM ledger_accounts a
     LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) e
       ON e.account_id = a.id
     WHERE a.balance <> coalesce(e.total, 0)`,
  );
  expect(drifted).toEqual([]);
}

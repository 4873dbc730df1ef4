import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';

/**
 * A user row with placeholder details, for tests and benches that need an account holder rather
 * than a sign-up. Returns its id.
 */
export async function insertUserRow(db: Database, name = 'Test user'): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO users (id, name, email, mobile, password_hash, referral_code)
     VALUES ($1, $2, $3, '+48500100200', 'x', $4)`,
    [id, name, `${id}@example.test`, id.slice(0, 12)],
  );
  return id;
}

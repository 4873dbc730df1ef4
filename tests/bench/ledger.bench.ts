import { createScratchDatabase } from '@brnd/bff/bench-database';
import { LEDGER_ACCOUNTS, createLedger, userAccount } from '@brnd/bff/ledger';
import { HOT_ROW_POSTING } from './before.ts';
import { alternate, goal, onEachServer, throughput } from './support.ts';

/**
 * Ledger throughput (decisions 024 and 080). Credits of the kind votes and orders post (from the
 * supply, and from the sale's allocation, which has a floor), each through `ledger.post` with
 * every guarantee, 16 callers at once (postings that arrive together share a statement, decision
 * 080); the same with every posting in a statement of its own (as inside a caller's transaction);
 * the posting statement of before decision 024, which books on the one parent row; and the
 * shortest path to the same rows: one autocommitted statement inserting the transaction and its
 * two entries into tables without keys, locks or triggers. Alternated in rounds with a warm-up;
 * medians. Goal: ledger credits >= 0.5x the plain INSERT.
 */

const CREDITS = Number(process.env.BENCH_LEDGER_CREDITS ?? 1_500);
const CONCURRENCY = 16;
const USERS = 1_000;
const ROUNDS = 5;

const PLAIN_INSERT = `WITH t AS (
    INSERT INTO bench_plain_transactions (idempotency_key, metadata) VALUES ($1, $2)
    RETURNING idempotency_key
  )
  INSERT INTO bench_plain_entries (idempotency_key, account_id, amount)
  SELECT t.idempotency_key, e.account, e.amount::numeric
  FROM t, unnest($3::text[], $4::text[]) AS e(account, amount)`;

export async function run(): Promise<Record<string, string>> {
  return onEachServer(async ({ server }) => {
    const scratch = await createScratchDatabase(server.serverUrl, {
      prefix: 'brnd_bench_ledger',
      poolMax: CONCURRENCY + 2,
    });
    try {
      const { db } = scratch;
      await db.query(`
        CREATE TABLE bench_plain_transactions (idempotency_key text, metadata jsonb);
        CREATE TABLE bench_plain_entries (idempotency_key text, account_id text, amount numeric);
        INSERT INTO users (id, name, email, mobile, password_hash, referral_code)
          SELECT gen_random_uuid(), 'Bench', 'bench' || n || '@example.test', '+48500100200',
                 'x', 'bench' || n
          FROM generate_series(1, ${USERS}) AS n;
        INSERT INTO ledger_accounts (id, kind, user_id)
          SELECT 'user:' || id, 'user', id FROM users;
        ANALYZE;
      `);
      const users = (await db.query<{ id: string }>('SELECT id::text FROM users')).map((row) =>
        userAccount(row.id),
      );
      const ledger = createLedger(db);
      const ledgerAlone = createLedger(db, {
        batching: { gatherMs: 0, maxBatch: 1, inFlight: CONCURRENCY },
      });
      const credit = (round: number, from: string, index: number) => ({
        key: `bench:${from}:${round}:${index}`,
        accounts: [from, users[index % users.length]!],
        amounts: [-(1_000n + BigInt(index)), 1_000n + BigInt(index)],
      });
      const viaLedger =
        (from: string, through = ledger, tag = 'ledger') =>
        (round: number) =>
          throughput(CREDITS, CONCURRENCY, async (index) => {
            const { key, accounts, amounts } = credit(round, from, index);
            await through.post({
              idempotencyKey: `${tag}:${key}`,
              entries: [
                { account: accounts[0]!, amount: amounts[0]! },
                { account: accounts[1]!, amount: amounts[1]! },
              ],
              metadata: { kind: 'bench' },
            });
          });
      const viaStatement = (sql: string, from: string, tag: string) => (round: number) =>
        throughput(CREDITS, CONCURRENCY, async (index) => {
          const { key, accounts, amounts } = credit(round, from, index);
          await db.query(sql, [
            `${tag}:${key}`,
            JSON.stringify({ kind: 'bench' }),
            accounts,
            amounts.map(String),
          ]);
        });

      const medians = await alternate(
        {
          supply: viaLedger(LEDGER_ACCOUNTS.supply),
          sale: viaLedger(LEDGER_ACCOUNTS.sale),
          alone: viaLedger(LEDGER_ACCOUNTS.supply, ledgerAlone, 'alone'),
          hotRow: viaStatement(HOT_ROW_POSTING, LEDGER_ACCOUNTS.supply, 'hot'),
          plain: viaStatement(PLAIN_INSERT, LEDGER_ACCOUNTS.supply, 'plain'),
        },
        { rounds: ROUNDS, afterWarmUp: () => db.query('ANALYZE') },
      );

      // The ledger's invariants after every posting of the run, read from the tables.
      const [check] = await db.query<{ unbalanced: string; negative: string; drifted: string }>(
        `SELECT
           (SELECT count(*) FROM (SELECT transaction_id FROM ledger_entries
              GROUP BY transaction_id HAVING sum(amount) <> 0) u)::text AS unbalanced,
           (SELECT count(*) FROM ledger_accounts WHERE NOT allow_negative AND balance < 0)::text
             AS negative,
           (SELECT count(*) FROM ledger_accounts a
              LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries
                         GROUP BY account_id) e ON e.account_id = a.id
              WHERE a.balance <> coalesce(e.total, 0))::text AS drifted`,
      );
      const invariantsHold =
        check?.unbalanced === '0' && check.negative === '0' && check.drifted === '0';
      return {
        'credits from the supply (ledger.post)': `${medians.supply.toFixed(0)} /s`,
        'credits from the sale (ledger.post, floor)': `${medians.sale.toFixed(0)} /s`,
        'same, a statement each (as in a caller’s transaction)': `${medians.alone.toFixed(0)} /s`,
        'same credits, one hot row (before 024)': `${medians.hotRow.toFixed(0)} /s`,
        'plain INSERT of the same rows': `${medians.plain.toFixed(0)} /s`,
        'ratio supply / plain': goal(medians.supply / medians.plain, 0.5, 'atLeast'),
        'ratio sale / plain': goal(medians.sale / medians.plain, 0.5, 'atLeast'),
        'ratio supply / hot row': (medians.supply / medians.hotRow).toFixed(2),
        'ratio a statement each / plain': (medians.alone / medians.plain).toFixed(2),
        invariants: invariantsHold
          ? 'hold (balanced, no overdraft, balances = entries)'
          : `BROKEN ${JSON.stringify(check)}`,
        setup: `${CREDITS} credits x ${ROUNDS} rounds + warm-up, ${CONCURRENCY} concurrent, ${USERS} users, medians`,
      };
    } finally {
      await scratch.drop();
    }
  });
}

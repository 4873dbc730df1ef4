import { ConnectionAcquireTimeoutError, UniqueConstraintError } from 'sequelize';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { holdConnection } from '../testing/pool.ts';
import { openDatabase } from './database.ts';

// db.query outside a transaction skips Sequelize's query pipeline (docs/decisions/014): these
// tests pin down that callers still get what they got through Sequelize.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const VALUES_SQL = `SELECT now() AS at, now()::text AS at_text, 12.50::numeric AS price,
  9007199254740993::int8 AS big, 7::int4 AS small, true AS flag, '{"a":[1]}'::jsonb AS doc,
  ARRAY[1, 2]::int4[] AS list, NULL::text AS nothing, $1::text AS echoed`;

test('a query outside a transaction returns the same values, types and time zone as inside one, prepared or not', async () => {
  const [outside] = await app.db.query<Record<string, unknown>>(VALUES_SQL, ['żółw']);
  const [inside] = await app.db.transaction((transaction) =>
    app.db.query<Record<string, unknown>>(VALUES_SQL, ['żółw'], { transaction }),
  );
  const prepared = { prepared: 'database_test_values' };
  // Twice each: the second call runs the statement the first one prepared.
  const preparedRows = [];
  for (let call = 0; call < 2; call += 1) {
    preparedRows.push(
      (await app.db.query<Record<string, unknown>>(VALUES_SQL, ['żółw'], prepared))[0]!,
    );
    preparedRows.push(
      (
        await app.db.transaction((transaction) =>
          app.db.query<Record<string, unknown>>(VALUES_SQL, ['żółw'], { ...prepared, transaction }),
        )
      )[0]!,
    );
  }
  const withoutTime = (row: Record<string, unknown>) => {
    // Every path runs in UTC (Sequelize sets the session's time zone) and parses timestamps as Dates.
    expect(row.at).toBeInstanceOf(Date);
    expect(row.at_text).toMatch(/\+00$/);
    const { at: _at, at_text: _atText, ...rest } = row;
    return rest;
  };
  const rest = withoutTime(outside!);
  for (const row of [inside!, ...preparedRows]) expect(withoutTime(row)).toEqual(rest);
  expect(rest).toEqual({
    price: '12.50',
    big: '9007199254740993',
    small: 7,
    flag: true,
    doc: { a: [1] },
    list: [1, 2],
    nothing: null,
    echoed: 'żółw',
  });
});

test('statements with RETURNING give their rows, and several statements without binds still run', async () => {
  const rows = await app.db.query<{ n: number }>(
    'SELECT n FROM generate_series(1, 3) AS n WHERE n > $1',
    [1],
  );
  expect(rows).toEqual([{ n: 2 }, { n: 3 }]);
  expect(await app.db.query('SELECT 1 AS a; SELECT 2 AS a')).toEqual([{ a: 1 }, { a: 2 }]);
});

test('a duplicate outside a transaction is the same UniqueConstraintError as inside one', async () => {
  await app.db.query(`CREATE TABLE dup_test (key text PRIMARY KEY, note text NOT NULL DEFAULT '')`);
  await app.db.query(`INSERT INTO dup_test (key) VALUES ($1)`, ['one']);
  const outside = await app.db
    .query(`INSERT INTO dup_test (key) VALUES ($1)`, ['one'])
    .catch((error: unknown) => error);
  const inside = await app.db
    .transaction((transaction) =>
      app.db.query(`INSERT INTO dup_test (key) VALUES ($1)`, ['one'], { transaction }),
    )
    .catch((error: unknown) => error);
  const preparedInside = await app.db
    .transaction((transaction) =>
      app.db.query(`INSERT INTO dup_test (key) VALUES ($1)`, ['one'], {
        transaction,
        prepared: 'database_test_duplicate',
      }),
    )
    .catch((error: unknown) => error);
  for (const error of [outside, inside, preparedInside]) {
    expect(error).toBeInstanceOf(UniqueConstraintError);
    const unique = error as UniqueConstraintError & {
      parent: { code: string; constraint: string };
    };
    expect(unique.parent.code).toBe('23505');
    expect(unique.parent.constraint).toBe('dup_test_pkey');
    expect(unique.fields).toEqual({ key: 'one' });
  }
});

test('failed queries give their connection back: more failures than the pool holds, then a query', async () => {
  const failures = await Promise.all(
    Array.from({ length: 25 }, () =>
      app.db.query('SELECT 1 / $1::int AS x', [0]).then(
        () => null,
        (error: unknown) => (error as { parent?: { code?: string } }).parent?.code,
      ),
    ),
  );
  expect(failures).toEqual(Array.from({ length: 25 }, () => '22012'));
  expect(await app.db.query('SELECT $1::int AS x', [4])).toEqual([{ x: 4 }]);
});

test('a statement that finds every connection taken fails as Sequelize fails it, and the pool serves again once one is free', async () => {
  const small = openDatabase(app.db.url, { poolMax: 1, acquireTimeoutMs: 200 });
  const held = await holdConnection(small);
  try {
    await expect(small.query('SELECT $1::int AS x', [1])).rejects.toBeInstanceOf(
      ConnectionAcquireTimeoutError,
    );
    await expect(small.sequelize.query('SELECT 1')).rejects.toBeInstanceOf(
      ConnectionAcquireTimeoutError,
    );
    await held.release();
    expect(await small.query('SELECT $1::int AS x', [2])).toEqual([{ x: 2 }]);
  } finally {
    await held.release();
    await small.close();
  }
});

test('an unset bind value is refused rather than sent as NULL', async () => {
  await expect(app.db.query('SELECT $1::text AS x', [undefined])).rejects.toThrow(
    /\$1 has no value/,
  );
});

test('a prepared statement inside a transaction is part of it: seen by it, undone with it', async () => {
  await app.db.query(`CREATE TABLE prepared_test (key text PRIMARY KEY)`);
  const insert = (key: string, transaction: Parameters<typeof app.db.query>[2]) =>
    app.db.query(`INSERT INTO prepared_test (key) VALUES ($1) RETURNING key`, [key], transaction);
  const undone = await app.db
    .transaction(async (transaction) => {
      await insert('undone', { transaction, prepared: 'database_test_insert' });
      const seen = await app.db.query('SELECT key FROM prepared_test', [], { transaction });
      expect(seen).toEqual([{ key: 'undone' }]);
      throw new Error('roll back');
    })
    .catch((error: unknown) => (error as Error).message);
  expect(undone).toBe('roll back');
  await app.db.transaction((transaction) =>
    insert('kept', { transaction, prepared: 'database_test_insert' }),
  );
  expect(await app.db.query('SELECT key FROM prepared_test')).toEqual([{ key: 'kept' }]);
});

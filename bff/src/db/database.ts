import type pg from 'pg';
import { ConnectionAcquireTimeoutError, QueryTypes, Sequelize, type Transaction } from 'sequelize';
import { defineModels, type Models } from './models.ts';

/** The handle every service receives: the connection pool and the models bound to it. */
export interface Database {
  readonly url: string;
  readonly sequelize: Sequelize;
  readonly models: Models;
  /** Runs a parameterised SQL statement (`$1`, `$2`, …) and returns its rows. */
  query<Row extends object>(sql: string, bind?: unknown[], options?: QueryOptions): Promise<Row[]>;
  /** Runs `work` in one transaction; pass the transaction to every query inside. */
  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface QueryOptions {
  transaction?: Transaction;
  /**
   * Prepare the statement under this name, once per connection: for a statement sent so often
   * that parsing and planning it every time shows (the ledger's postings, decision 080). The
   * same name must always come with the same SQL.
   */
  prepared?: string;
}

export interface DatabaseOptions {
  poolMax?: number;
  /** How long a statement waits for a free connection before it fails; 10 s by default. */
  acquireTimeoutMs?: number;
}

type PooledClient = pg.Client & { _invalid?: boolean };

/** The parts of Sequelize's postgres dialect a direct query reuses (see `direct` below). */
interface SequelizePostgres {
  connectionManager: {
    /** sequelize-pool's pool (no replication configured: one pool). */
    pool: {
      acquire(): Promise<PooledClient>;
      release(connection: pg.Client): void;
    };
  };
  dialect: {
    Query: new (
      connection: unknown,
      sequelize: Sequelize,
      options: object,
    ) => { formatError(error: unknown, stack?: string): Error };
  };
}

/** Sequelize's array-bind handling turns NUL characters into `\0`; direct queries keep that. */
function bindValue(value: unknown): unknown {
  return typeof value === 'string' && value.includes('\0') ? value.replace(/\0/g, '\\0') : value;
}

/** Sequelize refuses an unset bind value rather than sending NULL; so do direct queries. */
function checkBind(bind: unknown[]): void {
  for (let index = 0; index < bind.length; index++) {
    if (bind[index] === undefined) throw new Error(`Bind parameter $${index + 1} has no value.`);
  }
}

type Sent = pg.QueryResult | pg.QueryResult[];

/**
 * One statement through pg's callback form, in one promise (pg's promise form makes a second).
 * Without values it runs on the simple protocol, so several statements in one string still work.
 * Only a prepared statement is sent as a query object: pg copies an object through
 * `Object.defineProperties` before it reads it (a few µs a statement), text and values it takes
 * as they are.
 */
function statement(
  connection: pg.Client,
  sql: string,
  bind: unknown[],
  prepared: string | undefined,
): Promise<Sent> {
  const values = bind.map(bindValue);
  return new Promise((resolve, reject) => {
    // The callbacks are written inline: tsx names every function assigned to a variable, at a
    // property definition per call.
    if (prepared) {
      connection.query(
        { name: prepared, text: sql, values },
        (error: Error | null, result: Sent) => (error ? reject(error) : resolve(result)),
      );
    } else {
      connection.query(sql, values, (error: Error | null, result: Sent) =>
        error ? reject(error) : resolve(result),
      );
    }
  });
}

function rowsOf<Row>(result: Sent): Row[] {
  return (Array.isArray(result) ? result.flatMap((part) => part.rows ?? []) : result.rows) as Row[];
}

export function openDatabase(url: string, options: DatabaseOptions = {}): Database {
  const sequelize = new Sequelize(url, {
    dialect: 'postgres',
    logging: false,
    pool: {
      max: options.poolMax ?? 10,
      min: 0,
      acquire: options.acquireTimeoutMs ?? 10_000,
      idle: 10_000,
    },
    dialectOptions: { connectionTimeoutMillis: 5_000 },
  });
  const models = defineModels(sequelize);
  const internals = sequelize as unknown as SequelizePostgres;
  let closed = false;

  /** As getConnection reports a full pool (sequelize-pool's TimeoutError, not our dependency). */
  function acquireFailure(error: unknown): unknown {
    return (error as Error).constructor.name === 'TimeoutError'
      ? new ConnectionAcquireTimeoutError(error as Error)
      : error;
  }

  /**
   * A statement outside a transaction runs on a connection borrowed from Sequelize's own pool,
   * straight through `pg`: no second pool (same size, same session settings and type parsers),
   * but none of Sequelize's per-query work either (option cloning, bind rewriting, a stack
   * captured for every query, result post-processing), which was half the CPU of a simple read.
   * Errors still come out as Sequelize's classes (UniqueConstraintError with `.parent`, …),
   * made by the dialect's own formatter, so callers cannot tell the two paths apart.
   * See docs/decisions/014-direct-queries.md.
   *
   * One async frame from the borrow to the rows (decision 084): every promise pays the log
   * context's promise hooks, and a second async function around the statement, or pg's promise
   * form (a promise and a `.catch` on it), added four per statement.
   */
  async function direct<Row extends object>(
    sql: string,
    bind: unknown[],
    prepared?: string,
  ): Promise<Row[]> {
    checkBind(bind);
    // Straight from the pool, past Sequelize's getConnection: it awaits two pool hooks (none
    // are registered here) and logs through `debug` on every borrow. Its one-time version check
    // is left to Sequelize's own queries, the only ones that read it.
    let connection: PooledClient;
    try {
      connection = await internals.connectionManager.pool.acquire();
    } catch (error) {
      throw acquireFailure(error);
    }
    try {
      return rowsOf<Row>(await statement(connection, sql, bind, prepared));
    } catch (error) {
      throw queryFailure(connection, error, sql, bind);
    } finally {
      internals.connectionManager.pool.release(connection);
    }
  }

  /** A statement on a transaction's own connection (a prepared one: Sequelize cannot name it). */
  async function send<Row extends object>(
    connection: PooledClient,
    sql: string,
    bind: unknown[],
    prepared?: string,
  ): Promise<Row[]> {
    checkBind(bind);
    try {
      return rowsOf<Row>(await statement(connection, sql, bind, prepared));
    } catch (error) {
      throw queryFailure(connection, error, sql, bind);
    }
  }

  /** As Sequelize reports a failed statement; called where the caller's async stack is known. */
  function queryFailure(connection: PooledClient, error: unknown, sql: string, bind: unknown[]) {
    const failure = error as Error & { code?: string; sql?: string; parameters?: unknown[] };
    // A reset connection must not go back into the pool (as Sequelize's query does it).
    if (failure.code === 'ECONNRESET') connection._invalid = true;
    failure.sql = sql;
    failure.parameters = bind;
    const query = new internals.dialect.Query(connection, sequelize, { logging: false });
    return query.formatError(failure, new Error(failure.message).stack);
  }

  return {
    url,
    sequelize,
    models,
    // Not async itself: the direct path's promise is the answer, with no second one around it.
    query<Row extends object>(
      sql: string,
      bind: unknown[] = [],
      { transaction, prepared }: QueryOptions = {},
    ) {
      if (!transaction) return direct<Row>(sql, bind, prepared);
      // Sequelize cannot name a statement: a prepared one goes straight to the transaction's
      // connection (Sequelize keeps it on the transaction, not in its typings).
      const connection = (transaction as unknown as { connection?: PooledClient }).connection;
      if (prepared && connection) return send<Row>(connection, sql, bind, prepared);
      // QueryTypes.SELECT returns rows for any statement with RETURNING, too.
      return sequelize.query<Row>(sql, {
        bind,
        type: QueryTypes.SELECT,
        transaction,
      });
    },
    transaction(work) {
      return sequelize.transaction(work);
    },
    async close() {
      if (closed) return;
      closed = true;
      await sequelize.close();
    },
  };
}

/** Name of the database a URL points at. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/** The same server, another database. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

import { QueryTypes, Sequelize, type Transaction } from 'sequelize';
import { defineModels, type Models } from './models.ts';

/** The handle every service receives: the connection pool and the models bound to it. */
export interface Database {
  readonly url: string;
  readonly sequelize: Sequelize;
  readonly models: Models;
  /** Runs a parameterised SQL statement (`$1`, `$2`, …) and returns its rows. */
  query<Row extends object>(
    sql: string,
    bind?: unknown[],
    options?: { transaction?: Transaction },
  ): Promise<Row[]>;
  /** Runs `work` in one transaction; pass the transaction to every query inside. */
  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  poolMax?: number;
}

export function openDatabase(url: string, options: DatabaseOptions = {}): Database {
  const sequelize = new Sequelize(url, {
    dialect: 'postgres',
    logging: false,
    pool: { max: options.poolMax ?? 10, min: 0, acquire: 10_000, idle: 10_000 },
    dialectOptions: { connectionTimeoutMillis: 5_000 },
  });
  const models = defineModels(sequelize);
  let closed = false;
  return {
    url,
    sequelize,
    models,
    async query<Row extends object>(
      sql: string,
      bind: unknown[] = [],
      queryOptions: { transaction?: Transaction } = {},
    ) {
      // QueryTypes.SELECT returns rows for any statement with RETURNING, too.
      return sequelize.query<Row>(sql, {
        bind,
        type: QueryTypes.SELECT,
        transaction: queryOptions.transaction ?? null,
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

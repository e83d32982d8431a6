// The shop's database connection, whatever runs it: the stores (store.ts, account-store.ts) speak
// SQL to this interface only. Two implementations: PGlite (Postgres compiled to WebAssembly,
// inside this process), the default, with no server to install and no native build on a fresh
// machine, kept in a private directory so it survives a restart, or in memory without one (the
// tests); and a PostgreSQL server through node-postgres (`pg`), which several shop processes
// share. The same SQL runs on both.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { makePrivateDirectory, restrictToOwner } from './private-files.js';

/** What one statement answers: its rows, and how many rows it changed. */
export interface QueryResult<Row> {
  rows: Row[];
  affectedRows: number;
}

/** Runs SQL with `$1`-style parameters. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
}

export interface Transaction extends Queryable {
  /** Runs statements with no parameters, such as the schema. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Transaction {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Any number; the same for every process that shares a database. */
const SCHEMA_LOCK = 7_201_611;

/**
 * Makes the tables of `schema` where missing. One process at a time: two processes that start
 * together on one server would otherwise both create a table, and one of them fail.
 */
export function createSchema(db: Db, schema: string): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await tx.exec(schema);
  });
}

/**
 * PGlite in `dataDir`, or in memory without one. A missing `dataDir` is made, with its
 * parents; the directory is 0700 and its files 0600 (it holds password hashes and orders).
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) await makePrivateDirectory(dataDir);
  const pglite = dataDir ? await PGlite.create(dataDir) : await openInMemory();
  // After the open: Postgres rewrites some files at each start. Files it adds later are made
  // 0600 by Postgres itself, and none is reachable through the 0700 directory anyway.
  if (dataDir) await restrictToOwner(dataDir);
  const query: Queryable['query'] = async (sql, params) => {
    const { rows, affectedRows } = await pglite.query<never>(sql, params);
    return { rows, affectedRows: affectedRows ?? 0 };
  };
  return {
    query,
    exec: async (sql) => void (await pglite.exec(sql)),
    transaction: (work) =>
      pglite.transaction((tx) =>
        work({
          query: async (sql, params) => {
            const { rows, affectedRows } = await tx.query<never>(sql, params);
            return { rows, affectedRows: affectedRows ?? 0 };
          },
          exec: async (sql) => void (await tx.exec(sql)),
        }),
      ),
    close: () => pglite.close(),
  };
}

/** A fresh database's files, as the first in-memory one of this process had them. */
let freshCopy: Promise<Blob> | undefined;

/**
 * A new database in memory (the tests'). The first in a process is made by Postgres's initdb,
 * seconds of WebAssembly, and copied as it is then; each later one starts from that copy, in
 * about a third of the time.
 */
async function openInMemory(): Promise<PGlite> {
  const copy = await freshCopy?.catch(() => undefined);
  if (copy) return PGlite.create({ loadDataDir: copy });
  const pglite = await PGlite.create();
  freshCopy = pglite.dumpDataDir('none');
  await freshCopy.catch(() => undefined);
  return pglite;
}

/**
 * A PostgreSQL server at `connectionString` (`postgres://user:password@host:port/database`),
 * through a pool of connections; each transaction holds one connection until it ends. Fails
 * here, with the server's reason, when the server cannot be reached.
 */
export async function openPostgres(
  connectionString: string,
  options: { log?: (line: string) => void } = {},
): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // A connection the server dropped while idle: the pool discards it and opens another when
  // needed. Without a listener the error would end the process.
  pool.on('error', (error) => options.log?.(`database connection lost: ${error.message}`));
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  const on = (client: pg.Pool | pg.PoolClient): Transaction => ({
    query: async (sql, params) => {
      const result = await client.query(sql, params);
      return { rows: result.rows, affectedRows: result.rowCount ?? 0 };
    },
    exec: async (sql) => void (await client.query(sql)),
  });
  return {
    ...on(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(on(client));
        await client.query('COMMIT');
        client.release();
        return result;
      } catch (error) {
        // A connection that cannot even roll back is not given to anyone else.
        await client.query('ROLLBACK').then(
          () => client.release(),
          (rollbackError: Error) => client.release(rollbackError),
        );
        throw error;
      }
    },
    close: () => pool.end(),
  };
}

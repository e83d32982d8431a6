// The shop's database connection, whatever runs it: the store (store.ts) speaks SQL to this
// interface only. Here, PGlite (Postgres compiled to WebAssembly, inside this process): no
// server to install and no native build on a fresh machine, kept in a private directory so it
// survives a restart, or in memory without one (the tests).
import { PGlite } from '@electric-sql/pglite';
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

export interface Db extends Queryable {
  /** Runs statements with no parameters, such as the schema. */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * PGlite in `dataDir`, or in memory without one. A missing `dataDir` is made, with its
 * parents; the directory is 0700 and its files 0600 (it holds password hashes and orders).
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) await makePrivateDirectory(dataDir);
  const pglite = await PGlite.create(dataDir);
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
        }),
      ),
    close: () => pglite.close(),
  };
}

// A throwaway PostgreSQL server from Debian's `postgresql` package, for tests: a cluster in a
// temporary directory, on a free port of 127.0.0.1, gone at stop(). Postgres refuses to run as
// root, so as root the server runs as the `postgres` user the package creates.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../sandbox/helpers.js';

const run = promisify(execFile);

/** Where Debian puts the server's programs; POSTGRES_BIN says otherwise. */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: trust authentication, no password. */
  url: string;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<TestPostgres> {
  for (const program of ['initdb', 'pg_ctl']) {
    if (!existsSync(join(POSTGRES_BIN, program))) {
      throw new Error(
        `${join(POSTGRES_BIN, program)} is missing: install Debian's PostgreSQL server (apt-get install -y postgresql, as .ci/run does), or set POSTGRES_BIN to the directory of its programs.`,
      );
    }
  }
  const dir = await mkdtemp(join(tmpdir(), 'storefront-postgres-'));
  const asRoot = userInfo().uid === 0;
  /** Runs one of the server's programs, as `postgres` when this process is root. */
  const program = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(POSTGRES_BIN, name), ...args])
      : run(join(POSTGRES_BIN, name), args);
  const data = join(dir, 'data');
  const port = await freePort();
  try {
    if (asRoot) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: group } = await run('id', ['-g', 'postgres']);
      await chown(dir, Number(stdout.trim()), Number(group.trim()));
    }
    await program('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await program('pg_ctl', [
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      join(dir, 'log'),
      '-w',
      'start',
    ]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await program('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

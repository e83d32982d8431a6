// The shop's database directory holds accounts (password hashes) and orders, so it is kept to
// the user who runs the shop, as the sandbox keeps its data directory
// (src/sandbox/persistence/data-dir.ts).
// PGlite makes its directory but not the parents, and writes most of its files 0666 whatever
// the umask (its initdb's files, and those Postgres opens through fopen): the modes are set here.
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Makes `dir` and its missing parents, 0700; an existing `dir` is made 0700 too. */
export async function makePrivateDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/** Sets `dir` and every directory under it to 0700, and every file under it to 0600. */
export async function restrictToOwner(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    await chmod(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
  }
}

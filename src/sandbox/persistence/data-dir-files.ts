// The file operations the data directory's writer needs, in Node: the journal appended through
// one handle kept open and flushed with fdatasync when the writer says (once for every change
// made meanwhile), and whole files written to a temporary file renamed over them. A file made or
// renamed is followed by an fsync of the directory, so that the name, not only the bytes, is on
// disk when a machine stops.
import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat, truncate, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { JOURNAL_FILE_NAME, readText, STATE_FILE_NAME } from './data-dir.js';

/** The file operations the writer needs; a test may slow them down or make them fail. */
export interface DataDirFiles {
  readonly stateFile: string;
  readonly journalFile: string;
  /** Appends to the journal (made 0600 if missing); not on disk until syncJournal(). */
  appendJournal(text: string): Promise<void>;
  /** Flushes every append so far to disk (fdatasync): after it, a crash keeps them. */
  syncJournal(): Promise<void>;
  /** Cuts the journal back to its first `bytes` bytes. */
  truncateJournal(bytes: number): Promise<void>;
  /** The journal from byte `offset` to its end. */
  readJournalFrom(offset: number): Promise<string>;
  /** Makes `text` the whole journal, on disk, at once; empty removes it. */
  replaceJournal(text: string): Promise<void>;
  /** Writes state.json from these pieces, through a file renamed over it: its size in bytes. */
  writeState(pieces: AsyncIterable<Uint8Array>): Promise<number>;
  /** Lets go of what the journal holds open; the next append opens it again. */
  closeJournal(): Promise<void>;
}

/** The data directory's files, in Node. */
export function dataDirFiles(dataDir: string): DataDirFiles {
  const dir = resolve(dataDir);
  const stateFile = join(dir, STATE_FILE_NAME);
  const journalFile = join(dir, JOURNAL_FILE_NAME);
  // Opened by the first append and kept: an append is then a write, not an open and a close.
  let journal: Promise<FileHandle> | undefined;
  function journalHandle(): Promise<FileHandle> {
    journal ??= (async () => {
      const handle = await open(journalFile, 'a', 0o600);
      // The journal may have just been made: its name goes to disk with its first line.
      await syncDirectory(dir).catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      return handle;
    })();
    const opening = journal;
    // A failed open is tried again by the next append.
    opening.catch(() => {
      if (journal === opening) journal = undefined;
    });
    return opening;
  }
  async function closeJournal(): Promise<void> {
    const closing = journal;
    journal = undefined;
    await (await closing?.catch(() => undefined))?.close();
  }
  return {
    stateFile,
    journalFile,
    async appendJournal(text) {
      try {
        await (await journalHandle()).writeFile(text, 'utf8');
      } catch (error) {
        // Opened afresh next time: whatever this handle had half done is cut off by then.
        await closeJournal().catch(() => undefined);
        throw error;
      }
    },
    async syncJournal() {
      try {
        await (await journalHandle()).datasync();
      } catch (error) {
        await closeJournal().catch(() => undefined);
        throw error;
      }
    },
    async truncateJournal(bytes) {
      try {
        await truncate(journalFile, bytes);
      } catch (error) {
        // Never made (its first append failed to open it): nothing to cut.
        if (!(bytes === 0 && (error as { code?: unknown }).code === 'ENOENT')) throw error;
      }
    },
    readJournalFrom: async (offset) => (await readText(journalFile, { from: offset }))?.text ?? '',
    async replaceJournal(text) {
      // The file is replaced or removed: the handle would point at the old one.
      await closeJournal();
      if (text === '') await rm(journalFile, { force: true });
      else await writeAtomically(journalFile, [Buffer.from(text, 'utf8')]);
      await syncDirectory(dir);
    },
    writeState: (pieces) => writeAtomically(stateFile, pieces),
    closeJournal,
  };
}

/** The pieces in a temporary file beside `file`, on disk, then renamed over it: its size. */
async function writeAtomically(
  file: string,
  pieces: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
): Promise<number> {
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      for await (const piece of pieces) await handle.write(piece);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
    // The rename on disk before anything that relies on it (the journal cut after state.json).
    await syncDirectory(dirname(file));
    return (await stat(file)).size;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Flushes a directory's entries (names made, renamed, removed) to disk. Windows opens no
 * directory as a file, and NTFS journals its entries itself.
 */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// The journal file as the writer uses it: appends one after another, each flushed to disk
// (fdatasync) before it resolves and before the next; a line a crash cut short, or an append or
// a flush that failed part-way, cut off before the next one, which writes it whole again; and,
// once a new state.json holds its beginning, that beginning dropped.
import type { DataDirFiles } from './data-dir-files.js';
import type { OnDisk } from './data-dir.js';

export interface JournalFile {
  /** The length of its complete lines on disk, in bytes. */
  readonly bytes: number;
  /** Appends `text` and flushes it: on disk when it resolves. */
  append(text: string): Promise<void>;
  /** Runs `read` between appends, when `bytes` ends a line and no append is under way. */
  between<T>(read: () => T): Promise<T>;
  /** Drops the first `bytes` bytes, which a new state.json holds. */
  dropHead(bytes: number): Promise<void>;
  /** Lets go of the open file, once the appends asked for are done. */
  close(): Promise<void>;
}

export function openJournalFile(files: DataDirFiles, onDisk: OnDisk): JournalFile {
  let bytes = onDisk.journalBytes;
  let damaged = onDisk.tornBytes > 0;
  // Operations run one after another: an append never meets a truncation.
  let turn: Promise<unknown> = Promise.resolve();
  function inTurn<T>(operation: () => Promise<T>): Promise<T> {
    const result = turn.then(operation, operation);
    turn = result.catch(() => undefined);
    return result;
  }

  return {
    get bytes() {
      return bytes;
    },
    append: (text) =>
      inTurn(async () => {
        if (damaged) {
          await files.truncateJournal(bytes);
          damaged = false;
        }
        try {
          await files.appendJournal(text);
          // A failed flush may have lost any of the bytes just written: they are cut off and
          // written again, so a flush that succeeds later covers each of them.
          await files.syncJournal();
        } catch (error) {
          damaged = true;
          throw error;
        }
        bytes += Buffer.byteLength(text);
      }),
    between: (read) => inTurn(async () => read()),
    dropHead: (head) =>
      inTurn(async () => {
        await files.replaceJournal(await files.readJournalFrom(head));
        bytes -= head;
      }),
    close: () => inTurn(() => files.closeJournal()),
  };
}

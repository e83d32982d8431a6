// Keeps the sandbox's state in its data directory (data-dir.ts) as it changes. A save appends
// what changed since the last one to the journal and flushes it to disk (fdatasync), so its cost
// follows the change, not the size of the state. Saves run one at a time, with at most one more
// waiting, which takes every change made meanwhile: a group commit, one flush for every caller
// that came while the previous one ran. An answer that acknowledges a change, and a webhook
// delivery, wait for flush() (transports/kept-sandbox.ts); a change nobody waits for is saved
// within SAVE_DELAY_MS. Once the journal outgrows state.json, state.json is written anew in the
// background while saves go on (compactor.ts), and the journal keeps only what came after.
import type { ServiceState } from '../service/state.js';
import { createCompactor, isAbort } from './compactor.js';
import type { DataDirFiles } from './data-dir-files.js';
import { SandboxDataError, unwritable, type OnDisk } from './data-dir.js';
import { openJournalFile } from './journal-file.js';
import { journalText } from './journal.js';
import { merchantOf } from './snapshot.js';

/** Changes nobody waits for, made within this long of the first, are saved together. */
export const SAVE_DELAY_MS = 200;
/**
 * state.json is written anew once the journal is this many times its size (and at least
 * COMPACT_MIN_BYTES): the state is written again about once for every COMPACT_RATIO times its
 * size in changes, and a start after a crash replays at most that much more than it reads in
 * state.json (a clean stop folds the journal in: FOLD_ON_CLOSE_MAX_MS).
 */
export const COMPACT_RATIO = 2;
export const COMPACT_MIN_BYTES = 4 * 1024 * 1024;
const outgrown = (journalBytes: number, stateBytes: number) =>
  journalBytes > Math.max(COMPACT_MIN_BYTES, stateBytes * COMPACT_RATIO);
/**
 * A clean stop folds the journal into state.json, so the next start reads one file and replays
 * nothing (about a second for the 63 MB of 30,000 payments on a 2-core machine: `npm run
 * bench`), unless the fold takes longer than this: then it is stopped, and the journal left for
 * the next start to replay, so a stop stays within its limit whatever the size and the machine.
 */
export const FOLD_ON_CLOSE_MAX_MS = 2_000;
/**
 * A journal under this share of state.json is left at a clean stop for the next start to replay
 * (a few lines: no time) instead of folded in (state.json written whole: a second at 30,000
 * payments), so stopping a sandbox that changed little since it started is quick at any size.
 */
export const FOLD_ON_CLOSE_MIN_SHARE = 1 / 64;

export interface DataDirWriter {
  /** Notes a change nobody waits for: it is saved within SAVE_DELAY_MS, with what follows. */
  changed(): void;
  /**
   * Saves every change made before the call: resolves once they are on disk, rejects with a
   * SandboxDataError when they could not be written (they stay in memory, and the next save
   * tries them again). Callers that come while a save is being written share the next one.
   */
  flush(): Promise<void>;
  /** The last save failed: changes since are in memory only, until a save succeeds. */
  readonly failing: boolean;
  /** Writes state.json anew from the state now, and drops from the journal what it holds. */
  compact(): Promise<void>;
  /**
   * Flushes, folds the journal into state.json unless it is small or the fold slow, then ignores
   * changes; a flush after it rejects.
   */
  close(): Promise<void>;
}

const ignore = () => undefined;

/**
 * Keeps `state` in the data directory of `files`, from where readDataDir left it. A save that
 * fails is logged (one line when saves start failing, one when they work again; never the
 * state); nothing it held is lost while the process runs.
 */
export function createDataDirWriter(
  state: ServiceState,
  files: DataDirFiles,
  onDisk: OnDisk,
  options: { log?: (line: string) => void } = {},
): DataDirWriter {
  const journal = openJournalFile(files, onDisk);
  let lastSeq = onDisk.lastSeq;
  const compactor = createCompactor(state, files, journal, () => lastSeq, onDisk.stateBytes);
  // Journal text not appended yet (its append failed): it goes first next time.
  let unwritten = '';
  let writtenMerchant: string | undefined;
  let failing = false;
  let dirty = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function save(): Promise<void> {
    dirty = false;
    const apiKeys = await state.apiKeys.export();
    // From here to the append, nothing else runs: one moment's changes.
    const merchant = JSON.stringify(merchantOf(state, apiKeys));
    const changes = journalText(
      state,
      lastSeq + 1,
      merchant === writtenMerchant ? undefined : merchant,
    );
    lastSeq = changes.lastSeq;
    writtenMerchant = merchant;
    unwritten += changes.text;
    if (unwritten === '') return;
    const text = unwritten;
    try {
      await journal.append(text);
    } catch (error) {
      const failure = unwritable(files.journalFile, error);
      if (!failing) options.log?.(`could not save the state: ${failure.message}`);
      failing = true;
      throw failure;
    }
    unwritten = unwritten.slice(text.length);
    if (failing) options.log?.('saved the state again: every change kept in memory is on disk');
    failing = false;
    if (outgrown(journal.bytes, compactor.stateBytes) && !compactor.running && !closed) {
      compactor.run().catch((error: unknown) => {
        // Stopped by close(): the journal still holds everything.
        if (isAbort(error)) return;
        options.log?.(`could not compact the state: ${(error as Error).message}`);
      });
    }
  }

  const saves = groupCommit(save, () => {
    if (dirty) schedule();
  });
  /** Every change made so far, on disk. */
  function saveAll(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    return saves.run();
  }

  function schedule(): void {
    if (closed || timer !== undefined || saves.running) return;
    // Failures are logged by save(); the next change or flush tries again.
    timer = setTimeout(() => void saveAll().catch(ignore), SAVE_DELAY_MS);
  }

  return {
    changed() {
      if (closed) return;
      dirty = true;
      schedule();
    },
    flush() {
      if (!closed) return saveAll();
      return Promise.reject(
        new SandboxDataError(
          files.journalFile,
          'The sandbox has stopped: nothing more is written to its data directory.',
        ),
      );
    },
    get failing() {
      return failing;
    },
    compact: () => compactor.run(),
    async close() {
      if (closed) return;
      closed = true;
      try {
        // A rewrite under way in the background may be long: the journal holds all it would.
        await compactor.stop();
        await saveAll();
        const small = journal.bytes < compactor.stateBytes * FOLD_ON_CLOSE_MIN_SHARE;
        if (journal.bytes === 0 || small) return;
        const late = setTimeout(() => void compactor.stop(), FOLD_ON_CLOSE_MAX_MS);
        try {
          await compactor.run();
        } catch (error) {
          if (!isAbort(error)) throw error;
        } finally {
          clearTimeout(late);
        }
      } finally {
        await journal.close();
      }
    },
  };
}

/**
 * Runs `save` one at a time. A call while one runs shares the next, which starts once it ends and
 * takes every change made until then: one flush for every caller that came meanwhile. `settled`
 * is told when a save ends and none follows at once.
 */
function groupCommit(
  save: () => Promise<void>,
  settled: () => void,
): { run(): Promise<void>; readonly running: boolean } {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  function begin(): Promise<void> {
    const run = save();
    running = run;
    const ended = () => {
      if (running !== run) return;
      running = undefined;
      // The next save, when callers wait for one, begins right after this.
      if (!next) settled();
    };
    run.then(ended, ended);
    return run;
  }
  return {
    run() {
      if (next) return next;
      if (!running) return begin();
      next = running.then(ignore, ignore).then(() => {
        next = undefined;
        return begin();
      });
      return next;
    },
    get running() {
      return running !== undefined || next !== undefined;
    },
  };
}

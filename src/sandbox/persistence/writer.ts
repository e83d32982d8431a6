// Keeps the sandbox's state in its data directory (data-dir.ts) as it changes. A save appends
// what changed since the last one to the journal, so its cost follows the change, not the size
// of the state. Saves run one at a time, with at most one more waiting, which takes every change
// made meanwhile. Once the journal outgrows state.json, state.json is written anew in the
// background while saves go on, and the journal keeps only what came after.
import type { ServiceState } from '../service/state.js';
import { unwritable, type DataDirFiles, type OnDisk } from './data-dir.js';
import { openJournalFile, type JournalFile } from './journal-file.js';
import { journalText } from './journal.js';
import { sealed } from './seal.js';
import { merchantOf, secretsOf, storedRecord, tableOf } from './snapshot.js';
import { RECORD_KINDS, SANDBOX_STATE_VERSION } from './state.js';

/** Changes within this long of the first are appended together, in one save. */
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
/** state.json is written in pieces of about this many characters, so requests go on between. */
const STATE_PIECE_CHARS = 256 * 1024;

export interface DataDirWriter {
  /** Notes a change: it is appended within SAVE_DELAY_MS, with every change that follows. */
  changed(): void;
  /** Appends what changed now; resolves once it is on disk, rejects if it could not be. */
  flush(): Promise<void>;
  /** Writes state.json anew from the state now, and drops from the journal what it holds. */
  compact(): Promise<void>;
  /**
   * Flushes, folds the journal into state.json unless it is small or the fold slow, then ignores
   * changes.
   */
  close(): Promise<void>;
}

/**
 * Keeps `state` in the data directory of `files`, from where readDataDir left it. A save that
 * fails in the background is logged (one line, never the state) and tried again with the next
 * change or flush; nothing it held is lost.
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
  let dirty = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> | undefined;
  const logFailure = (what: string) => (error: unknown) =>
    options.log?.(`could not ${what}: ${(error as Error).message}`);
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
      throw unwritable(files.journalFile, error);
    }
    unwritten = unwritten.slice(text.length);
    if (outgrown(journal.bytes, compactor.stateBytes) && !compactor.running && !closed) {
      compactor.run().catch((error: unknown) => {
        // Stopped by close(): the journal still holds everything.
        if (!isAbort(error)) logFailure('compact the state')(error);
      });
    }
  }

  function runSave(): Promise<void> {
    const run = save().finally(() => {
      saving = undefined;
      if (dirty) schedule();
    });
    saving = run;
    return run;
  }

  function schedule(): void {
    if (closed || timer !== undefined || saving) return;
    timer = setTimeout(() => {
      timer = undefined;
      runSave().catch(logFailure('save the state'));
    }, SAVE_DELAY_MS);
  }

  async function flush(): Promise<void> {
    // Waits for the save under way (which may schedule another), then saves once.
    for (;;) {
      clearTimeout(timer);
      timer = undefined;
      if (!saving) break;
      await saving.catch(() => undefined);
    }
    await runSave();
  }

  return {
    changed() {
      if (closed) return;
      dirty = true;
      schedule();
    },
    flush,
    compact: () => compactor.run(),
    async close() {
      if (closed) return;
      closed = true;
      // A rewrite under way in the background may be long: the journal holds all it would.
      await compactor.stop();
      await flush();
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
    },
  };
}

/** A rewrite stopped part-way, which leaves state.json as it was and the journal whole. */
const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** Rewrites of state.json, one at a time. */
interface Compactor {
  /** The size of state.json as last written. */
  readonly stateBytes: number;
  readonly running: boolean;
  /** Writes state.json from the state now (or joins the rewrite under way), then cuts from the journal what it holds. */
  run(): Promise<void>;
  /** Stops a rewrite under way, leaving state.json as it was. */
  stop(): Promise<void>;
}

function createCompactor(
  state: ServiceState,
  files: DataDirFiles,
  journal: JournalFile,
  lastSeq: () => number,
  stateBytes: number,
): Compactor {
  let running: { done: Promise<void>; stop: AbortController } | undefined;

  async function fold(stop: AbortSignal): Promise<void> {
    // Between appends: every change up to `fromSeq` is in the journal before `fromBytes`, or
    // not appended yet; either way in the state about to be written.
    const { fromSeq, fromBytes } = await journal.between(() => ({
      fromSeq: lastSeq(),
      fromBytes: journal.bytes,
    }));
    try {
      stateBytes = await files.writeState(sealed(statePieces(state, fromSeq, stop)));
    } catch (error) {
      throw stop.aborted ? error : unwritable(files.stateFile, error);
    }
    await journal.dropHead(fromBytes);
  }

  return {
    get stateBytes() {
      return stateBytes;
    },
    get running() {
      return running !== undefined;
    },
    run() {
      if (!running) {
        const stop = new AbortController();
        const done = fold(stop.signal).finally(() => {
          running = undefined;
        });
        running = { done, stop };
      }
      return running.done;
    },
    async stop() {
      running?.stop.abort();
      await running?.done.catch(() => undefined);
    },
  };
}

/**
 * The state as state.json holds it, in pieces, without the closing brace (its seal goes
 * before): the records first, then the merchant's settings (their counters read after every
 * record, so they count each one), and the last journal line it holds. Records may change
 * between pieces: the journal lines after `journalSeq` repeat every such change, so a replay
 * ends where the state did.
 */
async function* statePieces(
  state: ServiceState,
  journalSeq: number,
  stop: AbortSignal,
): AsyncGenerator<string> {
  yield `{"version":${SANDBOX_STATE_VERSION},"merchantId":${JSON.stringify(state.merchantId)},"secrets":${JSON.stringify(secretsOf(state))}`;
  for (const kind of RECORD_KINDS) {
    let piece = `,${JSON.stringify(kind)}:[`;
    let first = true;
    for (const row of tableOf(state, kind).values()) {
      piece += `${first ? '' : ','}${JSON.stringify(storedRecord(kind, row))}`;
      first = false;
      if (piece.length >= STATE_PIECE_CHARS) {
        stop.throwIfAborted();
        yield piece;
        piece = '';
      }
    }
    yield `${piece}]`;
  }
  const apiKeys = await state.apiKeys.export();
  stop.throwIfAborted();
  const merchant = JSON.stringify(merchantOf(state, apiKeys));
  yield `,${merchant.slice(1, -1)},"journalSeq":${journalSeq}`;
}

// Rewrites of state.json from the state in memory, one at a time, in pieces, so requests go on
// between them; once one is on disk, the journal lines it holds are dropped. The writer
// (writer.ts) starts one once the journal outgrows state.json, and at a clean stop.
import type { ServiceState } from '../service/state.js';
import type { DataDirFiles } from './data-dir-files.js';
import { unwritable } from './data-dir.js';
import type { JournalFile } from './journal-file.js';
import { sealed } from './seal.js';
import { merchantOf, secretsOf, storedRecord, tableOf } from './snapshot.js';
import { RECORD_KINDS, SANDBOX_STATE_VERSION } from './state.js';

/** state.json is written in pieces of about this many characters, so requests go on between. */
const STATE_PIECE_CHARS = 256 * 1024;

/** A rewrite stopped part-way, which leaves state.json as it was and the journal whole. */
export const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** Rewrites of state.json, one at a time. */
export interface Compactor {
  /** The size of state.json as last written. */
  readonly stateBytes: number;
  readonly running: boolean;
  /** Writes state.json from the state now (or joins the rewrite under way), then cuts from the journal what it holds. */
  run(): Promise<void>;
  /** Stops a rewrite under way, leaving state.json as it was. */
  stop(): Promise<void>;
}

export function createCompactor(
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

// The sandbox's state in a file, Node only: `state.json` in a data directory. It holds secrets,
// so the directory is made 0700 and the file written 0600. Each save writes the whole state to
// a temporary file beside it and renames that over it, so a crash leaves the old state or the
// new, never half of one. A file this build cannot use is never written over: the sandbox does
// not start, and the error names the file and says what to do.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { formatIssues } from '../../core/errors.js';
import { parseSandboxState, SANDBOX_STATE_VERSION, type SandboxState } from './state.js';

export const STATE_FILE_NAME = 'state.json';
/** Changes within this long of the first are written together, in one save. */
export const SAVE_DELAY_MS = 200;

/** The data file cannot be used or written; `file` is its path. The message says what to do. */
export class SandboxDataError extends Error {
  override name = 'SandboxDataError';
  readonly file: string;
  constructor(file: string, message: string) {
    super(message);
    this.file = file;
  }
}

/** The state file of a data directory, as an absolute path. */
export function stateFileIn(dataDir: string): string {
  return join(resolve(dataDir), STATE_FILE_NAME);
}

/**
 * The state kept in `file`, or undefined when there is none yet (its directory is made, 0700).
 * With `merchantId`, a state of another merchant is refused too.
 */
export async function readStateFile(
  file: string,
  expected: { merchantId?: string } = {},
): Promise<SandboxState | undefined> {
  try {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw unusable(dirname(file), `cannot be made a data directory (${codeOf(error)})`);
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw unusable(file, `cannot be read (${codeOf(error)})`);
  }
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch {
    // Not the parser's message: it quotes the file, and the file holds secrets.
    throw unusable(file, 'is not valid JSON');
  }
  // Checked before the shape: a newer state may not parse, and "newer" says what happened.
  const version = (content as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > SANDBOX_STATE_VERSION) {
    throw unusable(
      file,
      `was written by a newer sandbox (state version ${version}; this one reads version ${SANDBOX_STATE_VERSION})`,
    );
  }
  const parsed = parseSandboxState(content);
  if (!parsed.ok) {
    throw unusable(
      file,
      `does not hold a sandbox state this version reads (${formatIssues(parsed.issues.slice(0, 3))})`,
    );
  }
  const state = parsed.value;
  if (expected.merchantId !== undefined && expected.merchantId !== state.merchantId) {
    throw unusable(
      file,
      `holds the sandbox of merchant ${JSON.stringify(state.merchantId)}, not of ${JSON.stringify(expected.merchantId)}`,
    );
  }
  return state;
}

export interface StateWriter {
  /** Notes a change: it is written within SAVE_DELAY_MS, with every change that follows. */
  changed(): void;
  /** Writes what changed now; resolves once it is on disk, rejects if it could not be. */
  flush(): Promise<void>;
  /** Flushes, then ignores any later change. */
  close(): Promise<void>;
}

/**
 * Saves `snapshot()` to `file` after changes, at most once per SAVE_DELAY_MS and one save at a
 * time. A save that fails in the background is logged (one line, never the state) and tried
 * again on the next change or flush.
 */
export function createStateWriter(
  file: string,
  snapshot: () => Promise<SandboxState>,
  options: { log?: (line: string) => void } = {},
): StateWriter {
  let dirty = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> = Promise.resolve();
  // What is on disk: a state that has not changed is not written again.
  let written: string | undefined;

  async function save(): Promise<void> {
    dirty = false;
    try {
      const text = `${JSON.stringify(await snapshot(), null, 2)}\n`;
      if (text === written) return;
      await writeAtomically(file, text);
      written = text;
    } catch (error) {
      dirty = true;
      throw error instanceof SandboxDataError ? error : unwritable(file, error);
    }
  }

  /** Saves after the save under way, if any: saves never overlap. */
  function queueSave(): Promise<void> {
    saving = saving.then(save, save);
    return saving;
  }

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    await saving.catch(() => undefined);
    if (dirty) await queueSave();
  }

  return {
    changed() {
      if (closed) return;
      dirty = true;
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        queueSave().catch((error: unknown) => {
          options.log?.(`could not save the state: ${(error as Error).message}`);
        });
      }, SAVE_DELAY_MS);
    },
    flush,
    async close() {
      try {
        await flush();
      } finally {
        closed = true;
        clearTimeout(timer);
      }
    },
  };
}

/** The whole text in a temporary file beside `file`, on disk, then renamed over `file`. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function unusable(file: string, problem: string): SandboxDataError {
  return new SandboxDataError(
    file,
    `${file} ${problem}. The sandbox did not start and left it as it is: move it aside (or delete it to start afresh), or point SANDBOX_DATA_DIR (the dataDir option) at another directory.`,
  );
}

function unwritable(file: string, error: unknown): SandboxDataError {
  return new SandboxDataError(
    file,
    `${file} cannot be written (${codeOf(error)}): make its directory writable, or point SANDBOX_DATA_DIR (the dataDir option) at another directory.`,
  );
}

/** A file system error's code (ENOENT, EACCES…), which says what went wrong without contents. */
function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown error';
}

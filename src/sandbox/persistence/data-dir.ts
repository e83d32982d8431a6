// The sandbox's state in a data directory, Node only: `state.json`, the whole state as of some
// moment, and `journal.jsonl`, every change since, appended as it happens (journal.ts; the
// writer that keeps both is writer.ts, through the file operations of data-dir-files.ts). Both hold secrets: the directory is made 0700 and the
// files 0600. state.json is written to a temporary file renamed over it, so a crash leaves the
// old one or the new one; a journal line a crash cut short is dropped. Files this build cannot
// use are never written over: the sandbox does not start, and the error names the file and
// says what to do.
import { mkdir, open } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { formatIssues } from '../../core/errors.js';
import type { Validation } from '../../core/validate.js';
import { JournalError, replayJournal } from './journal.js';
import { SEAL_KEY, sealCheck } from './seal.js';
import { parseSandboxState, withoutCopiedBodies } from './parse-state.js';
import { SANDBOX_STATE_VERSION, type SandboxState } from './state.js';

/**
 * The file in a data directory that holds the sandbox's whole state as of some moment; the
 * journal beside it holds every change since.
 */
export const STATE_FILE_NAME = 'state.json';
export const JOURNAL_FILE_NAME = 'journal.jsonl';

/** A data file cannot be used or written; `file` is its path. The message says what to do. */
export class SandboxDataError extends Error {
  override name = 'SandboxDataError';
  readonly file: string;
  constructor(file: string, message: string) {
    super(message);
    this.file = file;
  }
}

/** What readDataDir found on disk, where the writer starts from. */
export interface OnDisk {
  /** The sequence number of the last change on disk (0: none yet). */
  lastSeq: number;
  /** The journal's complete lines, in bytes. */
  journalBytes: number;
  /** Bytes after them: a line a crash cut short, removed before anything is appended. */
  tornBytes: number;
  stateBytes: number;
}

export interface KeptState {
  state: SandboxState;
  onDisk: OnDisk;
  /** state.json is of an older version: write it anew before appending to it. */
  outdated: boolean;
}

/**
 * The state kept in the directory, its journal replayed; undefined when there is none yet (the
 * directory is made, 0700). With `merchantId`, a state of another merchant is refused too.
 * `nowMs` dates what an older version did not keep the time of.
 */
export async function readDataDir(
  dataDir: string,
  expected: { merchantId?: string; nowMs?: number } = {},
): Promise<KeptState | undefined> {
  const stateFile = join(resolve(dataDir), STATE_FILE_NAME);
  const journalFile = join(resolve(dataDir), JOURNAL_FILE_NAME);
  try {
    await mkdir(dirname(stateFile), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw unusable(dirname(stateFile), `cannot be made a data directory (${codeOf(error)})`);
  }
  const seal = sealCheck();
  const stateText = await readText(stateFile, { onBytes: seal.update });
  const journalText = await readText(journalFile);
  const journal = journalText?.text ?? '';
  if (stateText === undefined) {
    if (journal !== '') throw unusable(journalFile, `has no ${STATE_FILE_NAME} beside it`);
    return undefined;
  }
  const { state, version, journalSeq } = parseStateFile(
    stateFile,
    stateText.text,
    seal.sealed(),
    expected,
  );
  let replayed;
  try {
    replayed = replayJournal(state, journal, journalSeq);
  } catch (error) {
    if (!(error instanceof JournalError)) throw error;
    throw unusable(journalFile, `cannot be replayed: ${error.message}`);
  }
  const outdated = version < SANDBOX_STATE_VERSION;
  return {
    // The journal is of the version of state.json: its deliveries too may copy bodies.
    state: outdated ? withoutCopiedBodies(replayed.state) : replayed.state,
    outdated,
    onDisk: {
      lastSeq: replayed.lastSeq,
      journalBytes: replayed.validBytes,
      tornBytes: (journalText?.bytes ?? 0) - replayed.validBytes,
      stateBytes: stateText.bytes,
    },
  };
}

/**
 * Bytes of a data file read at a time, into one buffer. Read whole, a file's bytes took fresh
 * memory as large as the file before its text took as much again: at 30,000 payments that was
 * about 0.15 s of a 2 s start (`npm run bench`).
 */
export const READ_CHUNK_BYTES = 1 << 20;

export interface ReadTextOptions {
  /** The byte to start at; 0 unless given. */
  from?: number;
  /** Is given each piece of the file as it is read, before the buffer is reused. */
  onBytes?: (bytes: Uint8Array) => void;
  chunkBytes?: number;
}

/**
 * A data file's text from byte `from` to its end, and how many bytes that is, read a piece at a
 * time; undefined when there is no such file.
 */
export async function readText(
  file: string,
  { from = 0, onBytes, chunkBytes = READ_CHUNK_BYTES }: ReadTextOptions = {},
): Promise<{ text: string; bytes: number } | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw unusable(file, `cannot be read (${codeOf(error)})`);
  }
  try {
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.allocUnsafe(chunkBytes);
    const parts: string[] = [];
    let bytes = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, chunkBytes, from + bytes);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      onBytes?.(chunk);
      parts.push(decoder.write(chunk));
      bytes += bytesRead;
    }
    parts.push(decoder.end());
    return { text: parts.join(''), bytes };
  } catch (error) {
    throw unusable(file, `cannot be read (${codeOf(error)})`);
  } finally {
    await handle.close();
  }
}

/**
 * The state in state.json's `text`. `sealed`: the file ends with the seal of its own bytes
 * (seal.ts), so its records are not checked again.
 */
function parseStateFile(
  file: string,
  text: string,
  sealed: boolean,
  expected: { merchantId?: string; nowMs?: number },
): { state: SandboxState; version: number; journalSeq: number } {
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch {
    // Not the parser's message: it quotes the file, and the file holds secrets.
    throw unusable(file, 'is not valid JSON');
  }
  const fields = (content ?? {}) as { version?: unknown; journalSeq?: unknown };
  // Checked before the shape: a newer state may not parse, and "newer" says what happened.
  const { version } = fields;
  if (typeof version === 'number' && version > SANDBOX_STATE_VERSION) {
    throw unusable(
      file,
      `was written by a newer sandbox (state version ${version}; this one reads version ${SANDBOX_STATE_VERSION})`,
    );
  }
  const parsed: Validation<SandboxState> =
    sealed && version === SANDBOX_STATE_VERSION
      ? { ok: true, value: stateIn(content as Record<string, unknown>) }
      : parseSandboxState(content, expected.nowMs);
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
  // A state an older version wrote, or one a person put there, has no journal yet.
  const { journalSeq = 0 } = fields;
  if (typeof journalSeq !== 'number' || !Number.isSafeInteger(journalSeq) || journalSeq < 0) {
    throw unusable(file, 'holds a journalSeq that is not a count');
  }
  return { state, version: version as number, journalSeq };
}

/** The state a file this sandbox wrote holds: its fields without those about the file. */
function stateIn(content: Record<string, unknown>): SandboxState {
  const { journalSeq: _journalSeq, [SEAL_KEY]: _seal, ...state } = content;
  return state as unknown as SandboxState;
}

function unusable(file: string, problem: string): SandboxDataError {
  return new SandboxDataError(
    file,
    `${file} ${problem}. The sandbox did not start and left it as it is: move it aside (or delete the directory to start afresh), or point SANDBOX_DATA_DIR (the dataDir option) at another directory.`,
  );
}

export function unwritable(file: string, error: unknown): SandboxDataError {
  if (error instanceof SandboxDataError) return error;
  const code = codeOf(error);
  const remedy = FULL_DISK.has(code)
    ? 'free space on its disk'
    : code === 'EIO'
      ? 'check the disk it is on'
      : 'make its directory writable';
  return new SandboxDataError(
    file,
    `${file} cannot be written (${code}): ${remedy}, or point SANDBOX_DATA_DIR (the dataDir option) at another directory.`,
  );
}

/** Codes of a disk, or a user's share of it, with no room left. */
const FULL_DISK = new Set(['ENOSPC', 'EDQUOT']);

/** A file system error's code (ENOENT, EACCES…), which says what went wrong without contents. */
function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown error';
}

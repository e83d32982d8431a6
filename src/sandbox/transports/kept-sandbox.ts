// The sandbox with its state kept in a data directory (Node only): read at start, every change
// saved after it, and nothing acknowledged before it is on disk. A 2xx answer to a request that
// may change the state (any method but GET, HEAD and OPTIONS) leaves once every change made
// before it is in the journal and flushed (fdatasync), and each webhook attempt leaves once the
// event it announces and the payment behind it are; one flush serves everything waiting for it
// at that moment (a group commit, persistence/writer.ts). Reads answer at once.
import { dataDirFiles, type DataDirFiles } from '../persistence/data-dir-files.js';
import { readDataDir } from '../persistence/data-dir.js';
import { createDataDirWriter, type DataDirWriter } from '../persistence/writer.js';
import type { Sandbox, SandboxConnection, SandboxOptions } from '../sandbox.js';
import { corsHeaders, errorResponse, HttpError } from '../service/http.js';
import { openSandbox } from './fetch-handler.js';

/** A transport's request handler: the sandbox's, the console's. */
export type Handler = (request: Request, connection?: SandboxConnection) => Promise<Response>;

export interface KeptSandbox {
  readonly sandbox: Sandbox;
  /**
   * `handle`, whose answers acknowledge only what is on disk. `cors`: its refusals carry the
   * CORS headers a page needs to read them (the service's routes; not the console's).
   */
  keep(handle: Handler, options?: { cors?: boolean }): Handler;
  /**
   * Writes the state read, so that the secrets of what is signed from then on are kept: state.json
   * anew when there was none or it is of an older version, else what changed since it was read.
   * Webhook deliveries wait for it.
   */
  start(): Promise<void>;
  /** Flushes, folds the journal into state.json (writer.ts), and writes nothing more. */
  close(): Promise<void>;
}

/** Methods that only read: their answers never wait for the disk. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Opens the sandbox kept in `dataDir` (made if missing), or a new one there. A file it cannot use
 * rejects with a SandboxDataError. `files`: the file operations to use (a test's).
 */
export async function openKeptSandbox(
  options: SandboxOptions,
  dataDir: string,
  files: DataDirFiles = dataDirFiles(dataDir),
): Promise<KeptSandbox> {
  const kept = await readDataDir(dataDir, {
    merchantId: options.merchantId,
    nowMs: (options.now ?? Date.now)(),
  });
  let started: () => void = () => undefined;
  const whenStarted = new Promise<void>((resolve) => (started = resolve));
  const writing: { writer?: DataDirWriter } = {};
  const { sandbox, state } = openSandbox(
    {
      ...options,
      onChange: () => {
        writing.writer?.changed();
        options.onChange?.();
      },
    },
    kept?.state,
    { beforeDelivery: () => flushed() },
  );
  const onDisk = kept?.onDisk ?? { lastSeq: 0, journalBytes: 0, tornBytes: 0, stateBytes: 0 };
  const writer = createDataDirWriter(state, files, onDisk, { log: options.log });
  writing.writer = writer;
  /**
   * Every change so far on disk. A request or a delivery that comes before start() has written
   * the state (a delivery a restart resumes is due at once) waits for it: a journal is never
   * begun before the state.json it follows.
   */
  async function flushed(): Promise<void> {
    await whenStarted;
    await writer.flush();
  }

  return {
    sandbox,
    keep(handle, { cors = false } = {}) {
      return async (request, connection) => {
        const reads = READS.has(request.method);
        // While the journal cannot be written, nothing more changes: the disk is tried first.
        if (!reads && writer.failing) {
          try {
            await flushed();
          } catch (error) {
            return refused(error, cors);
          }
        }
        const response = await handle(request, connection);
        if (reads || !response.ok) return response;
        try {
          await flushed();
          return response;
        } catch (error) {
          await response.body?.cancel();
          return notKept(error, response);
        }
      };
    },
    async start() {
      try {
        if (!kept || kept.outdated) await writer.compact();
        else await writer.flush();
      } finally {
        started();
      }
    },
    close: () => writer.close(),
  };
}

/** The 500 of a request that was not run, because nothing it changed could be kept. */
function refused(error: unknown, cors: boolean): Response {
  return errorResponse(
    new HttpError(
      500,
      `The sandbox changes nothing while it cannot write its data directory, and did not run this request: ${messageOf(error)} Reads still answer.`,
      { headers: cors ? corsHeaders() : {} },
    ),
  );
}

/** The 500 that replaces a 2xx whose change could not be written, with the answer's CORS. */
function notKept(error: unknown, response: Response): Response {
  const origin = response.headers.get('access-control-allow-origin');
  return errorResponse(
    new HttpError(
      500,
      `This request's change was made in memory but could not be written to the data directory, so a restart now would lose it; it is written with the next flush that works, and until then the sandbox changes nothing more: ${messageOf(error)}`,
      { headers: origin === null ? {} : { 'access-control-allow-origin': origin } },
    ),
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

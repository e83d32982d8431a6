import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHttpServer } from '../support/http-server.js';

export const CLI_PATH = fileURLToPath(new URL('../../dist/sandbox-cli.js', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface CliOptions {
  /**
   * The working directory, where the command keeps `.sandbox-data` unless told otherwise.
   * Default: a fresh temporary directory, removed when the command ends.
   */
  cwd?: string;
  /** Flags after the command's name, such as `['--port', '0']`. */
  args?: string[];
  /**
   * An executable to run instead of dist/sandbox-cli.js under this Node: the
   * `service-checkout-sandbox` that npm linked into a project's node_modules/.bin, say.
   */
  command?: string;
}

/** This process's environment without the sandbox's settings and PORT: each test gives its own. */
export function baseEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('SANDBOX_') && name !== 'PORT'),
  );
}

/** The working directory asked for, or a fresh one with a function that removes it. */
function workingDirectory(options: CliOptions): { cwd: string; remove: () => void } {
  if (options.cwd) return { cwd: options.cwd, remove: () => undefined };
  const cwd = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
  return { cwd, remove: () => rmSync(cwd, { recursive: true, force: true }) };
}

export interface CliProcess {
  child: ChildProcess;
  url: string;
  stdout(): string;
  stderr(): string;
  /** Sends the signal to this process only and resolves with how it ended. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs the built `service-checkout-sandbox` command; resolves once it prints its URL. */
export function startCli(
  env: Record<string, string>,
  options: CliOptions = {},
): Promise<CliProcess> {
  if (!options.command && !existsSync(CLI_PATH)) {
    throw new Error(`${CLI_PATH} is missing: build first (npm test and npm run test:sandbox do).`);
  }
  const { cwd, remove } = workingDirectory(options);
  const [file, args] = options.command ? [options.command, []] : [process.execPath, [CLI_PATH]];
  const child = spawn(file, [...args, ...(options.args ?? [])], {
    cwd,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      remove();
      resolve({ code, signal });
    }),
  );
  const cli = (url: string): CliProcess => ({
    child,
    url,
    stdout: () => out,
    stderr: () => err,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the sandbox did not start within 10 s.\n${out}${err}`));
    }, 10_000);
    const onData = () => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve(cli(match[1]));
    };
    child.stdout?.on('data', onData);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited with ${code} before listening.\n${out}${err}`));
    });
  });
}

/** Ends with the process's exit, for commands expected to stop by themselves. */
export function runCli(
  env: Record<string, string>,
  options: CliOptions = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const { cwd, remove } = workingDirectory(options);
    const child = spawn(process.execPath, [CLI_PATH, ...(options.args ?? [])], {
      cwd,
      env: { ...baseEnv(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      remove();
      resolve({ code, stdout, stderr });
    });
  });
}

export interface WebhookReceiver {
  url: string;
  /** Bodies and signature headers received so far, in order. */
  received: { body: string; signature: string | null }[];
  close(): Promise<void>;
}

/** The merchant's webhook endpoint on a real port: records each delivery and answers 200. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: WebhookReceiver['received'] = [];
  const server = await startHttpServer((request, response) => {
    const signature = request.headers['service-signature'];
    received.push({
      body: request.body,
      signature: typeof signature === 'string' ? signature : null,
    });
    response.end('ok');
  });
  return { url: server.url, received, close: server.close };
}

// The README's first commands, run as people run them, after `npm test` in CI (.ci/run):
//
// - `npm start` in this repository, as a developer on a fresh clone: no data directory yet,
//   free ports through PORT and SANDBOX_PORT. The shop and its API answer; Ctrl+C (SIGINT to
//   the process group, as a terminal sends it) ends it with exit status 0 within 10 s.
// - `npx service-checkout-sandbox` in a new project that installed the packed package, as a
//   merchant runs it: the sandbox answers; Ctrl+C stops it cleanly and ends npx within 10 s;
//   and SIGTERM sent to npx's process alone (a supervisor's stop) leaves no sandbox on the port.
//
// One line per check; exit status 1 at the first failure, with the output of the process that
// failed. Needs dist/ built (npm test builds it). Usage: node scripts/smoke.mjs
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const STOP_WITHIN_MS = 10_000;
/** `npm start` builds what is stale first: minutes on a cold machine. */
const START_WITHIN_MS = 5 * 60_000;
const NPX_START_WITHIN_MS = 60_000;

const began = Date.now();
/**
 * Process groups this script started (each led by the process it spawned), ended at the end:
 * a sandbox that outlives its npx is still in npx's group.
 */
const groups = [];
/** Directories to remove at the end. */
const scratch = [];
let checks = 0;

const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;

function pass(/** @type {string} */ line) {
  checks += 1;
  console.log(`smoke: ok   ${line}`);
}

class SmokeFailure extends Error {}

/** A free port on 127.0.0.1, as the system hands one out. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function isListening(/** @type {number} */ port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls until `port` is closed; false when it is still open after `withinMs`. */
async function closesWithin(/** @type {number} */ port, /** @type {number} */ withinMs) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!(await isListening(port))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !(await isListening(port));
}

/**
 * Starts `command` in a process group of its own (as a terminal runs a foreground job), its
 * output kept for failure reports.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv }} options
 */
function run(command, args, options) {
  const child = spawn(command, args, {
    ...options,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid) groups.push(child.pid);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    exited,
    output: () => output,
    /** Resolves with the first match of `pattern` in the output. */
    waitFor(/** @type {RegExp} */ pattern, /** @type {number} */ withinMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          cleanUp();
          reject(new SmokeFailure(`nothing matching ${pattern} within ${seconds(withinMs)}`));
        }, withinMs);
        const onData = () => {
          const match = pattern.exec(output);
          if (!match) return;
          cleanUp();
          resolve(match);
        };
        const onExit = (/** @type {number | null} */ code) => {
          cleanUp();
          reject(new SmokeFailure(`exited (status ${code}) before printing ${pattern}`));
        };
        const cleanUp = () => {
          clearTimeout(timer);
          child.stdout.off('data', onData);
          child.stderr.off('data', onData);
          child.off('exit', onExit);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', onExit);
        onData();
      });
    },
    /** How it ended, or undefined when it is still running after `withinMs`. */
    async endsWithin(/** @type {number} */ withinMs) {
      /** @type {Promise<undefined>} */
      const late = new Promise((resolve) => setTimeout(resolve, withinMs).unref());
      return Promise.race([exited, late]);
    },
  };
}

/** The environment a person's shell has, without this project's settings leaking in. */
function cleanEnv(/** @type {Record<string, string>} */ extra) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('SANDBOX_') && name !== 'PORT' && name !== 'STOREFRONT_DATA_DIR',
    ),
  );
  return { ...env, ...extra };
}

async function expectStatus(/** @type {string} */ url, /** @type {number} */ status, init = {}) {
  const response = await fetch(url, init);
  if (response.status !== status) {
    throw new SmokeFailure(`GET ${url} answered ${response.status}, not ${status}`);
  }
  return response;
}

/** Ctrl+C as a terminal sends it: SIGINT to every process of the foreground group. */
function pressCtrlC(/** @type {import('node:child_process').ChildProcess} */ child) {
  process.kill(-(child.pid ?? 0), 'SIGINT');
}

async function expectExitZeroWithin(
  /** @type {ReturnType<typeof run>} */ proc,
  /** @type {string} */ name,
) {
  const sent = Date.now();
  const ended = await proc.endsWithin(STOP_WITHIN_MS);
  if (!ended)
    throw new SmokeFailure(`${name} still running ${seconds(STOP_WITHIN_MS)} after SIGINT`);
  if (ended.code !== 0) {
    throw new SmokeFailure(`${name} ended with ${ended.signal ?? `exit status ${ended.code}`}`);
  }
  return Date.now() - sent;
}

// ---- npm start ---------------------------------------------------------------------------

async function npmStart() {
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const defaultDataDir = join(repoRoot, '.storefront-data');
  // A developer's own data stays where it is: the run then uses a directory not made yet.
  const kept = existsSync(defaultDataDir);
  const dataDir = kept
    ? join(await scratchDir('smoke-storefront-'), 'not', 'made', 'yet')
    : defaultDataDir;
  if (!kept) scratch.push(defaultDataDir);

  const startedAt = Date.now();
  const shop = run('npm', ['start'], {
    cwd: repoRoot,
    env: cleanEnv({
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      ...(kept && { STOREFRONT_DATA_DIR: dataDir }),
    }),
  });
  try {
    const [, url] = await shop.waitFor(/Open\s+(http:\/\/\S+?)\/?\s/, START_WITHIN_MS);
    await expectStatus(`${url}/`, 200);
    const config = await expectStatus(`${url}/api/config`, 200);
    const { merchantId } = /** @type {{ merchantId?: string }} */ (await config.json());
    if (!merchantId) throw new SmokeFailure(`GET ${url}/api/config has no merchantId`);
    pass(
      `npm start: ${url}/ and /api/config answer 200 (${seconds(Date.now() - startedAt)}, data in ${kept ? dataDir : '.storefront-data'}, made by it)`,
    );

    pressCtrlC(shop.child);
    const took = await expectExitZeroWithin(shop, 'npm start');
    for (const closed of [port, sandboxPort]) {
      if (await isListening(closed))
        throw new SmokeFailure(`port ${closed} still open after npm start ended`);
    }
    pass(`npm start: Ctrl+C ends it with exit status 0 in ${seconds(took)}, both ports closed`);
  } catch (error) {
    throw withOutput(error, 'npm start', shop.output());
  }
}

// ---- npx service-checkout-sandbox ---------------------------------------------------------

async function merchantProject() {
  const startedAt = Date.now();
  const packDir = await scratchDir('smoke-pack-');
  // dist/ is built already; --ignore-scripts skips the prepack build.
  const pack = run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', packDir], {
    cwd: repoRoot,
    env: cleanEnv({}),
  });
  if ((await pack.exited).code !== 0)
    throw withOutput(new SmokeFailure('npm pack failed'), 'npm pack', pack.output());
  const [tarball] = (await readdir(packDir)).filter((name) => name.endsWith('.tgz'));
  if (!tarball) throw new SmokeFailure(`npm pack left no tarball in ${packDir}`);

  const project = await scratchDir('smoke-merchant-');
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'merchant-app', version: '1.0.0', private: true }, null, 2)}\n`,
  );
  const install = run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', join(packDir, tarball)],
    { cwd: project, env: cleanEnv({}) },
  );
  if ((await install.exited).code !== 0) {
    throw withOutput(
      new SmokeFailure('npm install of the tarball failed'),
      'npm install',
      install.output(),
    );
  }
  pass(`npm pack and npm install in a new project (${seconds(Date.now() - startedAt)})`);
  return project;
}

/** Starts `npx service-checkout-sandbox` in `project` and checks that it answers. */
async function startSandbox(
  /** @type {string} */ project,
  /** @type {string[]} */ args,
  /** @type {Record<string, string>} */ env,
) {
  const startedAt = Date.now();
  const sandbox = run('npx', ['service-checkout-sandbox', ...args], {
    cwd: project,
    env: cleanEnv(env),
  });
  try {
    const [, url] = await sandbox.waitFor(/listening on (http:\/\/\S+)/, NPX_START_WITHIN_MS);
    const [, apiKey] = await sandbox.waitFor(/API key\s+(\S+)/, 1_000);
    await expectStatus(`${url}/api/merchant/withdraws`, 200, {
      headers: { Authorization: apiKey },
    });
    return { sandbox, url, took: Date.now() - startedAt };
  } catch (error) {
    throw withOutput(error, `npx service-checkout-sandbox ${args.join(' ')}`, sandbox.output());
  }
}

async function npxCtrlC(/** @type {string} */ project) {
  const port = await freePort();
  const { sandbox, url, took } = await startSandbox(project, ['--port', String(port)], {});
  pass(`npx service-checkout-sandbox --port ${port}: ${url} answers 200 (${seconds(took)})`);
  try {
    const sent = Date.now();
    pressCtrlC(sandbox.child);
    const ended = await sandbox.endsWithin(STOP_WITHIN_MS);
    if (!ended) throw new SmokeFailure(`still running ${seconds(STOP_WITHIN_MS)} after Ctrl+C`);
    // The sandbox prints this just before it exits with status 0. npx's own status is the
    // shell's it runs the command in: 0 under bash; dash (Debian's sh) ends itself with the
    // interrupt once its command has ended, whatever the command's status.
    if (!/\bstopped\.\n/.test(sandbox.output())) {
      throw new SmokeFailure('the sandbox did not say it stopped cleanly');
    }
    if (ended.code !== 0 && ended.signal !== 'SIGINT') {
      throw new SmokeFailure(`npx ended with ${ended.signal ?? `exit status ${ended.code}`}`);
    }
    if (await isListening(port)) throw new SmokeFailure(`port ${port} still open after npx ended`);
    pass(
      `npx service-checkout-sandbox: Ctrl+C stops the sandbox cleanly in ${seconds(Date.now() - sent)} (npx: ${ended.signal ?? `exit status ${ended.code}`})`,
    );
  } catch (error) {
    throw withOutput(error, 'npx service-checkout-sandbox', sandbox.output());
  }
}

async function npxStoppedAlone(/** @type {string} */ project) {
  const port = await freePort();
  const { sandbox } = await startSandbox(project, [], { SANDBOX_PORT: String(port) });
  try {
    // npx passes SIGTERM to the shell it runs the command in, which ends, leaving the sandbox
    // without its parent: the sandbox must notice and stop.
    const sent = Date.now();
    process.kill(sandbox.child.pid ?? 0, 'SIGTERM');
    if (!(await closesWithin(port, STOP_WITHIN_MS))) {
      throw new SmokeFailure(
        `port ${port} still open ${seconds(STOP_WITHIN_MS)} after SIGTERM to npx alone`,
      );
    }
    const took = Date.now() - sent;
    if (!(await sandbox.endsWithin(STOP_WITHIN_MS)))
      throw new SmokeFailure('npx itself did not end');
    pass(
      `npx service-checkout-sandbox (SANDBOX_PORT=${port}): SIGTERM to npx alone, port closed in ${seconds(took)}`,
    );
  } catch (error) {
    throw withOutput(error, 'npx service-checkout-sandbox', sandbox.output());
  }
}

// ---- plumbing ----------------------------------------------------------------------------

async function scratchDir(/** @type {string} */ prefix) {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

function withOutput(
  /** @type {unknown} */ error,
  /** @type {string} */ name,
  /** @type {string} */ output,
) {
  const message = error instanceof Error ? error.message : String(error);
  const tail = output.trimEnd().split('\n').slice(-30).join('\n');
  return new SmokeFailure(`${name}: ${message}\n--- last output of ${name} ---\n${tail}`);
}

async function cleanUp() {
  // Whatever still runs in a group started here goes, by the group's own id.
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // The group is empty: everything in it ended.
    }
  }
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
}

try {
  if (!existsSync(join(repoRoot, 'dist', 'sandbox-cli.js'))) {
    throw new SmokeFailure('dist/ is not built: run npm run build (npm test does) first');
  }
  await npmStart();
  const project = await merchantProject();
  await npxCtrlC(project);
  await npxStoppedAlone(project);
  console.log(`smoke: ${checks} checks passed in ${seconds(Date.now() - began)}`);
  await cleanUp();
} catch (error) {
  console.log(`smoke: FAIL ${error instanceof SmokeFailure ? error.message : String(error)}`);
  if (!(error instanceof SmokeFailure) && error instanceof Error) console.log(error.stack);
  await cleanUp();
  process.exit(1);
}

#!/usr/bin/env node
// `npm run sandbox` / `service-checkout-sandbox`: the sandbox on http://127.0.0.1:4010, its state
// kept in a data directory (`.sandbox-data` under the working directory) across restarts. Its
// flags and variables are in cli-options.ts; `--help` lists them.
import { startSandboxServer, type SandboxServer } from './node-server.js';
import { errorLine } from './error-line.js';
import { EXIT_USAGE, readCommandLine, USAGE, UsageError } from './cli-options.js';
import { BATCH_CUTOFF, SETTLEMENT_TIME } from '../service/settlement.js';

const NAME = 'service-checkout sandbox';

function fail(message: string): never {
  process.stderr.write(`${NAME}: ${message}\n`);
  process.exit(1);
}

function readSettings() {
  try {
    return readCommandLine(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${NAME}: ${error.message}; see --help.\n`);
    process.exit(EXIT_USAGE);
  }
}

async function main(): Promise<void> {
  const settings = readSettings();
  if (!settings) {
    process.stdout.write(USAGE);
    return;
  }
  const { port, host, dataDir, consoleToken, portIgnored } = settings;
  const options = {
    ...settings.sandbox,
    log: (line: string) => process.stderr.write(`${NAME}: ${line}\n`),
    onError: (error: unknown, request: Request) =>
      process.stderr.write(`${NAME}: ${errorLine(error, request)}\n`),
  };

  let server: SandboxServer;
  try {
    server = await startSandboxServer({ ...options, port, host, dataDir, consoleToken });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE') {
      fail(
        `${host}:${port} is already in use. Pick a free port with --port or SANDBOX_PORT${portIgnored ? " (PORT is ignored: it is your app's)" : ''}.`,
      );
    }
    if (code === 'EADDRNOTAVAIL') fail(`cannot listen on ${host}: no such local address.`);
    fail(error instanceof Error ? error.message : String(error));
  }

  // Signals are handled before the banner goes out: a supervisor may stop us on seeing it.
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${NAME}: ${reason}, stopping.\n`);
    setTimeout(() => fail('did not stop within 5 s.'), 5_000).unref();
    server.close().then(
      () => {
        process.stdout.write(`${NAME}: stopped.\n`);
        process.exit(0);
      },
      (error: unknown) => fail(`could not stop cleanly: ${String(error)}`),
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => stop(`${signal} received`));
  }
  // Whatever started us (npx, npm run, a test runner) may end without passing a signal on: npx
  // stopped by SIGTERM leaves us to init. Then stop too, rather than hold the port unseen.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('parent process exited');
  }, 1_000).unref();

  const { sandbox } = server;
  // A seeded key revoked in the console before a restart stays revoked: it is not offered.
  const apiKeyLine =
    (await sandbox.apiKeyStatus(sandbox.apiKey)) === 'live'
      ? sandbox.apiKey
      : 'revoked in the console: create one there';
  const sessionKeySecret = options.jwtSecret
    ? 'secret from SANDBOX_JWT_SECRET'
    : dataDir
      ? 'secret kept in the data directory'
      : 'random secret for this run';
  process.stdout.write(
    [
      `${NAME} listening on ${server.url}`,
      // A merchant's app sets PORT in the same shell; one line says why the sandbox did not move.
      ...(portIgnored
        ? ["  port         PORT is ignored (your app's port): use SANDBOX_PORT or --port"]
        : []),
      `  merchant id  ${sandbox.merchantId}`,
      `  API key      ${apiKeyLine}`,
      `  session keys HS256, ${sessionKeySecret}, valid ${options.sessionKeyTtlSeconds} s`,
      ...(options.latencyMs ? [`  latency      ${options.latencyMs} ms per answer`] : []),
      `  payments     ${paymentTiming(options)}${options.requireSignedCheckout ? '; signed checkouts only' : ''}`,
      `  webhooks     ${sandbox.webhookUrl ?? 'off: set SANDBOX_WEBHOOK_URL, or a URL in the console'}`,
      // A key the developer did not choose is printed, so a webhook handler can verify with it.
      ...(options.webhookKey ? [] : [`  webhook key  ${sandbox.webhookKey}`]),
      // For the person running the sandbox: the token in it opens the console.
      `  console      ${server.consoleUrl}`,
      `  data         ${dataDir ?? 'in memory (--in-memory or SANDBOX_IN_MEMORY=1)'}`,
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
}

/** When payments take their steps, for the banner. */
function paymentTiming(options: { settlement: string; settleStepMs: number }): string {
  return options.settlement === 'banking'
    ? `on banking days: batched at the ${BATCH_CUTOFF} New York cutoff, settled at ${SETTLEMENT_TIME} New York time on the day expected`
    : `a step every ${options.settleStepMs} ms (pending, batched, settled)`;
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

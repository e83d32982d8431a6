#!/usr/bin/env node
// `npm run sandbox` / `service-checkout-sandbox`: the sandbox on http://127.0.0.1:4010, its state
// kept in a data directory (`.sandbox-data` under the working directory) across restarts.
import { resolve } from 'node:path';
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  startSandboxServer,
  type SandboxServer,
} from './node-server.js';
import { errorLine } from './error-line.js';
import type { SandboxOptions } from './sandbox.js';

const NAME = 'service-checkout sandbox';
const DEFAULT_DATA_DIR = '.sandbox-data';

function fail(message: string): never {
  process.stderr.write(`${NAME}: ${message}\n`);
  process.exit(1);
}

function integerEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    fail(`${name} must be an integer from ${min} to ${max}; received ${JSON.stringify(raw)}.`);
  }
  return value;
}

function stringEnv(name: string): string | undefined {
  const raw = process.env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw;
}

async function main(): Promise<void> {
  const port = integerEnv('PORT', DEFAULT_PORT, 0, 65_535);
  const host = stringEnv('SANDBOX_HOST') ?? DEFAULT_HOST;
  const options: SandboxOptions = {
    merchantId: stringEnv('SANDBOX_MERCHANT_ID'),
    apiKey: stringEnv('SANDBOX_API_KEY'),
    jwtSecret: stringEnv('SANDBOX_JWT_SECRET'),
    latencyMs: integerEnv('SANDBOX_LATENCY_MS', 0, 0, 60_000),
    sessionKeyTtlSeconds: integerEnv('SANDBOX_SESSION_KEY_TTL_SECONDS', 86_400, 1, 31_536_000),
    settleStepMs: integerEnv('SANDBOX_SETTLE_STEP_MS', 2_000, 1, 3_600_000),
    webhookUrl: stringEnv('SANDBOX_WEBHOOK_URL'),
    webhookKey: stringEnv('SANDBOX_WEBHOOK_KEY'),
    requireSignedCheckout: process.env.SANDBOX_REQUIRE_SIGNED_CHECKOUT === '1',
    log: (line) => process.stderr.write(`${NAME}: ${line}\n`),
    onError: (error, request) => process.stderr.write(`${NAME}: ${errorLine(error, request)}\n`),
  };
  const dataDir =
    process.env.SANDBOX_IN_MEMORY === '1'
      ? undefined
      : resolve(stringEnv('SANDBOX_DATA_DIR') ?? DEFAULT_DATA_DIR);
  const consoleToken = stringEnv('SANDBOX_CONSOLE_TOKEN');

  let server: SandboxServer;
  try {
    server = await startSandboxServer({ ...options, port, host, dataDir, consoleToken });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE') fail(`${host}:${port} is already in use. Set PORT to a free port.`);
    if (code === 'EADDRNOTAVAIL') fail(`cannot listen on ${host}: no such local address.`);
    fail(error instanceof Error ? error.message : String(error));
  }

  // Signals are handled before the banner goes out: a supervisor may stop us on seeing it.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${NAME}: ${signal} received, stopping.\n`);
    setTimeout(() => fail('did not stop within 5 s.'), 5_000).unref();
    server.close().then(
      () => {
        process.stdout.write(`${NAME}: stopped.\n`);
        process.exit(0);
      },
      (error: unknown) => fail(`could not stop cleanly: ${String(error)}`),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

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
      `  merchant id  ${sandbox.merchantId}`,
      `  API key      ${apiKeyLine}`,
      `  session keys HS256, ${sessionKeySecret}, valid ${options.sessionKeyTtlSeconds} s`,
      ...(options.latencyMs ? [`  latency      ${options.latencyMs} ms per answer`] : []),
      `  payments     a step every ${options.settleStepMs} ms (pending, batched, settled)${options.requireSignedCheckout ? '; signed checkouts only' : ''}`,
      `  webhooks     ${sandbox.webhookUrl ?? 'off: set SANDBOX_WEBHOOK_URL, or a URL in the console'}`,
      // A key the developer did not choose is printed, so a webhook handler can verify with it.
      ...(options.webhookKey ? [] : [`  webhook key  ${sandbox.webhookKey}`]),
      // For the person running the sandbox: the token in it opens the console.
      `  console      ${server.consoleUrl}`,
      `  data         ${dataDir ?? 'in memory (SANDBOX_IN_MEMORY=1)'}`,
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

// What each example's test does the same way: take its installed project, run its npm scripts
// and its server as a merchant would, start the sandbox it pays against, pay as a page pays,
// move the sandbox's clock so that the signed webhooks go out, forge a delivery, time it all.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import type { Customer } from '../../src/core/schemas.js';
import { signWebhookPayload } from '../../src/server/index.js';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.js';
import { exampleLines, type ExampleName } from './examples.js';
import type { InstalledExample } from './install.js';

/** The webhook key the sandbox signs with and the examples are given. */
export const WEBHOOK_KEY = 'whsec_examples_0123456789abcdef';

/** Output of a command that ended with status 0; otherwise an error carrying that output. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}

export interface RunningServer {
  /** The address it printed. */
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts a server and waits for the address it prints (`ready`'s first group). It runs in a
 * process group of its own, so that stop() ends what it started too (wrangler's workerd).
 */
export function startServer(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; ready: RegExp; timeoutMs?: number },
): Promise<RunningServer> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group has ended already.
    }
  };
  const stop = async () => {
    signalGroup('SIGTERM');
    const ended = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
    ]);
    signalGroup('SIGKILL');
    if (!ended) await exited;
  };
  const timeoutMs = options.timeoutMs ?? 60_000;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${command} printed no address within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      // A terminal's colours (as some CI machines ask for) would split the address.
      output += stripVTControlCharacters(String(chunk));
      const url = options.ready.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ url, output: () => output, stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

/**
 * The sandbox on a free port, on a clock of the test's (nothing happens until the test moves
 * it), refusing any purchase without a checkout token, so that every amount paid is one an
 * example's server signed.
 */
export function startExampleSandbox(): Promise<SandboxServer> {
  return startSandboxServer({
    port: 0,
    now: () => Date.now(),
    webhookKey: WEBHOOK_KEY,
    requireSignedCheckout: true,
  });
}

/**
 * Moves the sandbox's clock as a merchant's test does over HTTP: every payment step and
 * webhook delivery that became due runs before it answers.
 */
export async function advanceSandboxClock(server: SandboxServer, advanceMs: number) {
  const moved = await fetch(`${server.url}/api/sandbox/clock`, {
    method: 'POST',
    headers: { authorization: server.sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs }),
  });
  if (moved.status !== 200) throw new Error(`The sandbox's clock answered ${moved.status}.`);
}

/**
 * A purchase as `<Checkout jwtToken>` sends one from the payer's page: the customer read with
 * the session key, then the token paid from the first bank account.
 */
export async function payAsThePage(server: SandboxServer, sessionKey: string, jwtToken: string) {
  const headers = { 'x-service-auth-session-key': sessionKey, 'content-type': 'application/json' };
  const read = await fetch(`${server.url}/api/customer/v2`, { headers });
  const { customer } = (await read.json()) as { customer: Customer };
  const paid = await fetch(`${server.url}/api/checkout/ach/${server.sandbox.merchantId}`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ jwtToken, token: customer.bankAccounts[0]!.token }),
  });
  return { status: paid.status, body: (await paid.json()) as { paymentId?: string } };
}

/**
 * Posts a `Settled` event for the order to `url` as a forger would: signed with a key that is
 * not the webhook key, or not signed at all. Answers the statuses.
 */
export async function forgeSettled(url: string, order: { orderId: string; customerId: string }) {
  const now = new Date().toISOString();
  const body = JSON.stringify({
    id: `evt_forged_${order.orderId}`,
    eventType: 'Settled',
    created: now,
    data: {
      paymentId: 'pay_forged',
      status: 'settled',
      subtotal: { cents: 499, currency: 'USD' },
      settlementType: 'USDC',
      customerId: order.customerId,
      email: `${order.customerId}@example.com`,
      webhookInfo: { itemName: 'Gem pack', price: '4.99', quantity: 1, orderId: order.orderId },
      createdAt: now,
      updatedAt: now,
      settledAt: now,
    },
  });
  const post = (headers: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const wrongKey = await signWebhookPayload(body, 'whsec_not_the_merchants_key_0000');
  return [(await post({ 'service-signature': wrongKey })).status, (await post({})).status];
}

/** The sandbox's deliveries to `url`, as `eventType: last attempt's status`. */
export function deliveriesTo(server: SandboxServer, url: string): string[] {
  return server.sandbox.deliveries
    .filter((delivery) => delivery.url === url)
    .map((delivery) => `${delivery.eventType}: ${delivery.attempts.at(-1)?.status ?? 'none'}`);
}

/** Times an example's steps and prints them with its install's. */
export function exampleTimer(name: ExampleName) {
  const started = performance.now();
  let last = started;
  const steps: string[] = [];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return {
    step(label: string) {
      const now = performance.now();
      steps.push(`${label} ${seconds(now - last)}`);
      last = now;
    },
    async print(project: InstalledExample | undefined) {
      const installs = project ? await project.allInstallsMs : Number.NaN;
      console.log(
        `examples/${name}: ${seconds(performance.now() - started)} in its file (${steps.join(', ')}); ` +
          `its npm install ${seconds(project?.installMs ?? Number.NaN)}, beside the other three ` +
          `(the pack and the four installs: ${seconds(installs)}); ${exampleLines(name).total} lines`,
      );
    },
  };
}

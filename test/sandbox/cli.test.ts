// The `service-checkout-sandbox` command (npm run sandbox), as a real process on a real port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../../src/sandbox/index.js';
import { describeConformance, type Target } from './conformance.js';
import {
  freePort,
  runCli,
  startCli,
  startWebhookReceiver,
  type CliProcess,
  type WebhookReceiver,
} from './helpers.js';

const env = {
  SANDBOX_MERCHANT_ID: 'merchant_conformance',
  SANDBOX_API_KEY: 'sk_sandbox_conformance_key',
  SANDBOX_JWT_SECRET: 'conformance secret, known to the tests',
};

const WEBHOOK_KEY = 'whsec_conformance_key';

let cli: CliProcess;
let port: number;
// The merchant's webhook endpoint, on a real port beside the sandbox.
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  port = await freePort();
  cli = await startCli({
    ...env,
    PORT: String(port),
    SANDBOX_WEBHOOK_URL: `${receiver.url}/webhooks`,
    SANDBOX_WEBHOOK_KEY: WEBHOOK_KEY,
  });
});

afterAll(async () => {
  await cli?.stop();
  await receiver?.close();
});

describeConformance('real HTTP (the CLI process)', (): Target => ({
  baseUrl: cli.url,
  merchantId: env.SANDBOX_MERCHANT_ID,
  apiKey: env.SANDBOX_API_KEY,
  jwtSecret: env.SANDBOX_JWT_SECRET,
  webhooks: { key: WEBHOOK_KEY, received: () => receiver.received },
}));

describe('the sandbox command', () => {
  it('listens on 127.0.0.1 at PORT and prints its URL, merchant id and API key', () => {
    expect(cli.url).toBe(`http://127.0.0.1:${port}`);
    expect(cli.stdout()).toContain('merchant_conformance');
    expect(cli.stdout()).toContain('sk_sandbox_conformance_key');
    expect(cli.stdout()).not.toContain(env.SANDBOX_JWT_SECRET);
  });

  it('stops cleanly on SIGINT and on SIGTERM, freeing its port', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const own = await startCli({ PORT: '0' });
      const ended = await own.stop(signal);
      expect(ended).toEqual({ code: 0, signal: null });
      expect(own.stdout()).toMatch(/stopped/);
      const reuse = await startCli({ PORT: new URL(own.url).port });
      await reuse.stop();
    }
  });

  it('uses its seeded merchant by default and a random session-key secret per start', async () => {
    const first = await startCli({ PORT: '0' });
    const second = await startCli({ PORT: '0' });
    try {
      expect(first.stdout()).toContain('merchant_sandbox');
      const headers = { Authorization: /API key\s+(\S+)/.exec(first.stdout())?.[1] ?? '' };
      const keyResponse = await fetch(`${first.url}/api/auth/session-key`, {
        headers: { ...headers, 'x-service-auth-user-id': 'alice' },
      });
      const { key } = (await keyResponse.json()) as { key: string };
      const here = await fetch(`${first.url}/api/customer/v2`, {
        headers: { 'x-service-auth-session-key': key },
      });
      expect(here.status).toBe(200);
      const elsewhere = await fetch(`${second.url}/api/customer/v2`, {
        headers: { 'x-service-auth-session-key': key },
      });
      expect(elsewhere.status).toBe(401);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('exits 1 with a clear message when the port is taken or a setting is invalid', async () => {
    const taken = await runCli({ PORT: String(port) });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(new RegExp(`127\\.0\\.0\\.1:${port} is already in use`));
    const badPort = await runCli({ PORT: 'eighty' });
    expect(badPort.code).toBe(1);
    expect(badPort.stderr).toMatch(/PORT must be an integer/);
    const badLatency = await runCli({ PORT: '0', SANDBOX_LATENCY_MS: '-5' });
    expect(badLatency.code).toBe(1);
    expect(badLatency.stderr).toMatch(/SANDBOX_LATENCY_MS/);
  });

  it('answers bad requests without writing anything to its log', async () => {
    const own = await startCli({ PORT: '0' });
    try {
      const checkout = (path: string, body: string) =>
        fetch(`${own.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
      const deep = `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
      const answers = await Promise.all([
        checkout('/api/checkout/ach/%', '{}'),
        checkout('/api/checkout/ach/%E0%A4%A', '{}'),
        fetch(`${own.url}//`),
        fetch(`${own.url}/api/events`, {
          method: 'POST',
          headers: { Authorization: DEFAULT_API_KEY, 'content-type': 'application/json' },
          body: deep,
        }),
      ]);
      for (const answer of answers) expect(answer.status).toBeLessThan(500);
    } finally {
      await own.stop();
    }
    expect(own.stderr()).toBe('');
  });

  it('applies SANDBOX_SESSION_KEY_TTL_SECONDS', async () => {
    const own = await startCli({ PORT: '0', SANDBOX_SESSION_KEY_TTL_SECONDS: '600' });
    try {
      const apiKey = /API key\s+(\S+)/.exec(own.stdout())?.[1] ?? '';
      const response = await fetch(`${own.url}/api/auth/session-key`, {
        headers: { Authorization: apiKey, 'x-service-auth-user-id': 'short-lived' },
      });
      const { key } = (await response.json()) as { key: string };
      const claims = JSON.parse(Buffer.from(key.split('.')[1] ?? '', 'base64url').toString()) as {
        iat: number;
        exp: number;
      };
      expect(claims.exp - claims.iat).toBe(600);
    } finally {
      await own.stop();
    }
  });
});

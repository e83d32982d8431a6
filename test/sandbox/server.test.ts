// startSandboxServer (service-checkout/sandbox/node): what the HTTP transport adds.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.js';
import { expectError } from './conformance.js';

const servers: SandboxServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Sends raw bytes on a fresh connection; resolves with all the server sent back before closing. */
function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

function parseRaw(answer: string): { status: number; body: string } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), body };
}

async function start(options: Parameters<typeof startSandboxServer>[0] = {}) {
  const server = await startSandboxServer({ port: 0, ...options });
  servers.push(server);
  return server;
}

describe('startSandboxServer', () => {
  it('listens on 127.0.0.1 at a free port and frees it on close', async () => {
    const server = await startSandboxServer({ port: 0 });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = Number(new URL(server.url).port);
    await server.close();
    const again = await start({ port });
    expect(again.url).toBe(server.url);
  });

  it('answers an unexpected exception with 500 and no stack, then keeps serving', async () => {
    let broken = false;
    const seen: unknown[] = [];
    const server = await start({
      now: () => {
        if (broken) throw new Error('clock failure');
        return Date.now();
      },
      onError: (error) => seen.push(error),
    });
    const ask = () =>
      fetch(`${server.url}/api/auth/session-key`, {
        headers: { Authorization: server.sandbox.apiKey, 'x-service-auth-user-id': 'clock' },
      });
    broken = true;
    const failed = await ask();
    const body = await expectError(failed, 500, 'internal');
    expect(JSON.stringify(body)).not.toMatch(/clock failure|node-server|sandbox\.ts/);
    expect(seen).toHaveLength(1);
    broken = false;
    expect((await ask()).status).toBe(200);
  });

  it('answers a chunked upload over 1 MiB with 413 on a connection that stays usable', async () => {
    const server = await start();
    const { port } = new URL(server.url);
    const answer = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/events',
          method: 'POST',
          headers: { Authorization: server.sandbox.apiKey, 'content-type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode, body }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 40; i++) req.write('x'.repeat(64 * 1024));
      req.end();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large' });
    const after = await fetch(`${server.url}/api/merchant/withdraws`, {
      headers: { Authorization: server.sandbox.apiKey },
    });
    expect(after.status).toBe(200);
  });

  it('answers request targets as sent: 404 for // paths, 400 for a target or method it cannot carry', async () => {
    const server = await start();
    const ask = async (target: string, method = 'GET') =>
      parseRaw(
        await rawExchange(
          server.url,
          `${method} ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: ${server.sandbox.apiKey}\r\nConnection: close\r\n\r\n`,
        ),
      );
    for (const target of ['//', '//x/api/merchant/withdraws', '/%']) {
      const answer = await ask(target);
      expect(answer.status, target).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'not_found' });
    }
    const star = await ask('*');
    expect(star.status).toBe(400);
    expect(JSON.parse(star.body)).toMatchObject({ code: 'invalid_request' });
    // A method fetch's Request refuses to carry.
    expect(await ask('/api/events', 'TRACE')).toMatchObject({ status: 400 });
    expect((await ask('/api/merchant/withdraws')).status).toBe(200);
  });

  it('answers 408 and closes a connection whose headers stall past headersTimeoutMs', async () => {
    const server = await start({ headersTimeoutMs: 100 });
    const answer = await rawExchange(
      server.url,
      'GET /api/merchant/withdraws HTTP/1.1\r\nHost: x\r\n',
    );
    expect(parseRaw(answer).status).toBe(408);
  });

  it('answers 408 and closes a connection whose body stalls past requestTimeoutMs', async () => {
    const server = await start({ headersTimeoutMs: 100, requestTimeoutMs: 200 });
    const answer = await rawExchange(
      server.url,
      'POST /api/events HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"eventType":',
    );
    expect(parseRaw(answer).status).toBe(408);
  });

  it('lets a slow answer take longer than requestTimeoutMs: the limit is on receiving', async () => {
    const server = await start({ headersTimeoutMs: 50, requestTimeoutMs: 50, latencyMs: 200 });
    const response = await fetch(`${server.url}/api/merchant/withdraws`, {
      headers: { Authorization: server.sandbox.apiKey },
    });
    expect(response.status).toBe(200);
  });

  it('rejects timeouts that are not positive, or a header limit above the request limit', async () => {
    for (const options of [
      { headersTimeoutMs: 0 },
      { requestTimeoutMs: Number.NaN },
      { headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 },
    ]) {
      await expect(startSandboxServer({ port: 0, ...options })).rejects.toThrow(ConfigError);
    }
  });

  it('delays every answer by latencyMs', async () => {
    const server = await start({ latencyMs: 120 });
    const started = performance.now();
    const response = await fetch(`${server.url}/nowhere`);
    expect(response.status).toBe(404);
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
  });
});

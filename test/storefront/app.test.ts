// The storefront's server under requests a browser would never send: each gets a JSON 4xx,
// and the server keeps serving.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorefrontApp, WEBHOOK_PATH } from '../../examples/storefront/server/app.js';

let server: Server;
let port: number;
const lines: string[] = [];

beforeAll(async () => {
  const handle = createStorefrontApp({
    clientDir: '/nonexistent',
    serviceUrl: 'http://127.0.0.1:9',
    merchantId: 'merchant_sandbox',
    apiKey: 'sk_sandbox_local_0000000000000000',
    webhookKey: 'whk_test_key_0123456789',
    log: (line) => lines.push(line),
  });
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends the request line as written (fetch would normalise the path). */
function send(method: string, path: string, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the storefront server', () => {
  it.each([
    ['GET', '//', 404],
    ['GET', '/api/orders/%E0%A4%A', 401],
    ['GET', '/api/orders/..%2F..%2Fetc', 401],
    ['POST', '/api/orders', 401],
    ['GET', '/api/nothing-here', 404],
  ])('%s %s answers %i in JSON without a stack trace', async (method, path, status) => {
    const answer = await send(method, path);
    expect(answer.status).toBe(status);
    expect(() => JSON.parse(answer.body)).not.toThrow();
    expect(answer.body).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
    expect((await send('GET', '/api/config')).status).toBe(200);
  });

  it('refuses an unsigned webhook and records it as rejected, changing nothing', async () => {
    const body = JSON.stringify({
      id: 'evt_1',
      eventType: 'Settled',
      created: new Date().toISOString(),
      data: {},
    });
    const answer = await send('POST', WEBHOOK_PATH, body);
    expect(answer.status).toBe(400);
    expect(lines.some((line) => line.startsWith('webhook refused'))).toBe(true);
  });
});

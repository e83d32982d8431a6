// The console on the sandbox's own port: its address opens a session, the page and its built
// files are served to that session only, with a policy that keeps the page to its own origin.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_HEADER } from '../../src/sandbox/console/api.js';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.js';

let dir: string;
const servers: SandboxServer[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'console-files-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Sandbox console</title>');
  await writeFile(join(dir, 'assets', 'main-abc123.js'), 'console.log("console");');
  await writeFile(join(dir, 'secret.txt'), 'not served');
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function start(consoleDir = dir) {
  const server = await startSandboxServer({ port: 0, consoleToken: 'token-for-tests', consoleDir });
  servers.push(server);
  return server;
}

/** Follows the printed address by hand, as a browser would: the session cookie it sets. */
async function openConsole(server: SandboxServer): Promise<string> {
  const opened = await fetch(server.consoleUrl, { redirect: 'manual' });
  expect(opened.status).toBe(303);
  return (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
}

describe('the console on the sandbox port', () => {
  it('prints an address with its token, which opens the page with a strict policy', async () => {
    const server = await start();
    expect(server.consoleUrl).toBe(`${server.url}/console?token=token-for-tests`);
    const cookie = await openConsole(server);
    const page = await fetch(`${server.url}/console`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sandbox console');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const asset = await fetch(`${server.url}/console/assets/main-abc123.js`, {
      headers: { cookie },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('makes one-time addresses that open the page without the token, once each', async () => {
    const server = await start();
    const address = server.oneTimeConsoleUrl();
    expect(address).toMatch(new RegExp(`^${server.url}/console\\?code=[0-9a-f]{64}$`));
    expect(address).not.toContain('token-for-tests');
    const opened = await fetch(address);
    expect(opened.status).toBe(200);
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
    const page = await fetch(`${server.url}/console`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sandbox console');
    expect((await fetch(address)).status).toBe(401);
  });

  it('serves nothing without the session, and nothing outside the built files', async () => {
    const server = await start();
    expect((await fetch(`${server.url}/console`)).status).toBe(401);
    expect((await fetch(`${server.url}/console/assets/main-abc123.js`)).status).toBe(401);
    const cookie = await openConsole(server);
    for (const path of [
      '/console/secret.txt',
      '/console/assets/..%2Fsecret.txt',
      '/console/assets/.hidden.js',
      '/console/assets/missing.js',
      '/console/index.html',
    ]) {
      const answer = await fetch(`${server.url}${path}`, { headers: { cookie } });
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).not.toContain('not served');
    }
  });

  it('runs the console API on the same port, and the service beside it', async () => {
    const server = await start();
    const cookie = await openConsole(server);
    const keys = await fetch(`${server.url}/console/api/keys`, {
      headers: { cookie, [CONSOLE_HEADER]: '1' },
    });
    expect(keys.status).toBe(200);
    expect(((await keys.json()) as { keys: { name: string }[] }).keys[0]?.name).toBe('Default');
    const service = await fetch(`${server.url}/api/customer/v2`);
    expect(service.status).toBe(401);
  });

  it('says how to build the page when it is missing', async () => {
    const server = await start(join(dir, 'nowhere'));
    const cookie = await openConsole(server);
    const page = await fetch(`${server.url}/console`, { headers: { cookie } });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('npm run build');
  });
});

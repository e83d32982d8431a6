// The storefront's data directory as `npm start` uses it: made with its parents when missing,
// private to the user who runs the shop (it holds accounts, orders and the sandbox's secrets),
// and made again after it is deleted, as docs/demo.md tells a developer to do to start afresh.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'storefront-data-'));
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** `dir` and everything under it that its group or other users may read, write or enter. */
async function openToOthers(dir: string): Promise<string[]> {
  const paths = [dir, ...(await readdir(dir, { recursive: true })).map((name) => join(dir, name))];
  const open: string[] = [];
  for (const path of paths) {
    const mode = (await stat(path)).mode & 0o777;
    if ((mode & 0o077) !== 0) open.push(`${path} ${mode.toString(8)}`);
  }
  return open;
}

/** Starts the shop on `dataDir`, checks it answers the page and an API route, and stops it. */
async function startServeAndStop(dataDir: string): Promise<void> {
  const shop: Storefront = await startStorefront({ port: 0, sandboxPort: 0, dataDir });
  try {
    expect((await fetch(`${shop.url}/`)).status).toBe(200);
    const config = await fetch(`${shop.url}/api/config`);
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ merchantId: shop.sandbox.merchantId });
    // While it runs too: files the database adds later are no more open than the first ones.
    expect(await openToOthers(dataDir)).toEqual([]);
  } finally {
    await shop.close();
  }
}

describe('the storefront data directory', () => {
  it('is made with its missing parents, and nothing in it is open to other users', async () => {
    const dataDir = join(root, 'first', 'not', 'there', 'data');
    await startServeAndStop(dataDir);
    expect((await readdir(dataDir)).sort()).toEqual(['sandbox', 'shop']);
    expect((await readdir(join(dataDir, 'shop'))).length).toBeGreaterThan(0);
    expect(await openToOthers(dataDir)).toEqual([]);
  });

  it('is used again by a second start, and made again when deleted before a third', async () => {
    const dataDir = join(root, 'second', 'data');
    await startServeAndStop(dataDir);
    await startServeAndStop(dataDir);
    await rm(dataDir, { recursive: true });
    await startServeAndStop(dataDir);
    expect(await openToOthers(dataDir)).toEqual([]);
  });
});

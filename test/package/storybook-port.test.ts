// `npm run storybook` serves on 6006 unless told otherwise: another port goes after `--`
// (`npm run storybook -- --port 7007`), and Storybook takes the last --port it is given.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { root } from '../support/dist.js';

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

it('`npm run storybook -- --port N` serves Storybook on port N', { timeout: 120_000 }, async () => {
  const port = await freePort();
  // Its own process group, so that npm, its shell and Storybook all stop together after.
  const storybook = spawn('npm', ['run', 'storybook', '--', '--port', String(port)], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => storybook.once('exit', resolve));
  try {
    const answer = async () =>
      fetch(`http://127.0.0.1:${port}/`).then(
        (response) => response.status,
        () => 'not listening',
      );
    await expect.poll(answer, { timeout: 90_000, interval: 500 }).toBe(200);
  } finally {
    process.kill(-storybook.pid!, 'SIGTERM');
    await exited;
  }
});

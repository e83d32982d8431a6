// The built Storybook (storybook-static), served on a free port of 127.0.0.1 as a static host
// would serve it: for the screenshots script and the tests that open the built stories.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

export const STORYBOOK_STATIC = join(import.meta.dirname, '..', 'storybook-static');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** Serves `root` (default storybook-static); resolves once it listens. */
export async function serveStorybook(root = STORYBOOK_STATIC) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(root, path);
    // Nothing outside the directory, however the path is spelled.
    if ((file !== root && !file.startsWith(root + sep)) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    if (statSync(file).isDirectory()) file = join(file, 'index.html');
    const type = TYPES[/** @type {keyof typeof TYPES} */ (extname(file))];
    response.writeHead(200, { 'content-type': type ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

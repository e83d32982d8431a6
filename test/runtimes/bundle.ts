// The runtime test's app bundled as a merchant's bundler would bundle it for the edge: the
// built package (dist/), esbuild for a neutral platform, and no NODE_ENV defined, the
// strictest case. One bundle per way a runtime takes code.
import { join } from 'node:path';
import { build } from 'esbuild';
import { dist } from '../support/dist.js';

/**
 * How each runtime takes the app: a module worker (workerd), a script with a fetch listener
 * (edge-runtime), or a server of its own that prints its port (Deno, Bun).
 */
const ENTRIES = {
  module: `import { handle } from './app.ts';
export default { fetch: (request) => handle(request) };`,
  script: `import { handle } from './app.ts';
addEventListener('fetch', (event) => event.respondWith(handle(event.request)));`,
  deno: `import { handle } from './app.ts';
const onListen = ({ port }) => console.log('listening ' + port);
Deno.serve({ hostname: '127.0.0.1', port: 0, onListen }, handle);`,
  bun: `import { handle } from './app.ts';
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: handle });
console.log('listening ' + server.port);`,
} as const;

export async function bundleApp(
  form: keyof typeof ENTRIES,
  config: Record<string, string>,
): Promise<string> {
  const result = await build({
    stdin: { contents: ENTRIES[form], resolveDir: import.meta.dirname, loader: 'js' },
    bundle: true,
    write: false,
    platform: 'neutral',
    format: form === 'script' ? 'iife' : 'esm',
    mainFields: ['module', 'main'],
    alias: { 'service-checkout/server': join(dist, 'server.js') },
    define: { RUNTIME_TEST: JSON.stringify(config) },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

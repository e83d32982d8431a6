// The runtime test's app bundled as a merchant's bundler would bundle it for the edge: the
// built package (dist/), esbuild for a neutral platform, and no NODE_ENV defined, the
// strictest case. One bundle per way a runtime takes code.
import { join } from 'node:path';
import { build } from 'esbuild';
import { dist } from '../support/dist.js';

/** How each runtime takes the app: a module worker (workerd) or a script with a fetch listener. */
const ENTRIES = {
  module:
    'import { handle } from "./app.ts";\nexport default { fetch: (request) => handle(request) };',
  script:
    'import { handle } from "./app.ts";\naddEventListener("fetch", (event) => event.respondWith(handle(event.request)));',
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
    format: form === 'module' ? 'esm' : 'iife',
    mainFields: ['module', 'main'],
    alias: { 'service-checkout/server': join(dist, 'server.js') },
    define: { RUNTIME_TEST: JSON.stringify(config) },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import dts from 'vite-plugin-dts';

// One build, several entry points. Each entry's file lands at dist/<name>.js with its types.
export const entries = {
  index: 'src/index.ts',
  query: 'src/query.ts',
  server: 'src/server/index.ts',
  sandbox: 'src/sandbox/index.ts',
  'sandbox-node': 'src/sandbox/node-server.ts',
  'sandbox-msw': 'src/sandbox/msw.ts',
  'sandbox-cli': 'src/sandbox/transports/cli.ts',
};

// Peers and runtime dependencies stay imports: bundling a second React or react-query copy
// breaks hooks and "No QueryClient set".
const external = /^(react|react-dom|@tanstack\/react-query|zod|jose|msw)(\/.*)?$|^node:/;

/**
 * The stylesheet's declaration (src/react/styles.css.d.ts) beside the stylesheet in dist/, where
 * the "./styles.css" export's types point. The declarations plugin copies no hand-written .d.ts.
 */
function stylesheetDts(): Plugin {
  return {
    name: 'stylesheet-dts',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'service-checkout.css.d.ts',
        source: readFileSync(new URL('./src/react/styles.css.d.ts', import.meta.url), 'utf8'),
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    dts({ tsconfigPath: './tsconfig.build.json', entryRoot: 'src' }),
    stylesheetDts(),
  ],
  build: {
    lib: { entry: entries, formats: ['es'] },
    copyPublicDir: false,
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      external: (id) => external.test(id),
      output: {
        // Next.js's App Router needs the directive at the top of the browser entry's file.
        banner: (chunk) => (chunk.isEntry && chunk.name === 'index' ? '"use client";' : ''),
        // Each locale's catalogue a chunk of its own, by its tag (dist/locales/es.js), beside the
        // pseudo-locales' (dist/locales/pseudo.js).
        chunkFileNames: (chunk) =>
          /\/messages\/(locales\/|pseudo\.ts$)/.test(chunk.facadeModuleId ?? '')
            ? 'locales/[name].js'
            : '[name]-[hash].js',
      },
    },
  },
});

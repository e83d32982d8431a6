// The storefront's build: the page (dist/client) and, with --ssr, its server (dist/server).
// `service-checkout` resolves through the package's own exports to the built library in the
// repository's dist/, exactly as it would from node_modules in a merchant's project.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { PAGE_NONCE_PLACEHOLDER } from './server/page-nonce.js';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react()],
  logLevel: 'warn',
  // Written on each tag the build emits, for the server to replace with each response's nonce.
  html: { cspNonce: PAGE_NONCE_PLACEHOLDER },
  build: isSsrBuild
    ? {
        ssr: 'server/start.ts',
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
        rolldownOptions: {
          // The server imports the package at run time, as a merchant's server would.
          external: (id: string) => /^(service-checkout|node:)/.test(id),
        },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: {
          onLog(level, log, handler) {
            // The package's "use client" line is for React Server Components bundlers.
            if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
            handler(level, log);
          },
        },
      },
}));

// The sandbox console's page: built into dist/console, which the sandbox serves at /console
// (src/sandbox/console/page-files.ts) under a policy that runs only the page's own files, so the
// build writes no inline script or style.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const page = fileURLToPath(new URL('./page', import.meta.url));

export default defineConfig({
  root: page,
  base: '/console/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../../../dist/console', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    // The polyfill is an inline script, which the page's policy refuses.
    modulePreload: { polyfill: false },
    // Inlined assets would be data: URLs in CSS; keep every asset a file.
    assetsInlineLimit: 0,
  },
});

// The strict page's browser build. Vite writes the placeholder as the nonce of every tag it
// emits (and in a csp-nonce meta tag); the server replaces it with each response's nonce.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { NONCE_PLACEHOLDER } from './nonce-placeholder.js';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  logLevel: 'warn',
  html: { cspNonce: NONCE_PLACEHOLDER },
  build: { emptyOutDir: true },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One test command, several projects: Node (core, server, sandbox, package checks) and jsdom
// (React components through MSW in front of the sandbox handler).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/{core,server,sandbox,package}/**/*.test.ts', 'test/ssr/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/react/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});

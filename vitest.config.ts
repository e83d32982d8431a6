import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

// One test command, several projects: Node (core, server, sandbox, package checks), jsdom
// (React components through MSW in front of the sandbox handler), Chromium (browser mode,
// stories) and end-to-end runs of the demo storefront.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        // The library's own code in this process, nothing built or started: with dom, the fast
        // layer (`npm run test:unit`). Its files share one module graph (isolate: false), which
        // saves about two thirds of its time; each file sets up and tears down what it uses.
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          isolate: false,
          include: [
            'test/{core,checkout,server,sandbox}/**/*.test.ts',
            'test/ssr/**/*.test.{ts,tsx}',
          ],
          exclude: ['test/sandbox/cli.test.ts', 'test/sandbox/cli-crash.test.ts'],
        },
      },
      {
        // What needs the build, a child process or a database: the packed package, the sandbox
        // command, and the demo storefront's server on its store.
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          // One process for the project's files, as in unit: each starts and stops what it uses,
          // and the shop's in-memory databases are copies of one made once (db.ts) instead of
          // several seconds of initdb per file.
          isolate: false,
          include: [
            'test/{package,storefront}/**/*.test.ts',
            'test/sandbox/cli.test.ts',
            'test/sandbox/cli-crash.test.ts',
          ],
          // Several child processes in one test, and temporary projects with their own
          // node_modules to remove after: room for a loaded machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The server entry bundled for the edge and run inside workerd (Miniflare) and Vercel's
        // edge runtime, which have no Node globals.
        extends: true,
        test: {
          name: 'runtimes',
          environment: 'node',
          include: ['test/runtimes/**/*.test.ts'],
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          // One jsdom for the project's files instead of one each (a second per file).
          isolate: false,
          // A test walks a payment through several screens and an axe check; on a loaded 2-core
          // machine that has taken just over vitest's default 5 s.
          testTimeout: 15_000,
          include: [
            'test/react/**/*.test.{ts,tsx}',
            'test/resilience/**/*.test.{ts,tsx}',
            // The demo storefront's pages, rendered from its sources.
            'test/storefront/**/*.test.tsx',
          ],
          exclude: ['**/node_modules/**', 'test/resilience/**/*.browser.test.tsx'],
        },
        // The storefront imports the package by name: here, its sources, so no build is needed.
        resolve: {
          alias: [
            {
              find: /^service-checkout$/,
              replacement: fileURLToPath(new URL('src/index.ts', import.meta.url)),
            },
            {
              find: /^service-checkout\/query$/,
              replacement: fileURLToPath(new URL('src/query.ts', import.meta.url)),
            },
          ],
        },
      },
      {
        // Real Chromium: script loading and the pay flow, with MSW's service worker in front of
        // the sandbox.
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.tsx'],
          browser: chromiumBrowser(),
        },
      },
      {
        // 1,000 mount cycles in Chromium, after the other projects: run beside them, the load
        // makes the focus checks of test/browser flaky.
        extends: true,
        test: {
          name: 'resilience-browser',
          include: ['test/resilience/**/*.browser.test.tsx'],
          browser: chromiumBrowser(),
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The demo storefront and the sandbox on real ports, driven in Debian's Chromium by
        // playwright-core. Starting them builds the library and the storefront when stale.
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          // As integration: one process, so each shop's database is a copy of one made once.
          isolate: false,
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 240_000,
        },
      },
      {
        // The examples a merchant copies whole (examples/*), as a merchant gets them: the package
        // packed once and installed with each example's pinned dependencies into a project of its
        // own, four installs at once (test/examples/install.ts); then each is type-checked by its
        // own build, run as its README says and paid through end to end against the sandbox.
        extends: true,
        test: {
          name: 'examples',
          environment: 'node',
          include: ['test/examples/**/*.test.ts'],
          // A temporary folder for the installs, removed after the run.
          globalSetup: ['test/examples/setup.ts'],
          // One process, one file at a time: the files share the installs (started by the first,
          // not by the global set-up, which would hold every project's tests back until they
          // end), and each builds its example (tsc, next build, vite build), which wants the cores.
          isolate: false,
          fileParallelism: false,
          // Builds and a browser on a loaded 2-core machine.
          testTimeout: 90_000,
          hookTimeout: 300_000,
        },
      },
      // Every story in stories/ as a test in Chromium, once per theme: it renders against the
      // sandbox, runs its play function, and fails on any accessibility violation.
      storybookProject('light'),
      storybookProject('dark'),
    ],
  },
});

function storybookProject(theme: 'light' | 'dark'): TestProjectInlineConfiguration {
  return {
    extends: true,
    plugins: [storybookTest({ configDir: '.storybook', initialGlobals: { theme } })],
    test: {
      name: theme === 'light' ? 'storybook' : `storybook-${theme}`,
      browser: chromiumBrowser(),
    },
  };
}

/** Headless Debian Chromium; each project gets its own provider object. */
function chromiumBrowser() {
  return {
    enabled: true,
    headless: true,
    screenshotFailures: false,
    provider: playwright({
      launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    }),
    instances: [{ browser: 'chromium' as const }],
  };
}

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');
export const dist = join(root, 'dist');

export interface PackageJson {
  name: string;
  version: string;
  license: string;
  scripts: Record<string, string>;
  engines: Record<string, string>;
  sideEffects: unknown;
  exports: Record<string, string | Record<string, string>>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
}

export function packageJson(): PackageJson {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
}

/**
 * The test command builds first; a lone test run builds when any exported file is missing.
 * Always a production build: under a test runner NODE_ENV=test would make React's JSX
 * compile to react/jsx-dev-runtime, which is undefined in merchants' production React.
 */
export function ensureBuilt(): void {
  const exported = exportTargets().flatMap(([, target]) => Object.values(target));
  if (
    existsSync(join(dist, 'index.js')) &&
    existsSync(join(dist, 'console', 'index.html')) &&
    exported.every((file) => existsSync(join(root, file)))
  ) {
    return;
  }
  // As `npm run build`: the library (which empties dist/), then the sandbox console's page.
  for (const config of ['vite.config.ts', 'src/sandbox/console/vite.config.ts']) {
    execFileSync(
      join(root, 'node_modules', '.bin', 'vite'),
      ['build', '--config', config, '--logLevel', 'error'],
      { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
  }
}

/** Subpath exports with conditions, each with its types: the code entries and the stylesheet. */
export function exportTargets(): [subpath: string, target: Record<string, string>][] {
  return Object.entries(packageJson().exports).flatMap(([subpath, target]) =>
    typeof target === 'object' && target.types
      ? [[subpath, target] as [string, Record<string, string>]]
      : [],
  );
}

/** Subpath exports that carry code and types (not ./package.json, not the stylesheet). */
export function codeExports(): [subpath: string, target: Record<string, string>][] {
  return exportTargets().filter(([, target]) => !target.default?.endsWith('.css'));
}

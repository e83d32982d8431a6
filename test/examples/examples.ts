// The examples a merchant copies whole (examples/*, beside the demo storefront): their names,
// their files and how many lines their author wrote. Plain Node, so the project's global set-up
// (setup.ts) reads it as well as the tests.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pinned, root } from '../support/packed.mjs';

export const EXAMPLES = ['express', 'cloudflare-worker', 'next-app-router', 'vite-spa'] as const;
export type ExampleName = (typeof EXAMPLES)[number];

/**
 * Short enough to read in one sitting: the lines an example's author wrote, in every file but its
 * README (code, configuration and comments; blank lines aside).
 */
export const MAX_EXAMPLE_LINES = 200;

/**
 * What running an example in place leaves beside its files (installed, built, generated, or a
 * secret): never copied into a test's project, never counted.
 */
export const LOCAL_ONLY = new Set([
  'node_modules',
  'package-lock.json',
  'dist',
  '.next',
  'next-env.d.ts',
  '.wrangler',
  '.dev.vars',
  'worker-configuration.d.ts',
]);

export const exampleDir = (name: ExampleName) => join(root, 'examples', name);

export interface ExampleManifest {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

export function exampleManifest(name: ExampleName): ExampleManifest {
  return JSON.parse(
    readFileSync(join(exampleDir(name), 'package.json'), 'utf8'),
  ) as ExampleManifest;
}

/**
 * What the example's package.json names otherwise than this repository: each package at the
 * version the repository pins, and the package itself as the tarball `npm pack` writes at the
 * repository root. Empty when it agrees.
 */
export function unpinnedDependencies(name: ExampleName): string[] {
  const { dependencies, devDependencies } = exampleManifest(name);
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const tarball = `file:../../service-checkout-${version}.tgz`;
  return Object.entries({ ...dependencies, ...devDependencies })
    .filter(([pkg, range]) =>
      pkg === 'service-checkout' ? range !== tarball : `${pkg}@${range}` !== pinned(pkg),
    )
    .map(([pkg, range]) => `${pkg}@${range}`);
}

/** The example's own files, relative to its folder, sorted. */
export function exampleFiles(name: ExampleName): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .filter((entry) => !LOCAL_ONLY.has(entry))
      .flatMap((entry) => {
        const path = join(dir, entry);
        return statSync(path).isDirectory() ? walk(path) : [path];
      });
  return walk(exampleDir(name))
    .map((path) => relative(exampleDir(name), path))
    .sort();
}

/** Non-blank lines of every file of the example but its README, in all and per file. */
export function exampleLines(name: ExampleName): { total: number; files: Record<string, number> } {
  const files = Object.fromEntries(
    exampleFiles(name)
      .filter((file) => file !== 'README.md')
      .map((file) => {
        const text = readFileSync(join(exampleDir(name), file), 'utf8');
        return [file, text.split('\n').filter((line) => line.trim() !== '').length] as const;
      }),
  );
  return { total: Object.values(files).reduce((sum, lines) => sum + lines, 0), files };
}

// The package as a merchant gets it: `npm pack` of the built dist/, installed into a fresh
// project with npm, from the local npm cache, beside only the packages that project names.
// Plain JavaScript with its types in packed.d.mts, so a Node script (a CI smoke run) can import
// it as well as the tests.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const root = join(import.meta.dirname, '..', '..');

/** What the library build reads: a file here newer than the build means dist/ is stale. */
const BUILD_INPUTS = ['src', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json'];

function packageJson() {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
}

/** The files the package's exports and bin point at (JavaScript, types, stylesheet). */
function exportedFiles() {
  const pkg = packageJson();
  const targets = Object.values(pkg.exports).flatMap((target) =>
    typeof target === 'string' ? [target] : Object.values(target),
  );
  return [...targets, ...Object.values(pkg.bin)]
    .filter((file) => file.startsWith('./dist/'))
    .map((file) => join(root, file));
}

function newestFile(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return { path, mtimeMs: stats.mtimeMs };
  return readdirSync(path)
    .map((name) => newestFile(join(path, name)))
    .reduce((newest, file) => (file.mtimeMs > newest.mtimeMs ? file : newest), {
      path,
      mtimeMs: 0,
    });
}

/** Why dist/ cannot be packed as it is (missing or older than a source), or null. */
export function staleBuildReason() {
  const files = exportedFiles();
  const missing = files.find((file) => {
    try {
      statSync(file);
      return false;
    } catch {
      return true;
    }
  });
  if (missing) return `${relative(root, missing)} is missing`;
  const builtAt = Math.min(...files.map((file) => statSync(file).mtimeMs));
  const newest = BUILD_INPUTS.map((input) => newestFile(join(root, input))).reduce((a, b) =>
    b.mtimeMs > a.mtimeMs ? b : a,
  );
  return newest.mtimeMs > builtAt ? `${relative(root, newest.path)} changed after the build` : null;
}

/**
 * Packs the repository's built package into `destination`. It packs dist/ as it is (no
 * prepack build), so it refuses a missing or stale one instead of packing old code.
 */
export async function packPackage(destination) {
  const stale = staleBuildReason();
  if (stale) {
    throw new Error(
      `Cannot pack service-checkout: ${stale}. Run \`npm run build\` first (npm test builds before its tests).`,
    );
  }
  mkdirSync(destination, { recursive: true });
  const { stdout } = await run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', destination],
    { cwd: root },
  );
  const [pack] = JSON.parse(stdout);
  return {
    tarball: join(destination, pack.filename),
    size: pack.size,
    unpackedSize: pack.unpackedSize,
    files: pack.files.map((file) => file.path),
  };
}

/** `name@version` at the exact version this repository pins, so npm finds it in its cache. */
export function pinned(name) {
  const pkg = packageJson();
  const version = pkg.devDependencies[name] ?? pkg.dependencies[name];
  if (!version) throw new Error(`${name} is not a dependency of this repository: pin it first.`);
  return `${name}@${version}`;
}

function directoryBytes(path) {
  return readdirSync(path, { withFileTypes: true }).reduce((total, entry) => {
    const child = join(path, entry.name);
    if (entry.isDirectory()) return total + directoryBytes(child);
    return total + (entry.isFile() ? statSync(child).size : 0);
  }, 0);
}

/** Top-level package names under a node_modules directory. */
function installedNames(nodeModules) {
  return readdirSync(nodeModules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@')
        ? readdirSync(join(nodeModules, name)).map((scoped) => `${name}/${scoped}`)
        : [name],
    )
    .sort();
}

/**
 * A new project in `directory` with the tarball and `packages` (pinned by this repository)
 * installed. Peers are left out unless listed (`--omit=peer`): npm 7+ would otherwise add the
 * required peers (React) on its own, and the point is a project holding only what it names.
 * Scripts are not run, and the cache answers first (`--prefer-offline`).
 */
export async function installPackage({ tarball, directory, packages = [], type = 'module' }) {
  mkdirSync(directory, { recursive: true });
  writeFileSync(
    join(directory, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type }, null, 2)}\n`,
  );
  const started = performance.now();
  await run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--omit=peer',
      '--save-exact',
      tarball,
      ...packages.map(pinned),
    ],
    { cwd: directory },
  );
  const nodeModules = join(directory, 'node_modules');
  return {
    directory,
    installMs: Math.round(performance.now() - started),
    installed: installedNames(nodeModules),
    bytes: directoryBytes(nodeModules),
  };
}

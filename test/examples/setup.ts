// Global set-up of the examples project: the package is packed once and each example is copied
// into a temporary project that npm installs the tarball into, beside the packages the example's
// package.json names (at the versions this repository pins, from the npm cache), all four at
// once. The test files then build and run their example there, as a merchant who copied it would.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { installPackage, packPackage } from '../support/packed.mjs';
import { EXAMPLES, exampleDir, exampleManifest, LOCAL_ONLY, type ExampleName } from './examples.js';

export interface InstalledExample {
  /** The temporary project: the example's files, node_modules and the tarball installed. */
  directory: string;
  /** How long npm took for this one (the four ran at once). */
  installMs: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    examples: Record<ExampleName, InstalledExample>;
    /** Wall time of the pack and the four installs together. */
    examplesSetupMs: number;
  }
}

/** The example's files, without what running it in place leaves behind. */
function copyExample(name: ExampleName, directory: string, tarball: string): void {
  cpSync(exampleDir(name), directory, {
    recursive: true,
    filter: (source) => !LOCAL_ONLY.has(source.split('/').pop() ?? ''),
  });
  // The tarball stands where the example names the one `npm pack` writes at the repository root.
  const manifest = exampleManifest(name);
  manifest.dependencies['service-checkout'] = `file:${tarball}`;
  writeFileSync(join(directory, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

export default async function setup(project: TestProject) {
  const started = performance.now();
  const work = mkdtempSync(join(tmpdir(), 'service-checkout-examples-'));
  const { tarball } = await packPackage(join(work, 'pack'));
  const installed = await Promise.all(
    EXAMPLES.map(async (name) => {
      const directory = join(work, name);
      const manifest = exampleManifest(name);
      const packages = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
      const { installMs } = await installPackage({
        tarball,
        directory,
        packages: packages.filter((pkg) => pkg !== 'service-checkout'),
      });
      copyExample(name, directory, tarball);
      return [name, { directory, installMs }] as const;
    }),
  );
  project.provide(
    'examples',
    Object.fromEntries(installed) as Record<ExampleName, InstalledExample>,
  );
  project.provide('examplesSetupMs', Math.round(performance.now() - started));
  return () => rmSync(work, { recursive: true, force: true });
}

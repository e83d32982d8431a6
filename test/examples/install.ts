// The examples as a merchant gets them: the package packed once, and each example copied into a
// temporary project that npm installs the tarball into, beside the packages the example's
// package.json names (at the versions this repository pins, from the npm cache). The first test
// file to ask starts all four installs at once; they go on while that file runs, and the others
// find theirs done. The project runs its files in one process (vitest.config.ts), so they share
// this module and its installs; its global set-up (setup.ts) removes the folder after the run.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { installPackage, packPackage } from '../support/packed.mjs';
import { EXAMPLES, exampleDir, exampleManifest, LOCAL_ONLY, type ExampleName } from './examples.js';

export interface InstalledExample {
  /** The temporary project: the example's files, with the tarball and its packages installed. */
  directory: string;
  /** How long npm took for this one, beside the other three. */
  installMs: number;
  /** Wall time of the pack and the four installs together. */
  allInstallsMs: Promise<number>;
  /** Removes the project, once its file is done with it. */
  remove(): void;
}

let installs: Record<ExampleName, Promise<InstalledExample>> | undefined;

export function installedExample(name: ExampleName): Promise<InstalledExample> {
  installs ??= installAll();
  return installs[name];
}

function installAll(): Record<ExampleName, Promise<InstalledExample>> {
  const started = performance.now();
  const folder = inject('examplesFolder');
  const packed = packPackage(join(folder, 'pack'));
  const projects = EXAMPLES.map((name) =>
    packed.then(({ tarball }) => installOne(name, join(folder, name), tarball)),
  );
  const allInstallsMs = Promise.allSettled(projects).then(() => {
    rmSync(join(folder, 'pack'), { recursive: true, force: true });
    return Math.round(performance.now() - started);
  });
  const installed = EXAMPLES.map((name, index) =>
    projects[index]!.then(({ installMs }) => ({
      directory: join(folder, name),
      installMs,
      allInstallsMs,
      remove: () => rmSync(join(folder, name), { recursive: true, force: true }),
    })),
  );
  // A failure is reported by the file that waits for that project; a run without that file
  // must not end on an unhandled rejection.
  for (const project of installed) project.catch(() => undefined);
  return Object.fromEntries(EXAMPLES.map((name, index) => [name, installed[index]!])) as Record<
    ExampleName,
    Promise<InstalledExample>
  >;
}

async function installOne(name: ExampleName, directory: string, tarball: string) {
  const manifest = exampleManifest(name);
  const packages = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  const installed = await installPackage({
    tarball,
    directory,
    packages: packages.filter((pkg) => pkg !== 'service-checkout'),
  });
  cpSync(exampleDir(name), directory, {
    recursive: true,
    filter: (source) => !LOCAL_ONLY.has(source.split('/').pop() ?? ''),
  });
  // The tarball stands where the example names the one `npm pack` writes at the repository root.
  manifest.dependencies['service-checkout'] = `file:${tarball}`;
  writeFileSync(join(directory, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return installed;
}

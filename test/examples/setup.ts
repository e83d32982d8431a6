// Global set-up of the examples project: only a temporary folder for the examples' projects,
// made at once and removed after the run, whichever of the files ran. The installs themselves
// start in the test process (install.ts), so that they hold no other project's tests back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the examples' projects are installed. */
    examplesFolder: string;
  }
}

export default function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'service-checkout-examples-'));
  project.provide('examplesFolder', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}

// A vitest reporter for `npm test`: where the time went, per project, printed after the run,
// and the counts scripts/run-tests.mjs ends with, written to COUNTS_FILE.
import { writeFileSync } from 'node:fs';

export const COUNTS_FILE = '.vitest-counts.json';

export default class ProjectTimes {
  constructor() {
    /** @type {Map<string, { files: number, tests: number, failed: number, first: number, last: number, busy: number }>} */
    this.projects = new Map();
    this.startedAt = Date.now();
  }

  onTestModuleStart(testModule) {
    this.project(testModule).first ??= Date.now();
  }

  onTestModuleEnd(testModule) {
    const project = this.project(testModule);
    const { environmentSetupDuration, prepareDuration, collectDuration, duration } =
      testModule.diagnostic();
    project.files += 1;
    project.busy += environmentSetupDuration + prepareDuration + collectDuration + duration;
    project.last = Date.now();
    let failed = 0;
    for (const test of testModule.children.allTests()) {
      const { state } = test.result();
      if (state === 'passed') project.tests += 1;
      if (state === 'failed') failed += 1;
    }
    // A file that failed to load has no failed test, and still fails the run.
    project.failed += failed === 0 && !testModule.ok() ? 1 : failed;
  }

  onTestRunEnd(_testModules, unhandledErrors) {
    const rows = [...this.projects].sort(([, a], [, b]) => a.first - b.first);
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(10);
    console.log(
      '\nvitest, per project: files, tests, from its first file to its last, time in files',
    );
    for (const [name, p] of rows) {
      const tests = String(p.tests + p.failed).padStart(6);
      const files = String(p.files).padStart(4);
      console.log(
        `  ${name.padEnd(30)}${files}${tests}${seconds(p.last - p.first)}${seconds(p.busy)}`,
      );
    }
    console.log(`  ${'all'.padEnd(40)}${seconds(Date.now() - this.startedAt)}`);
    const counts = rows.reduce(
      (sum, [, p]) => ({ passed: sum.passed + p.tests, failed: sum.failed + p.failed }),
      { passed: 0, failed: unhandledErrors.length },
    );
    writeFileSync(COUNTS_FILE, JSON.stringify(counts));
  }

  project(testModule) {
    const name = testModule.project.name || 'default';
    if (!this.projects.has(name)) {
      this.projects.set(name, { files: 0, tests: 0, failed: 0, first: null, last: 0, busy: 0 });
    }
    return this.projects.get(name);
  }
}

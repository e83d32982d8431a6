// Runs every vitest project once and ends with one plain summary line for CI:
// "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

const resultsFile = '.vitest-results.json';
rmSync(resultsFile, { force: true });
const run = spawnSync(
  'node_modules/.bin/vitest',
  [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
try {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests + (results.numTotalTestSuites > 0 ? 0 : 1);
} catch {
  failed += 1;
}
const exitCode = run.status ?? 1;
if (exitCode !== 0 && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(exitCode);

// `npm test`: every check, then every vitest project once. Stops at the first failing check, as
// `&&` would; prints how long each step and each project took, and ends with one plain summary
// line for CI: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { COUNTS_FILE } from './project-times.mjs';

const CHECKS = [
  'typecheck',
  'lint',
  'format:check',
  'build',
  'size',
  'build-storybook',
  'docs:build',
];

const stepTimes = {};
function timed(name, command, args) {
  const startedAt = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  stepTimes[name] = `${((Date.now() - startedAt) / 1000).toFixed(1)} s`.padStart(8);
  return run.status ?? 1;
}

for (const check of CHECKS) {
  const status = timed(check, 'npm', ['run', '--silent', check]);
  if (status !== 0) {
    console.log(`npm test: ${check} failed`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(status);
  }
}

rmSync(COUNTS_FILE, { force: true });
const exitCode = timed('vitest', 'node_modules/.bin/vitest', [
  'run',
  '--reporter=default',
  `--reporter=./scripts/project-times.mjs`,
  ...process.argv.slice(2),
]);

console.log('\nnpm test, per step:');
for (const [name, time] of Object.entries(stepTimes)) console.log(`  ${name.padEnd(20)}${time}`);

let { passed, failed } = { passed: 0, failed: 1 };
try {
  ({ passed, failed } = JSON.parse(readFileSync(COUNTS_FILE, 'utf8')));
} catch {
  // No counts: vitest ended before its reporter could write them, which the line below says.
}
if (exitCode !== 0 && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(exitCode);

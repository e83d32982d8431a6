// The built Storybook for the tests that open it: built as `npm run build-storybook` builds it
// when missing or older than what it is built from (`npm test` builds it before its tests).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { STORYBOOK_STATIC } from '../../scripts/storybook-static.mjs';

const root = join(import.meta.dirname, '..', '..');
/** What the Storybook build reads. */
const INPUTS = ['src', 'stories', '.storybook', 'public', 'vite.config.ts', 'package.json'];

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

export function ensureStorybookBuilt(): void {
  const built = join(STORYBOOK_STATIC, 'iframe.html');
  const inputsChanged = Math.max(...INPUTS.map((input) => newestChange(join(root, input))));
  if (existsSync(built) && statSync(built).mtimeMs > inputsChanged) return;
  execFileSync(
    join(root, 'node_modules', '.bin', 'storybook'),
    ['build', '--quiet', '--output-dir', STORYBOOK_STATIC],
    // Production, as the npm script builds it: under the test runner NODE_ENV is "test".
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
}

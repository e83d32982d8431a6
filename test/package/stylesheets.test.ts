// The stylesheets' one rule: directions written logically, so a right-to-left checkout mirrors
// with no stylesheet of its own. `npm run lint` runs it on every stylesheet; here, that the
// configuration refuses what it must and takes what it should.
import { join } from 'node:path';
import stylelint from 'stylelint';
import { describe, expect, it } from 'vitest';
import { root } from '../support/dist.js';

async function problems(code: string): Promise<string[]> {
  const { results } = await stylelint.lint({
    code,
    configFile: join(root, 'stylelint.config.mjs'),
  });
  return results.flatMap((result) => result.warnings.map((warning) => warning.text));
}

describe('the stylesheet lint rule', () => {
  it('refuses physical directions and sizes, naming the logical property to use', async () => {
    const found = await problems(
      '.a { margin-left: 1em; padding-top: 0; width: 2px; left: 0; text-align: right; }',
    );
    expect(found).toHaveLength(5);
    expect(found.join('\n')).toMatch(/Use "margin-inline-start"/);
    expect(found.join('\n')).toMatch(/Use "inline-size"/);
  });

  it('takes logical ones', async () => {
    const logical =
      '.a { margin-inline-start: 1em; padding-block-start: 0; inline-size: 2px; inset-inline-start: 0; text-align: end; }';
    expect(await problems(logical)).toEqual([]);
  });
});

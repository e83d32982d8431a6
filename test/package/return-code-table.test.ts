// The table of return codes in docs/payments.md says what describeReturn says, code by code, so
// the guide a merchant reads cannot drift from what the library answers. On a difference the
// failure prints the rows as they should be, ready to paste.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeReturn, WEB_DEBIT_RETURN_CODES } from '../../src/server/index.js';
import { root } from '../support/dist.js';

const HEADING = '### What each return code asks of you';

const RETRY_WORDS = { allowed: 'allowed', 'after-correction': 'after correction', never: 'never' };
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The cells of each row of the first table under the heading, header and rule left out. */
function tableRows(document: string): string[][] {
  const start = document.indexOf(`\n${HEADING}\n`);
  expect(start, `the payments guide has no "${HEADING}"`).toBeGreaterThan(-1);
  const lines = document.slice(start).split('\n').slice(1);
  const first = lines.findIndex((line) => line.startsWith('|'));
  const table = lines.slice(
    first,
    lines.findIndex((line, i) => i > first && !line.startsWith('|')),
  );
  return table.slice(2).map((line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim()),
  );
}

it('lists every code a WEB debit can come back with, as describeReturn describes it', () => {
  const document = readFileSync(join(root, 'docs/payments.md'), 'utf8');
  const expected = WEB_DEBIT_RETURN_CODES.map((code) => {
    const { title, retry, reauthorize, accountUsable } = describeReturn(code);
    return [`\`${code}\``, title, RETRY_WORDS[retry], yesNo(reauthorize), yesNo(accountUsable)];
  });
  const printed = expected.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
  expect(tableRows(document), `the rows should read:\n${printed}\n`).toEqual(expected);
});

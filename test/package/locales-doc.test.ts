// docs/locales.md lists every locale the checkout speaks. Its table is read back and compared
// with SUPPORTED_LOCALES (each catalogue, its direction and its aliases), so the guide cannot drift
// from the code. After adding a locale, `UPDATE_LOCALE_TABLE=1 npx vitest run --project integration
// test/package/locales-doc.test.ts` writes the table afresh.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import prettier from 'prettier';
import { expect, it } from 'vitest';
import {
  CATALOGUES,
  PSEUDO_LOCALES,
  resolveLocale,
  SUPPORTED_LOCALES,
} from '../../src/checkout/messages/locales.js';
import { root } from '../support/dist.js';

const GUIDE = join(root, 'docs/locales.md');
const START = '<!-- locales:start -->';
const END = '<!-- locales:end -->';

interface Row {
  tag: string;
  dir: 'ltr' | 'rtl';
  aliases: string[];
}

/** The rows SUPPORTED_LOCALES makes: each catalogue, with the tags that read it. */
function expectedRows(): Row[] {
  return [...CATALOGUES].sort().map((tag) => ({
    tag,
    dir: resolveLocale(tag).dir,
    aliases: SUPPORTED_LOCALES.filter(
      (alias) => !CATALOGUES.includes(alias) && resolveLocale(alias).catalogue === tag,
    ),
  }));
}

const DIRECTION = { ltr: 'left to right', rtl: 'right to left' } as const;

function languageName(tag: string): string {
  const english = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  const own = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  // A pseudo-locale has no name of its own.
  const pseudo = (PSEUDO_LOCALES as readonly string[]).includes(tag);
  return own === english || pseudo ? english : `${english} (${own})`;
}

function table(rows: Row[]): string {
  const lines = rows.map(
    (row) =>
      `| \`${row.tag}\` | ${languageName(row.tag)} | ${DIRECTION[row.dir]} | ${
        row.aliases.map((alias) => `\`${alias}\``).join(', ') || '–'
      } |`,
  );
  return ['| locale | language | written | also for |', '| --- | --- | --- | --- |', ...lines].join(
    '\n',
  );
}

/** The rows of the guide's table, as written. */
function documentedRows(guide: string): Row[] {
  const section = guide.slice(guide.indexOf(START), guide.indexOf(END));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [tag, , written, aliases] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return {
        tag: tag!.replace(/`/g, ''),
        dir: written === DIRECTION.rtl ? 'rtl' : 'ltr',
        aliases: [...aliases!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!),
      };
    });
}

it('docs/locales.md lists every supported locale: each catalogue, its direction and its aliases', async () => {
  let guide = readFileSync(GUIDE, 'utf8');
  expect(guide).toContain(START);
  expect(guide).toContain(END);
  if (process.env.UPDATE_LOCALE_TABLE) {
    const before = guide.slice(0, guide.indexOf(START) + START.length);
    guide = `${before}\n\n${table(expectedRows())}\n\n${guide.slice(guide.indexOf(END))}`;
    const options = await prettier.resolveConfig(GUIDE);
    guide = await prettier.format(guide, { ...options, filepath: GUIDE });
    writeFileSync(GUIDE, guide);
  }
  expect(documentedRows(guide)).toEqual(expectedRows());
});

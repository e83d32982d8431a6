// The browser entry must never pull in the merchant's server client: a bundler following
// dist/index.js would otherwise ship API-key code (and Node imports) to every page.
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { dist, ensureBuilt, root } from '../support/dist.js';

// ensureBuilt rebuilds when an exported file such as dist/server.js is missing, so this test
// never passes vacuously on a dist built before the server entry existed.
beforeAll(() => ensureBuilt(), 120_000);

const SPECIFIER =
  /(?:\bimport\s*\(\s*|\bimport\s+|\bfrom\s*)["']([^"']+)["']|\bexport\s*\*\s*from\s*["']([^"']+)["']/g;
// The imports a file makes before it runs: not those it loads later with import().
const STATIC_SPECIFIER =
  /(?:\bimport\s+|\bfrom\s*)["']([^"']+)["']|\bexport\s*\*\s*from\s*["']([^"']+)["']/g;

const NODE_GLOBALS = new Set([
  'Buffer',
  'process',
  'setImmediate',
  'global',
  'require',
  '__dirname',
]);

/** The Node globals `code` names other than as a property (`x.process`, `{ process: 1 }`). */
function nodeGlobalReads(code: string): string[] {
  const source = ts.createSourceFile(
    'bundle.js',
    code,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.JS,
  );
  const reads: string[] = [];
  const visit = (node: ts.Node) => {
    const parent = node.parent;
    const propertyName =
      parent &&
      (ts.isPropertyAccessExpression(parent) || ts.isPropertyAssignment(parent)) &&
      parent.name === node;
    if (ts.isIdentifier(node) && NODE_GLOBALS.has(node.text) && !propertyName)
      reads.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return reads;
}

/** Every built file an entry loads, following relative imports (`specifiers`) transitively. */
function importGraph(entry: string, specifiers = SPECIFIER) {
  const files = new Set<string>();
  const bare = new Set<string>();
  const pending = [join(dist, entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(specifiers)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (specifier.startsWith('.')) pending.push(join(dirname(file), specifier));
      else bare.add(specifier);
    }
  }
  return { files: [...files], bare: [...bare] };
}

/** Source files a built file was made from, per its source map. */
function sourcesOf(file: string): string[] {
  if (!existsSync(`${file}.map`)) {
    // An entry that only re-exports a shared chunk gets no map: it holds no code of its own.
    expect(readFileSync(file, 'utf8').trim(), relative(dist, file)).toMatch(
      /^(?:(?:import|export)\b[^;]*;\s*)+$/,
    );
    return [];
  }
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
  return map.sources.map((source) => relative(root, join(dirname(file), source)));
}

/** dist/index.js as a storefront's bundler would include it, peers left out. */
async function bundleBrowserEntry(nodeEnv: 'development' | 'production'): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [join(dist, 'index.js')],
    bundle: true,
    write: false,
    format: 'esm',
    define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv) },
    external: ['react', 'react-dom', 'react/*', '@tanstack/react-query'],
  });
  return result.outputFiles.map((file) => file.text).join('\n');
}

const SERVER_ONLY = [
  'createMerchantClient',
  'createSessionKeyCache',
  'createSessionKeyNodeHandler',
  'createSessionKeyFetchHandler',
  'dangerouslyAllowBrowser',
  'redactSecret',
];

describe('the browser entry and the server entry', () => {
  it('the server entry holds the server code (so the search below can find it)', () => {
    const server = importGraph('server.js');
    const text = server.files.map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const needle of SERVER_ONLY) expect(text).toContain(needle);
    expect(server.files.flatMap(sourcesOf).some((source) => source.startsWith('src/server/'))).toBe(
      true,
    );
  });

  it('dist/index.js and every chunk it imports contain no src/server code', () => {
    const browser = importGraph('index.js');
    expect(browser.files.length).toBeGreaterThan(1);
    for (const file of browser.files) {
      const text = readFileSync(file, 'utf8');
      for (const needle of SERVER_ONLY)
        expect(text, `${relative(dist, file)}`).not.toContain(needle);
      expect(sourcesOf(file).filter((source) => source.startsWith('src/server/'))).toEqual([]);
    }
  });

  it('dist/index.js and every chunk it imports contain no sandbox code, jose or msw', () => {
    // The sandbox entries do hold it, so the search below can find it.
    const sandbox = [...importGraph('sandbox.js').files, ...importGraph('sandbox-node.js').files];
    expect(sandbox.flatMap(sourcesOf).some((source) => source.startsWith('src/sandbox/'))).toBe(
      true,
    );
    expect(importGraph('sandbox.js').bare).toContain('jose');
    expect(importGraph('sandbox-msw.js').bare).toContain('msw');

    const browser = importGraph('index.js');
    for (const file of browser.files) {
      expect(sourcesOf(file).filter((source) => source.startsWith('src/sandbox/'))).toEqual([]);
    }
    expect(browser.bare.filter((specifier) => /^(jose|msw)(\/|$)/.test(specifier))).toEqual([]);
  });

  it('dist/index.js and every chunk it imports hold no schema only the server uses, so no bundler can ship one', async () => {
    // The server entry does hold them, so the search below can find them.
    const serverOnly = ['SignInFailure', 'in_review'];
    const server = importGraph('server.js').files.map((file) => readFileSync(file, 'utf8'));
    for (const word of serverOnly) expect(server.join('\n')).toContain(word);

    const browser = importGraph('index.js').files.map((file) => readFileSync(file, 'utf8'));
    const bundle = await bundleBrowserEntry('production');
    expect(bundle.includes('rtpEligible'), 'a browser schema is in the bundle').toBe(true);
    for (const word of serverOnly) {
      expect(browser.join('\n').includes(word), `${word} is in the browser entry`).toBe(false);
      expect(bundle.includes(word), `${word} is in the bundle`).toBe(false);
    }
  });

  it('dist/index.js and the files it imports up front speak English only: every other language, the pseudo-locales too, is a chunk loaded by import()', () => {
    const otherLanguage = (source: string) =>
      /^src\/checkout\/messages\/(locales\/|pseudo\.ts$)/.test(source);
    const upFront = importGraph('index.js', STATIC_SPECIFIER).files.flatMap(sourcesOf);
    expect(upFront).toContain('src/checkout/messages/en.ts');
    expect(upFront.filter(otherLanguage)).toEqual([]);
    // Loaded later, they are there.
    const loaded = importGraph('index.js').files.flatMap(sourcesOf);
    expect(loaded).toEqual(
      expect.arrayContaining([
        'src/checkout/messages/locales/es.ts',
        'src/checkout/messages/pseudo.ts',
      ]),
    );
  });

  it('a production bundle leaves out the development warnings, and errors read as in development', async () => {
    const development = await bundleBrowserEntry('development');
    const production = await bundleBrowserEntry('production');
    expect(development).toContain('changed after mount');
    expect(production).not.toContain('changed after mount');
    // Errors keep their wording in production, what to do after each code included.
    for (const text of ['did not answer', 'Ask the payer to choose another bank account']) {
      expect(production).toContain(text);
    }
  });

  it('the server entry reads no Node global, so it runs where there is none (Workers, Vercel Edge)', async () => {
    // Minified, so local names are short: a name below that is not a property's is a read of a
    // global. Found in the syntax tree, so words in strings ("could not process this payment",
    // a return code's message for the payer) are text, not reads.
    const result = await esbuild.build({
      entryPoints: [join(dist, 'server.js')],
      bundle: true,
      write: false,
      minify: true,
      platform: 'neutral',
      format: 'esm',
      mainFields: ['module', 'main'],
    });
    const code = result.outputFiles.map((file) => file.text).join('\n');
    expect(code).toContain('createWebhookFetchHandler');
    expect(nodeGlobalReads(code)).toEqual([]);
    // What it finds: a read, not a property of that name, not a word in a string.
    expect(nodeGlobalReads('x.process;"process";f(process.env,Buffer)')).toEqual([
      'process',
      'Buffer',
    ]);
  });

  it('the browser entry imports no Node built-in module', () => {
    const nodeModules = new Set(builtinModules);
    const { bare } = importGraph('index.js');
    expect(bare.filter((specifier) => specifier.startsWith('node:'))).toEqual([]);
    expect(bare.filter((specifier) => nodeModules.has(specifier.split('/')[0] ?? ''))).toEqual([]);
  });
});

// The library's source stays readable in one sitting per file: no file in src over 300 lines and
// no function over 120 (docs/design.md, "Layers"). A file or a function past that holds more than
// one concept and is split by meaning. Functions are found with the TypeScript compiler, so an
// arrow, a method or a React component counts as much as a declaration.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from '../support/dist.js';

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 120;

/**
 * Files allowed past MAX_FILE_LINES, each with its reason: data tables only (message catalogues,
 * code tables), where a row per entry is the readable form and splitting would scatter one list.
 * Paths are relative to the repository, with forward slashes.
 */
const DATA_TABLES: Readonly<Record<string, string>> = {
  'src/core/return-codes.ts':
    'every return code NACHA assigns, a row each, and what each asks of a merchant',
};

const CODE = /\.(?:[cm]?[jt]sx?)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Lines as an editor numbers them: a final newline does not start another line. */
function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Every function in a file, by the line it starts on, with its length in lines. */
function functionsOf(path: string, text: string) {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: { name: string; line: number; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: functionName(node), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The function's own name, or the name it is assigned to or passed as. */
function functionName(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const { parent } = node;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText();
  }
  return ts.isCallExpression(parent) ? `(passed to ${parent.expression.getText()})` : '(anonymous)';
}

const sources = filesUnder('src').map((path) => ({
  path,
  text: readFileSync(join(root, path), 'utf8'),
}));

describe('the source in src', () => {
  it('is read whole (so the checks below see every file)', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.some(({ path }) => path.endsWith('.tsx'))).toBe(true);
    expect(sources.some(({ path }) => path.endsWith('.css'))).toBe(true);
  });

  it(`has no file over ${MAX_FILE_LINES} lines, data tables aside`, () => {
    const long = sources
      .filter(({ path, text }) => lineCount(text) > MAX_FILE_LINES && !(path in DATA_TABLES))
      .map(({ path, text }) => `${path}: ${lineCount(text)} lines`);
    expect(long).toEqual([]);
  });

  it('allows only data tables that are still over the limit', () => {
    const listed = Object.keys(DATA_TABLES).map((path) => {
      const file = sources.find((source) => source.path === path);
      return { path, lines: file ? lineCount(file.text) : 0 };
    });
    expect(listed.filter(({ lines }) => lines <= MAX_FILE_LINES)).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = sources
      .filter(({ path }) => CODE.test(path))
      .flatMap(({ path, text }) =>
        functionsOf(path, text)
          .filter(({ lines }) => lines > MAX_FUNCTION_LINES)
          .map(({ name, line, lines }) => `${path}:${line} ${name}: ${lines} lines`),
      );
    expect(long).toEqual([]);
  });
});

describe('the function finder', () => {
  it('finds declarations, expressions, arrows, methods and components, with their lengths', () => {
    const text = [
      'function declared() {', // 1
      '  return 1;',
      '}',
      'const arrow = () => {', // 4
      '  const expression = function () {};', // 5
      '};',
      'class Thing {',
      '  method() {', // 8
      '    return 2;',
      '  }',
      '}',
      'export function Component() {', // 12
      '  return <div onClick={() => undefined} />;', // 13
      '}',
    ].join('\n');
    expect(functionsOf('example.tsx', text)).toEqual([
      { name: 'declared', line: 1, lines: 3 },
      { name: 'arrow', line: 4, lines: 3 },
      { name: 'expression', line: 5, lines: 1 },
      { name: 'method', line: 8, lines: 3 },
      { name: 'Component', line: 12, lines: 3 },
      { name: '(anonymous)', line: 13, lines: 1 },
    ]);
  });
});

// Every TypeScript and JavaScript snippet in the README and the guides (docs/*.md, not the
// generated API reference) type-checks as printed, against the package's sources under its
// published names; the server client's tour also runs, against the sandbox behind MSW, because a
// value can type-check and still be refused (a header-unsafe "…").
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setupServer } from 'msw/node';
import ts from 'typescript';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { sandboxHandlers } from '../../src/sandbox/msw.js';
import { root } from '../support/dist.js';

interface Snippet {
  /** The document it is printed in, such as `docs/server.md`. */
  document: string;
  /** Line of the opening fence in that document, for messages. */
  line: number;
  language: 'ts' | 'tsx' | 'js';
  code: string;
}

/** The README and the guides: the Markdown files a reader copies code from. */
function documents(): string[] {
  const guides = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...guides.map((name) => `docs/${name}`)];
}

function snippetsOf(document: string): Snippet[] {
  const lines = readFileSync(join(root, document), 'utf8').split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    // A fence may be indented inside a list item; its code is then indented as much.
    const open = /^( *)```(ts|tsx|js)$/.exec(lines[i] ?? '');
    if (!open) continue;
    const indent = open[1]!;
    const end = lines.indexOf(`${indent}\`\`\``, i + 1);
    expect(end, `${document}:${i + 1} has no closing fence`).toBeGreaterThan(i);
    snippets.push({
      document,
      line: i + 1,
      language: open[2] as Snippet['language'],
      code: lines
        .slice(i + 1, end)
        .map((line) => line.slice(indent.length))
        .join('\n'),
    });
    i = end;
  }
  return snippets;
}

const snippets = documents().flatMap(snippetsOf);
// Under node_modules, so imports of react, msw and vitest resolve as in a merchant's project.
const dir = join(root, 'node_modules', '.cache', 'readme-snippets');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('finds the snippets, in the README and in the guides', () => {
  expect(snippets.map((snippet) => snippet.language)).toEqual(
    expect.arrayContaining(['ts', 'tsx', 'js']),
  );
  expect(snippets.length).toBeGreaterThanOrEqual(15);
  const documentsWithCode = new Set(snippets.map((snippet) => snippet.document));
  expect(documentsWithCode).toContain('README.md');
  expect(documentsWithCode.size).toBeGreaterThanOrEqual(6);
});

/** Type errors in the files, each as `file:line message`. */
function typeErrors(files: string[], options: ts.CompilerOptions, oldProgram?: ts.Program) {
  const program = ts.createProgram({ rootNames: files, options, oldProgram });
  // Per file: checking only the snippets (and what they use) keeps this to a few seconds.
  const errors = [
    ...program.getOptionsDiagnostics(),
    ...files.flatMap((file) => ts.getPreEmitDiagnostics(program, program.getSourceFile(file))),
  ].map((diagnostic) => {
    const where = diagnostic.file
      ? `${diagnostic.file.fileName.replace(`${dir}/`, '')}:${
          diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1
        }`
      : 'options';
    return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
  return { errors, program };
}

it('type-checks every snippet as printed', { timeout: 60_000 }, () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const filesOf = (languages: Snippet['language'][]) =>
    snippets
      .filter((snippet) => languages.includes(snippet.language))
      .map((snippet) => {
        const extension = snippet.language === 'js' ? 'mjs' : snippet.language;
        // Each document's snippets go in a folder of their own. A snippet that names its file in
        // its first line ("// app/checkout/page.tsx") is written there, so snippets of one app
        // import each other as printed.
        const folder = join(dir, snippet.document.replace(/\.md$/, '').replace(/\//g, '-'));
        const named = /^\/\/ ((?:[\w.-]+\/)*[\w.-]+\.(?:tsx?|mjs))\b/.exec(snippet.code)?.[1];
        const file = join(folder, named ?? `line-${snippet.line}.${extension}`);
        expect(existsSync(file), `${snippet.document}:${snippet.line} names a file twice`).toBe(
          false,
        );
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, snippet.code);
        return file;
      });
  // The project's own settings, which map service-checkout/* to src.
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  const options: ts.CompilerOptions = { ...config?.options, noEmit: true };
  const typescript = typeErrors(filesOf(['ts', 'tsx']), options);
  expect(typescript.errors).toEqual([]);
  // JavaScript is checked the way an editor checks it: wrong names and calls, not strictness.
  const javascript = { ...options, allowJs: true, checkJs: true, strict: false };
  expect(typeErrors(filesOf(['js']), javascript, typescript.program).errors).toEqual([]);
});

describe('the server client tour', () => {
  const sandbox = createSandbox();
  const server = setupServer(...sandboxHandlers(sandbox));

  it('runs as printed against the sandbox', { timeout: 30_000 }, async () => {
    const tour = snippets.find((snippet) =>
      snippet.code.includes("merchant.getSessionKey('customer-42'"),
    );
    expect(tour).toBeDefined();
    const file = join(root, 'node_modules', '.cache', `readme-tour-${process.pid}.mts`);
    // The published name, pointed at the sources; nothing else changes.
    writeFileSync(
      file,
      tour!.code.replace(
        "'service-checkout/server'",
        JSON.stringify(join(root, 'src/server/index.ts')),
      ),
    );
    vi.stubEnv('SERVICE_API_KEY', sandbox.apiKey);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      await import(/* @vite-ignore */ file);
    } finally {
      server.close();
      vi.unstubAllEnvs();
      rmSync(file, { force: true });
    }
    expect(sandbox.events.map((event) => event.eventType)).toEqual([
      'SignUp',
      'SignIn',
      'SignInFailure',
      'BuyerChallenge',
      'SignIn',
    ]);
  });
});

describe('the sandbox clock example', () => {
  it('prints the events it says, as printed', { timeout: 30_000 }, async () => {
    const example = snippets.find((snippet) => snippet.code.includes('await sandbox.runDue()'));
    expect(example).toBeDefined();
    const file = join(root, 'node_modules', '.cache', `readme-clock-${process.pid}.mts`);
    writeFileSync(
      file,
      example!.code.replace(
        "'service-checkout/sandbox'",
        JSON.stringify(join(root, 'src/sandbox/index.ts')),
      ),
    );
    const printed: unknown[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((value) => void printed.push(value));
    try {
      await import(/* @vite-ignore */ file);
    } finally {
      log.mockRestore();
      rmSync(file, { force: true });
    }
    // What the snippet says it prints, in its last comment line.
    const promised = /\/\/ (\[.*\])\s*$/.exec(example!.code)?.[1];
    expect(promised).toBeDefined();
    expect(printed).toEqual([JSON.parse(promised!.replace(/'/g, '"'))]);
  });
});

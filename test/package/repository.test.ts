// The repository's own files: its license, what git leaves out, what its comments cite, the README
// as a front door, and the facts in the README and the guides in docs/ that must follow other files
// (the install route, the test projects, the documented values).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, packageJson, root } from '../support/dist.js';

const readme = readFileSync(join(root, 'README.md'), 'utf8');
/** A guide in docs/, by file name. */
const guide = (name: string) => readFileSync(join(root, 'docs', name), 'utf8');

/** The section of a document under a `## ` or `### ` heading, up to the next such heading. */
function section(document: string, heading: string): string {
  const start = document.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const rest = document.slice(start + 1 + heading.length);
  return rest.slice(0, rest.search(/\n#{2,3} /) + 1 || undefined);
}

/** The README and every guide, by path (not the generated API reference). */
function documents(): [path: string, text: string][] {
  const guides = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
  expect(guides.length).toBeGreaterThanOrEqual(10);
  return [
    ['README.md', readme],
    ...guides.map((name): [string, string] => [`docs/${name}`, guide(name)]),
  ];
}

/** Source files of the repository's code and tests (what comments are written in). */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(path);
    }
    return /\.(?:[cm]?[jt]sx?|css)$/.test(entry.name) ? [path] : [];
  });
}

describe('the license', () => {
  it('is the MIT license that package.json names, for the project’s authors', () => {
    expect(packageJson().license).toBe('MIT');
    const license = readFileSync(join(root, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 The service-checkout authors\n/);
    expect(license).toContain('Permission is hereby granted, free of charge, to any person');
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
  });
});

describe('what git leaves out', () => {
  it('the tarball `npm pack` writes to the repository root', () => {
    const { name, version } = packageJson();
    const tarball = `${name}-${version}.tgz`;
    // Exit status 0: ignored; 1: it would show up in `git status`, waiting to be committed.
    const ignored = spawnSync('git', ['check-ignore', '--quiet', '--no-index', tarball], {
      cwd: root,
    });
    expect(ignored.error).toBeUndefined();
    expect(ignored.status, `${tarball} is not git-ignored`).toBe(0);
  });
});

describe('documents cited by the code', () => {
  // This file names what it looks for, so it is not searched.
  const files = ['src', 'test', 'scripts', 'examples', 'stories', 'bench']
    .flatMap(sourceFiles)
    .filter((file) => file !== join('test', 'package', 'repository.test.ts'));
  const OUTSIDE = [/DESIGN\.md|STYLE\.md|service-interface\.md/, /\bspec(?:'s|’s)?\b/i];

  it('are never design notes or a specification from outside the repository', () => {
    expect(files.length).toBeGreaterThan(50);
    const outside = files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          OUTSIDE.some((pattern) => pattern.test(line))
            ? [`${file}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(outside).toEqual([]);
  });

  it('exist in the repository', () => {
    const missing = files.flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/\b[\w./-]+\.md\b/g)]
        .map((match) => match[0])
        .filter((cited) => !existsSync(join(root, cited)))
        .map((cited) => `${file} cites ${cited}`),
    );
    expect(missing).toEqual([]);
    expect(existsSync(join(root, 'docs', 'design.md'))).toBe(true);
  });

  it('the README and the guides do not send readers to "the spec" either', () => {
    const citing = documents()
      .filter(([, text]) => /\bthe spec\b|\bspec(?:'s|’s)\b/i.test(text))
      .map(([path]) => path);
    expect(citing).toEqual([]);
  });
});

describe('the README', () => {
  it('is a front door: at most 250 lines, with an import from the package on its first screen', () => {
    const lines = readme.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(250);
    const firstImport = lines.findIndex((line) =>
      /from 'service-checkout(?:\/[\w/]+)?';$/.test(line),
    );
    expect(firstImport).toBeGreaterThan(-1);
    expect(firstImport).toBeLessThan(80);
  });

  it('says how to install the package before it is published, and the tarball holds it', () => {
    const install = section(readme, '## Install');
    expect(install).toMatch(/not on the npm registry yet/);
    expect(install).toMatch(/^npm pack\b/m);
    expect(install).toMatch(/^npm install \.\.\/service-checkout\/service-checkout-[\d.]+\.tgz /m);
    // npm pack builds first, so the tarball never carries a stale or missing dist/.
    expect(packageJson().scripts.prepack).toBe('npm run build');
    ensureBuilt();
    const [pack] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as { filename: string; files: { path: string }[] }[];
    expect(install).toContain(pack!.filename);
    expect(pack!.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['LICENSE', 'README.md', 'package.json', 'dist/index.js']),
    );
  });
});

describe('the guides', () => {
  it('list every vitest project in the test table of docs/contributing.md', async () => {
    const config = (await import('../../vitest.config.js')).default as {
      test: { projects: { test: { name: string } }[] };
    };
    const projects = config.test.projects.map((project) => project.test.name);
    expect(projects.length).toBeGreaterThanOrEqual(7);
    const table = [
      ...section(guide('contributing.md'), '## Tests').matchAll(/^\| `([\w-]+)` +\|/gm),
    ].map((row) => row[1]);
    expect(table.sort()).toEqual([...projects].sort());
  });

  it('document the values buyerChallenge takes, and what happens to others', () => {
    const server = section(guide('server.md'), '## The client');
    expect(server).toMatch(/`buyerChallenge` takes any non-empty `type` and `status`/);
    expect(server).toContain("`type: 'thirdPartyKyc'` and `status: 'successfullyFulfilled'`");
    expect(server).toMatch(/other values are not refused here: they are sent as they are/);
  });
});

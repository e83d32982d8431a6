// The built package is what merchants install: check its shape, not our sources.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  codeExports,
  dist,
  ensureBuilt,
  exportTargets,
  packageJson,
  root,
} from '../support/dist.js';

beforeAll(() => ensureBuilt(), 120_000);

/** The library's built modules. Not dist/console: the sandbox console's page, a whole app. */
function builtFiles(): string[] {
  return readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.js') && !file.startsWith(`console${sep}`),
  );
}

/** Bare specifiers a built file imports: static imports, re-exports and dynamic imports. */
function bareImports(source: string): string[] {
  const statements = /^(?:import|export)\b[^'"`;]*?(?:\bfrom\s*)?["']([^"'./][^"']*)["']/gm;
  const dynamic = /\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g;
  return [...source.matchAll(statements), ...source.matchAll(dynamic)].map(
    (match) => match[1] ?? '',
  );
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
}

describe('package.json', () => {
  it('is service-checkout for Node >= 20.19, with types listed first in every export', () => {
    const pkg = packageJson();
    expect(pkg.name).toBe('service-checkout');
    expect(pkg.engines.node).toBe('>=20.19');
    expect(codeExports().map(([subpath]) => subpath)).toContain('.');
    expect(exportTargets().map(([subpath]) => subpath)).toContain('./styles.css');
    for (const [, target] of exportTargets()) {
      expect(Object.keys(target)[0]).toBe('types');
      for (const file of Object.values(target))
        expect(existsSync(join(root, file)), file).toBe(true);
    }
  });

  it('keeps react, react-dom and react-query as peers, not dependencies', () => {
    const pkg = packageJson();
    for (const peer of ['react', 'react-dom', '@tanstack/react-query']) {
      expect(pkg.peerDependencies[peer]).toBeDefined();
      expect(pkg.dependencies[peer]).toBeUndefined();
    }
    expect(pkg.dependencies.zod).toBeDefined();
  });

  it('declares side effects only for stylesheets', () => {
    expect(packageJson().sideEffects).toEqual(['**/*.css']);
  });
});

describe('built files', () => {
  it('start the browser entry with the "use client" directive', () => {
    const browserEntry = readFileSync(join(dist, 'index.js'), 'utf8');
    expect(browserEntry.startsWith('"use client";')).toBe(true);
  });

  it('import only declared dependencies, peers and Node built-ins: nothing else is bundled or missing', () => {
    const pkg = packageJson();
    const allowed = new Set([
      ...Object.keys(pkg.dependencies),
      ...Object.keys(pkg.peerDependencies),
      ...builtinModules,
    ]);
    const files = builtFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      for (const specifier of bareImports(readFileSync(join(dist, file), 'utf8'))) {
        const name = packageName(specifier.replace(/^node:/, ''));
        expect(allowed.has(name), `${file} imports ${specifier}`).toBe(true);
      }
    }
  });

  it('use the production JSX runtime, which exists in merchants’ production React', () => {
    for (const file of builtFiles()) {
      expect(readFileSync(join(dist, file), 'utf8'), file).not.toContain('react/jsx-dev-runtime');
    }
    expect(readFileSync(join(dist, 'index.js'), 'utf8')).toContain('react/jsx-runtime');
  });

  it("hold the sandbox console's page as a whole app that a browser loads as it is", () => {
    const assets = join(dist, 'console', 'assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      expect(bareImports(readFileSync(join(assets, file), 'utf8')), file).toEqual([]);
    }
  });

  it('do not bundle a copy of React or react-query', () => {
    for (const file of builtFiles()) {
      const source = readFileSync(join(dist, file), 'utf8');
      expect(source, file).not.toContain('__CLIENT_INTERNALS_DO_NOT_USE');
      expect(source, file).not.toContain('No QueryClient set');
    }
  });
});

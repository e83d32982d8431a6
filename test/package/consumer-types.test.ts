// A merchant's project type-checks against the built package under both module resolutions
// that matter: "bundler" (Vite, Next.js) and "node16" (plain Node ESM).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeExports, ensureBuilt, root } from '../support/dist.js';

const project = mkdtempSync(join(tmpdir(), 'service-checkout-consumer-'));

const usage = `
import {
  ConfigError,
  formatMoney,
  PRODUCT_TYPES,
  type CheckoutInput,
  type Customer,
  type ProductType,
} from 'service-checkout';

const productType: ProductType = PRODUCT_TYPES[0];
export const input: CheckoutInput = {
  subtotal: { cents: 1999, currency: 'USD' },
  settlementType: 'USDC',
  webhookInfo: { itemName: 'Gems', price: '19.99', quantity: 1 },
  email: 'payer@example.com',
  chargebackProtectionData: [{ productName: 'Gems', productType, quantity: 1, rawProductData: {} }],
};
export const label: string = formatMoney(input.subtotal);
export function firstAlias(customer: Customer): string | undefined {
  return customer.bankAccounts[0]?.alias;
}
export const option: string = new ConfigError('env', 'bad').option;
`;

const misuse = `
import type { CheckoutInput } from 'service-checkout';
export const input: CheckoutInput = {
  subtotal: { cents: '1999', currency: 'USD' },
  settlementType: 'BTC',
  webhookInfo: { itemName: 'Gems', price: '19.99', quantity: 1 },
  email: 'payer@example.com',
};
`;

function link(name: string): void {
  const target = join(project, 'node_modules', name);
  mkdirSync(join(target, '..'), { recursive: true });
  symlinkSync(join(root, 'node_modules', name), target, 'dir');
}

/** Type-checks the whole consumer once; returns tsc's report (empty when clean). */
function typecheck(moduleResolution: 'bundler' | 'node16'): string {
  const module = moduleResolution === 'bundler' ? 'esnext' : 'node16';
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module,
        moduleResolution,
        target: 'es2022',
        lib: ['es2023', 'dom'],
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        types: ['node'],
        skipLibCheck: false,
      },
      files: ['entries.ts', 'usage.ts', 'misuse.ts'],
    }),
  );
  try {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project],
      {
        encoding: 'utf8',
      },
    );
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout);
  }
}

beforeAll(() => {
  ensureBuilt();
  mkdirSync(join(project, 'node_modules'), { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'storefront', type: 'module' }),
  );
  // The package as npm would link it, and the peers a storefront installs itself.
  symlinkSync(root, join(project, 'node_modules', 'service-checkout'), 'dir');
  for (const peer of [
    'react',
    'react-dom',
    '@types/react',
    '@types/react-dom',
    '@types/node',
    '@tanstack/react-query',
  ]) {
    link(peer);
  }
  // Every entry point is imported, so each one's declarations are checked.
  const imports = codeExports()
    .map(
      ([subpath], i) =>
        `import * as entry${i} from '${join('service-checkout', subpath)}';\nexport { entry${i} };`,
    )
    .join('\n');
  writeFileSync(join(project, 'entries.ts'), imports);
  writeFileSync(join(project, 'usage.ts'), usage);
  writeFileSync(join(project, 'misuse.ts'), misuse);
}, 120_000);

afterAll(() => rmSync(project, { recursive: true, force: true }));

describe.each(['bundler', 'node16'] as const)(
  'a consumer with moduleResolution %s',
  (resolution) => {
    let report = '';
    beforeAll(() => {
      report = typecheck(resolution);
    }, 120_000);
    const errorsIn = (file: string) => report.split('\n').filter((line) => line.includes(file));

    it('type-checks every entry point and the declarations behind them', () => {
      expect(codeExports().length).toBeGreaterThan(0);
      expect(errorsIn('entries.ts')).toEqual([]);
      expect(errorsIn('dist/')).toEqual([]);
    });

    it('type-checks typical usage of the browser entry', () => {
      expect(errorsIn('usage.ts')).toEqual([]);
    });

    it('gets real types: misuse is a compile error at the wrong fields', () => {
      const errors = errorsIn('misuse.ts');
      expect(errors).toHaveLength(2);
      expect(errors[0]).toMatch(/misuse\.ts\(4,15\).*'string' is not assignable to type 'number'/);
      expect(errors[1]).toMatch(/misuse\.ts\(5,3\).*"BTC"/);
    });
  },
);

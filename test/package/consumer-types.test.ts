// A merchant's project type-checks against the built package under both module resolutions
// that matter: "bundler" (Vite, Next.js) and "node16" (plain Node ESM); and a Workers-style
// project, with no @types/node, type-checks against the server entry.
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

// The Node routes take node:http's own request and response.
const nodeUsage = `
import { createServer } from 'node:http';
import { createSessionKeyNodeHandler, createWebhookNodeHandler, createMerchantClient } from 'service-checkout/server';

const merchant = createMerchantClient({ apiKey: 'sk_sandbox_local_0000000000000000', env: 'local' });
const webhooks = createWebhookNodeHandler({ key: 'whsec_key', onEvent: () => undefined });
// While the key is rolled: the old key and the new one.
const rotating = createWebhookNodeHandler({ key: ['whsec_old', 'whsec_new'], onEvent: () => undefined });
const sessionKeys = createSessionKeyNodeHandler({
  client: merchant,
  getCustomerId: (req) => (typeof req.headers['x-customer'] === 'string' ? req.headers['x-customer'] : null),
});
createServer((req, res) => void (req.url === '/webhooks' ? webhooks(req, res) : sessionKeys(req, res)));
createServer((req, res) => void rotating(req, res));
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
      files: ['entries.ts', 'usage.ts', 'node-usage.ts', 'misuse.ts'],
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
  writeFileSync(join(project, 'node-usage.ts'), nodeUsage);
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

    it("passes node:http's request and response to the Node routes", () => {
      expect(errorsIn('node-usage.ts')).toEqual([]);
    });

    it('gets real types: misuse is a compile error at the wrong fields', () => {
      const errors = errorsIn('misuse.ts');
      expect(errors).toHaveLength(2);
      expect(errors[0]).toMatch(/misuse\.ts\(4,15\).*'string' is not assignable to type 'number'/);
      expect(errors[1]).toMatch(/misuse\.ts\(5,3\).*"BTC"/);
    });
  },
);

describe('a Workers-style project: no @types/node, web worker libraries', () => {
  const workers = mkdtempSync(join(tmpdir(), 'service-checkout-workers-'));
  afterAll(() => rmSync(workers, { recursive: true, force: true }));

  it('type-checks the server entry and a module worker using it, libraries included', () => {
    ensureBuilt();
    mkdirSync(join(workers, 'node_modules'), { recursive: true });
    writeFileSync(
      join(workers, 'package.json'),
      JSON.stringify({ name: 'worker', type: 'module' }),
    );
    // Only the package and what it depends on; nothing of Node's types.
    symlinkSync(root, join(workers, 'node_modules', 'service-checkout'), 'dir');
    symlinkSync(join(root, 'node_modules', 'zod'), join(workers, 'node_modules', 'zod'), 'dir');
    writeFileSync(
      join(workers, 'worker.ts'),
      `
import {
  createMerchantClient,
  createSessionKeyFetchHandler,
  createWebhookFetchHandler,
  verifyWebhook,
} from 'service-checkout/server';

interface Env { SERVICE_API_KEY: string; SERVICE_WEBHOOK_KEY: string }

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const merchant = createMerchantClient({ apiKey: env.SERVICE_API_KEY, env: 'sandbox', baseUrl: 'https://payments.example' });
    if (new URL(request.url).pathname === '/webhooks') {
      return createWebhookFetchHandler({ key: env.SERVICE_WEBHOOK_KEY, onEvent: () => undefined })(request);
    }
    const event = await verifyWebhook('{}', request.headers.get('service-signature'), env.SERVICE_WEBHOOK_KEY);
    if (!event.unrecognized && event.eventType === 'Settled') console.log(event.data.paymentId);
    return createSessionKeyFetchHandler({ client: merchant, getCustomerId: () => 'customer-42' })(request);
  },
};
`,
    );
    writeFileSync(
      join(workers, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'esnext',
          moduleResolution: 'bundler',
          target: 'es2022',
          lib: ['es2023', 'webworker'],
          types: [],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['worker.ts'],
      }),
    );
    let report = '';
    try {
      execFileSync(
        process.execPath,
        [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', workers],
        { encoding: 'utf8' },
      );
    } catch (error) {
      report = String((error as { stdout?: string }).stdout);
    }
    expect(report.split('\n').filter(Boolean)).toEqual([]);
  }, 120_000);
});

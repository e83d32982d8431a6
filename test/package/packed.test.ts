// The packed tarball, installed by npm into projects that hold only what an entry's row in the
// install table of docs/runtimes.md says it needs. Each project has a few TypeScript files that
// use the entries: they type-check against the installed declarations with skipLibCheck off, and
// their JavaScript runs in Node. Only a tarball shows what a merchant gets: a dependency the build
// leaves out, an export that points nowhere, a peer an entry imports that the docs call optional.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../../src/sandbox/index.js';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.js';
import { startCli } from '../sandbox/helpers.js';
import { installPackage, packPackage, type InstalledProject } from '../support/packed.mjs';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'service-checkout-packed-'));

/** A consumer project: what npm installs beside the tarball, and its TypeScript files. */
interface Consumer {
  packages: string[];
  lib: string[];
  files: Record<string, string>;
}

// @types/node in each: every project here is a TypeScript program run by Node.
const consumers = {
  // Server, sandbox, Node sandbox and the command need no peer: no React, no msw.
  plain: {
    packages: ['@types/node'],
    lib: ['es2023'],
    files: {
      'src/server.ts': `
import {
  createMerchantClient,
  signWebhookPayload,
  verifyWebhook,
  WebhookSignatureError,
} from 'service-checkout/server';

const merchant = createMerchantClient({
  apiKey: process.env.SERVICE_API_KEY ?? '',
  env: 'local',
  baseUrl: process.env.SERVICE_BASE_URL,
});
const { customerId } = await merchant.getSessionKey('customer-42');

const webhookKey = 'whsec_packed_package_test';
const now = new Date().toISOString();
const body = JSON.stringify({
  id: 'evt_packed',
  eventType: 'Settled',
  created: now,
  data: {
    paymentId: 'pay_packed',
    status: 'settled',
    subtotal: { cents: 1999, currency: 'USD' },
    settlementType: 'USDC',
    customerId,
    email: 'payer@example.com',
    webhookInfo: { itemName: 'Gems', price: '19.99', quantity: 1 },
    createdAt: now,
    updatedAt: now,
  },
});
const signature = await signWebhookPayload(body, webhookKey);
const event = await verifyWebhook(body, signature, webhookKey);
const settledCents = event.unrecognized || event.eventType === 'Test' ? null : event.data.subtotal.cents;
const tampered = await verifyWebhook(body.replace('1999', '1'), signature, webhookKey).then(
  () => 'accepted',
  (error: unknown) => (error instanceof WebhookSignatureError ? error.name : String(error)),
);
console.log(JSON.stringify({ customerId, eventType: event.eventType, settledCents, tampered }));
`,
      'src/sandbox.ts': `
import { createSandbox, DEFAULT_API_KEY } from 'service-checkout/sandbox';

const sandbox = createSandbox();
const sessionKeyAnswer = await sandbox.handle(
  new Request('http://127.0.0.1:4010/api/auth/session-key', {
    headers: { Authorization: DEFAULT_API_KEY, 'x-service-auth-user-id': 'customer-42' },
  }),
);
const { key } = (await sessionKeyAnswer.json()) as { key: string };
const customerAnswer = await sandbox.handle(
  new Request('http://127.0.0.1:4010/api/customer/v2', {
    headers: { 'x-service-auth-session-key': key },
  }),
);
const { customer } = (await customerAnswer.json()) as { customer: { customerId: string } };
console.log(JSON.stringify({ status: customerAnswer.status, customerId: customer.customerId }));
`,
      'src/sandbox-node.ts': `
import { startSandboxServer } from 'service-checkout/sandbox/node';

const server = await startSandboxServer({ port: 0 });
const answer = await fetch(\`\${server.url}/api/auth/session-key\`, {
  headers: { Authorization: server.sandbox.apiKey, 'x-service-auth-user-id': 'customer-42' },
});
const { key } = (await answer.json()) as { key: string };
await server.close();
console.log(JSON.stringify({ url: server.url, status: answer.status, key: key.split('.').length }));
`,
      // A CommonJS project: TypeScript with module nodenext turns these imports into require().
      'cjs/package.json': JSON.stringify({ type: 'commonjs' }),
      'cjs/src/index.ts': `
import { createMerchantClient } from 'service-checkout/server';
import { createSandbox } from 'service-checkout/sandbox';
import { startSandboxServer } from 'service-checkout/sandbox/node';

console.log(
  JSON.stringify({
    module: typeof module,
    entries: [createMerchantClient, createSandbox, startSandboxServer].map((entry) => typeof entry),
  }),
);
`,
    },
  },
  msw: {
    packages: ['msw', '@types/node'],
    // msw's own declarations name DOM types (MessageEvent, RequestMode).
    lib: ['es2023', 'dom'],
    files: {
      'src/sandbox-msw.ts': `
import { setupServer } from 'msw/node';
import { createSandbox } from 'service-checkout/sandbox';
import { sandboxHandlers, type SandboxHandlersOptions } from 'service-checkout/sandbox/msw';

const sandbox = createSandbox();
const options: SandboxHandlersOptions = { baseUrl: 'https://payments.test/v1' };
const server = setupServer(...sandboxHandlers(sandbox, options));
server.listen({ onUnhandledRequest: 'error' });
const answer = await fetch('https://payments.test/v1/api/auth/session-key', {
  headers: { Authorization: sandbox.apiKey, 'x-service-auth-user-id': 'customer-42' },
});
const { key } = (await answer.json()) as { key: string };
server.close();
console.log(JSON.stringify({ status: answer.status, key: key.split('.').length }));
`,
    },
  },
  // The browser entry and the query entry: React, React DOM and TanStack Query, and their types.
  react: {
    packages: [
      'react',
      'react-dom',
      '@tanstack/react-query',
      '@types/react',
      '@types/react-dom',
      '@types/node',
    ],
    lib: ['es2023', 'dom'],
    files: {
      'src/checkout.tsx': `
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Checkout, CheckoutProvider, preloadLocale } from 'service-checkout';
import { customerQueryOptions } from 'service-checkout/query';
import { startSandboxServer } from 'service-checkout/sandbox/node';

// The merchant's server: a session key, the customer prefetched, the page rendered.
const server = await startSandboxServer({ port: 0 });
const sessionKey = await server.sandbox.mintSessionKey('customer-42');
const scope = { sessionKey, merchantId: server.sandbox.merchantId, env: 'local', baseUrl: server.url } as const;
const queryClient = new QueryClient();
await queryClient.prefetchQuery(customerQueryOptions(scope));
await server.close();
const page = (locale: string) =>
  renderToString(
    <CheckoutProvider {...scope} queryClient={queryClient} locale={locale}>
      <Checkout
        subtotal={{ cents: 1999, currency: 'USD' }}
        settlementType="USDC"
        webhookInfo={{ itemName: 'Gems', price: '19.99', quantity: 1 }}
        email="payer@example.com"
        onSuccess={() => {}}
      />
    </CheckoutProvider>,
  );
const html = page('en');
// A language other than English is a chunk of the package, loaded first.
await preloadLocale('es');
const spanish = page('es');
console.log(
  JSON.stringify({ html, spanish, stylesheet: import.meta.resolve('service-checkout/styles.css') }),
);
`,
      // As a merchant's page imports the stylesheet, checked as TypeScript checks a side-effect
      // import under noUncheckedSideEffectImports, with no bundler's types (vite/client) to say
      // what a .css module is.
      'src/stylesheet.ts': `import 'service-checkout/styles.css';\n`,
    },
  },
} satisfies Record<string, Consumer>;

type ConsumerName = keyof typeof consumers;

function tsconfig(lib: string[], module: 'nodenext' | 'node16', { noEmit = false } = {}): string {
  return JSON.stringify({
    compilerOptions: {
      module,
      target: 'es2022',
      lib,
      types: ['node'],
      jsx: 'react-jsx',
      strict: true,
      noUncheckedSideEffectImports: true,
      skipLibCheck: false,
      noEmit,
      rootDir: 'src',
      outDir: 'out',
    },
    include: ['src'],
  });
}

/**
 * Type-checks a project as tsc would and writes its JavaScript to out/. Reports the errors in
 * the project's own files and in service-checkout's declarations, which skipLibCheck: false
 * checks in full; other packages' declarations (@types/node, msw) are theirs to answer for, and
 * checking them all would take most of this test's time.
 */
function typecheck(configFile: string): string {
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`${configFile} could not be read.`);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const checked = program
    .getSourceFiles()
    .filter(
      (file) =>
        config.fileNames.includes(file.fileName) ||
        file.fileName.includes('/node_modules/service-checkout/'),
    );
  // File by file: emitting the whole program would first type-check every declaration file.
  for (const file of config.fileNames) program.emit(program.getSourceFile(file));
  return [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((file) => [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]),
  ]
    .map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      if (!diagnostic.file) return `error TS${diagnostic.code}: ${message}`;
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const where = relative(work, diagnostic.file.fileName);
      return `${where}:${line + 1} error TS${diagnostic.code}: ${message}`;
    })
    .join('\n');
}

/** Runs a compiled file of a project in Node and reads the JSON line it prints. */
async function runCompiled(
  project: string,
  file: string,
  env: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, [join(project, file)], {
    cwd: project,
    env: { ...process.env, ...env },
    timeout: 30_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
}

const projects = {} as Record<ConsumerName, InstalledProject & { report: string }>;
let cjsReports: { nodenext: string; node16: string };
/** The tarball's files, as `npm pack` lists them. */
let packedFiles: string[];

beforeAll(async () => {
  const { tarball, files } = await packPackage(join(work, 'pack'));
  packedFiles = files;
  const installed = await Promise.all(
    Object.entries(consumers).map(async ([name, consumer]) => {
      const directory = join(work, name);
      const project = await installPackage({ tarball, directory, packages: consumer.packages });
      for (const [file, text] of Object.entries(consumer.files)) {
        mkdirSync(dirname(join(directory, file)), { recursive: true });
        writeFileSync(join(directory, file), text);
      }
      writeFileSync(join(directory, 'tsconfig.json'), tsconfig(consumer.lib, 'nodenext'));
      return [name as ConsumerName, project] as const;
    }),
  );
  const cjs = join(work, 'plain', 'cjs');
  writeFileSync(join(cjs, 'tsconfig.json'), tsconfig(['es2023'], 'nodenext'));
  writeFileSync(
    join(cjs, 'tsconfig.node16.json'),
    tsconfig(['es2023'], 'node16', { noEmit: true }),
  );
  cjsReports = {
    nodenext: typecheck(join(cjs, 'tsconfig.json')),
    node16: typecheck(join(cjs, 'tsconfig.node16.json')),
  };
  for (const [name, project] of installed) {
    projects[name] = { ...project, report: typecheck(join(project.directory, 'tsconfig.json')) };
  }
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a project with no peers installed (server, sandbox, Node sandbox, command)', () => {
  it('holds the package and its own dependencies only: no React, no msw', () => {
    expect(projects.plain.installed).toEqual(
      expect.arrayContaining(['service-checkout', 'zod', 'jose']),
    );
    for (const absent of ['react', 'react-dom', '@tanstack/react-query', 'msw']) {
      expect(projects.plain.installed).not.toContain(absent);
    }
  });

  it('type-checks its use of every entry against the installed declarations', () => {
    expect(projects.plain.report).toBe('');
  });

  it('service-checkout/server: gets a session key from a running sandbox and verifies a signed webhook', async () => {
    let sandboxServer: SandboxServer | undefined;
    try {
      sandboxServer = await startSandboxServer({ port: 0 });
      const result = await runCompiled(projects.plain.directory, 'out/server.js', {
        SERVICE_API_KEY: sandboxServer.sandbox.apiKey,
        SERVICE_BASE_URL: sandboxServer.url,
      });
      expect(result).toEqual({
        customerId: 'customer-42',
        eventType: 'Settled',
        settledCents: 1999,
        tampered: 'WebhookSignatureError',
      });
    } finally {
      await sandboxServer?.close();
    }
  });

  it('service-checkout/sandbox: imports and answers requests without msw', async () => {
    const result = await runCompiled(projects.plain.directory, 'out/sandbox.js');
    expect(result).toEqual({ status: 200, customerId: 'customer-42' });
  });

  it('service-checkout/sandbox/node: listens on a free port and answers over HTTP', async () => {
    const result = await runCompiled(projects.plain.directory, 'out/sandbox-node.js');
    expect(result).toMatchObject({ status: 200, key: 3 });
    expect(result.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('the service-checkout-sandbox command is installed, starts, answers and stops on Ctrl+C', async () => {
    const cli = await startCli(
      // PORT for the command as it is; SANDBOX_PORT for the name it is moving to.
      { PORT: '0', SANDBOX_PORT: '0', SANDBOX_IN_MEMORY: '1' },
      {
        cwd: projects.plain.directory,
        command: join(projects.plain.directory, 'node_modules', '.bin', 'service-checkout-sandbox'),
      },
    );
    try {
      expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const answer = await fetch(`${cli.url}/api/merchant/withdraws`, {
        headers: { Authorization: DEFAULT_API_KEY },
      });
      expect(answer.status).toBe(200);
      expect(Array.isArray(await answer.json())).toBe(true);
    } finally {
      expect(await cli.stop('SIGINT')).toEqual({ code: 0, signal: null });
    }
    expect(cli.stdout()).toContain('stopped.');
  });
});

describe('a CommonJS project', () => {
  it('with TypeScript module nodenext, type-checks its imports, which compile to require()', () => {
    expect(cjsReports.nodenext).toBe('');
  });

  it('require()s the entries that need no peer, on Node >= 20.19', async () => {
    const result = await runCompiled(join(projects.plain.directory, 'cjs'), 'out/index.js');
    expect(result).toEqual({ module: 'object', entries: ['function', 'function', 'function'] });
  });

  it('with TypeScript module node16, gets TS1479 on each import, as docs/runtimes.md says', () => {
    const errors = cjsReports.node16.split('\n').filter((line) => line.includes('error TS'));
    expect(errors).toHaveLength(3);
    for (const error of errors) expect(error).toContain('error TS1479');
  });
});

describe('a project with msw installed', () => {
  it('type-checks its use of service-checkout/sandbox/msw', () => {
    expect(projects.msw.report).toBe('');
  });

  it('service-checkout/sandbox/msw: setupServer from msw/node serves requests from the sandbox', async () => {
    const result = await runCompiled(projects.msw.directory, 'out/sandbox-msw.js');
    expect(result).toEqual({ status: 200, key: 3 });
  });
});

describe('a project with React, React DOM and TanStack Query installed', () => {
  it('type-checks its use of the browser and query entries', () => {
    expect(projects.react.report).toBe('');
  });

  it("type-checks `import 'service-checkout/styles.css'` with side-effect imports checked and no bundler's types", () => {
    expect(packedFiles).toContain('dist/service-checkout.css.d.ts');
    expect(
      projects.react.report.split('\n').filter((line) => line.includes('stylesheet.ts')),
    ).toEqual([]);
  });

  it('service-checkout and service-checkout/query: render a payable checkout on the server, in English and in a language loaded from its chunk', async () => {
    const result = await runCompiled(projects.react.directory, 'out/checkout.js');
    expect(result.html).toContain('data-state="ready"');
    expect(result.html).toMatch(
      /<button type="submit" class="sc-button sc-pay"[^>]*>Pay \$19\.99</,
    );
    expect(packedFiles).toContain('dist/locales/es.js');
    expect(result.spanish).toMatch(
      /lang="es"[^>]*>.*<button type="submit" class="sc-button sc-pay"[^>]*>Pagar 19,99/s,
    );
    expect(result.stylesheet).toMatch(
      /\/node_modules\/service-checkout\/dist\/service-checkout\.css$/,
    );
  });
});

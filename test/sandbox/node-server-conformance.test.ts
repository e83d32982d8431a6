// The shared conformance suite over startSandboxServer (service-checkout/sandbox/node), the
// transport the demo storefront and merchants' own test setups use.
import { afterAll, beforeAll } from 'vitest';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.js';
import { describeConformance } from './conformance.js';
import { startWebhookReceiver, type WebhookReceiver } from './helpers.js';

const options = {
  merchantId: 'merchant_node_server',
  apiKey: 'sk_sandbox_node_server_key',
  jwtSecret: 'node server conformance secret',
  webhookKey: 'whsec_node_server_key',
  // A minute: no payment step comes by itself while the conformance suite moves the clock.
  settleStepMs: 60_000,
};

let sandbox: SandboxServer;
// The merchant's webhook endpoint, on a real port beside the sandbox.
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startSandboxServer({ ...options, port: 0, webhookUrl: `${receiver.url}/hooks` });
});

afterAll(async () => {
  await sandbox?.close();
  await receiver?.close();
});

describeConformance('the Node server (startSandboxServer)', () => ({
  baseUrl: sandbox.url,
  merchantId: options.merchantId,
  apiKey: options.apiKey,
  jwtSecret: options.jwtSecret,
  webhooks: { key: options.webhookKey, received: () => receiver.received },
  settleStepMs: options.settleStepMs,
  remoteAddress: '127.0.0.1',
}));

// @vitest-environment jsdom
// Component tests run in jsdom with MSW in front of the sandbox: signing and the device script
// must work there too.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_SANDBOX_URL } from '../../src/core/config.js';
import { createSandbox, DEVICE_ID_STORAGE_KEY, MAGIC } from '../../src/sandbox/index.js';
import { sandboxHandlers } from '../../src/sandbox/msw.js';

const sandbox = createSandbox({ jwtSecret: 'jsdom secret' });
const server = setupServer(...sandboxHandlers(sandbox));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('the sandbox under jsdom', () => {
  it('runs where TextEncoder is jsdom’s', () => {
    expect(typeof window).toBe('object');
    expect(new TextEncoder().encode('x') instanceof Uint8Array).toBe(false);
  });

  it('signs and verifies session keys and takes a payment through MSW', async () => {
    const response = await fetch(`${LOCAL_SANDBOX_URL}/api/auth/session-key`, {
      headers: {
        Authorization: sandbox.apiKey,
        'x-service-auth-user-id': `${MAGIC.chargebackProtection}-dom`,
      },
    });
    expect(response.status).toBe(200);
    const { key } = (await response.json()) as { key: string };
    const customerResponse = await fetch(`${LOCAL_SANDBOX_URL}/api/customer/v2`, {
      headers: { 'x-service-auth-session-key': key },
    });
    expect(customerResponse.status).toBe(200);
    const { customer } = (await customerResponse.json()) as {
      customer: { bankAccounts: { token: string }[] };
    };
    const minted = await sandbox.mintSessionKey('dom-minted');
    const checkout = await fetch(`${LOCAL_SANDBOX_URL}/api/checkout/ach/${sandbox.merchantId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-auth-session-key': key,
        'x-device-id': 'dom-device',
      },
      body: JSON.stringify({
        subtotal: { cents: 500, currency: 'USD' },
        token: customer.bankAccounts[0]!.token,
        settlementType: 'USDC',
        webhookInfo: { itemName: 'Coins', price: '5.00', quantity: 1 },
        email: 'payer@example.com',
      }),
    });
    expect(checkout.status).toBe(200);
    expect(
      (
        await fetch(`${LOCAL_SANDBOX_URL}/api/customer/v2`, {
          headers: { 'x-service-auth-session-key': minted },
        })
      ).status,
    ).toBe(200);
  });
});

describe('the device-fingerprint script', () => {
  type FingerprintWindow = Window & {
    ServiceDeviceFingerprint?: { getDeviceId(): Promise<string> };
  };
  const win = window as FingerprintWindow;
  let script = '';

  beforeAll(async () => {
    script = await (await fetch(`${LOCAL_SANDBOX_URL}/chargeback/device.js`)).text();
  });
  beforeEach(() => {
    delete win.ServiceDeviceFingerprint;
    localStorage.clear();
  });

  const load = () => {
    delete win.ServiceDeviceFingerprint;
    new Function(script)();
    return win.ServiceDeviceFingerprint!.getDeviceId();
  };

  it('gives a stable device id per browser, kept in localStorage', async () => {
    const id = await load();
    expect(id).toMatch(/^sandbox-device-[0-9a-f-]{36}$/);
    expect(localStorage.getItem(DEVICE_ID_STORAGE_KEY)).toBe(id);
    expect(await load()).toBe(id);
    localStorage.clear();
    expect(await load()).not.toBe(id);
  });

  it('keeps the first definition when loaded twice on a page', async () => {
    const first = await load();
    new Function(script)();
    expect(await win.ServiceDeviceFingerprint!.getDeviceId()).toBe(first);
  });
});

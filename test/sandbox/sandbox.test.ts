// createSandbox: the options, the recorded state and the test helpers.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import {
  createSandbox,
  DECLINING_ACCOUNT_LAST4,
  DEFAULT_API_KEY,
  DEFAULT_MERCHANT_ID,
  MAGIC,
} from '../../src/sandbox/index.js';
import { checkoutBody, expectError } from './conformance.js';

const BASE = 'http://sandbox.test';

function client(sandbox: ReturnType<typeof createSandbox>) {
  return {
    customer: (key: string) =>
      sandbox.handle(
        new Request(`${BASE}/api/customer/v2`, { headers: { 'x-service-auth-session-key': key } }),
      ),
    checkout: (key: string, body: unknown, headers: Record<string, string> = {}) =>
      sandbox.handle(
        new Request(`${BASE}/api/checkout/ach/${sandbox.merchantId}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-service-auth-session-key': key,
            ...headers,
          },
          body: JSON.stringify(body),
        }),
      ),
  };
}

describe('createSandbox', () => {
  it('seeds a fixed merchant id and API key unless given others', () => {
    const seeded = createSandbox();
    expect([seeded.merchantId, seeded.apiKey]).toEqual([DEFAULT_MERCHANT_ID, DEFAULT_API_KEY]);
    const custom = createSandbox({ merchantId: 'merchant_42', apiKey: 'sk_sandbox_42' });
    expect([custom.merchantId, custom.apiKey]).toEqual(['merchant_42', 'sk_sandbox_42']);
  });

  it('rejects unusable options with a ConfigError naming the option', () => {
    expect(() => createSandbox({ apiKey: ' ' })).toThrow(ConfigError);
    expect(() => createSandbox({ latencyMs: -1 })).toThrow(/latencyMs/);
    expect(() => createSandbox({ sessionKeyTtlSeconds: 0 })).toThrow(/sessionKeyTtlSeconds/);
  });

  it('mints session keys with the configured lifetime, checked against its clock', async () => {
    let now = Date.UTC(2030, 0, 1);
    const sandbox = createSandbox({ sessionKeyTtlSeconds: 3600, now: () => now });
    const key = await sandbox.mintSessionKey('clocked');
    const claims = decodeJwt(key);
    expect(claims.iat).toBe(now / 1000);
    expect(claims.exp).toBe(now / 1000 + 3600);
    expect((await client(sandbox).customer(key)).status).toBe(200);
    now += 3600 * 1000;
    const body = await expectError(await client(sandbox).customer(key), 401, 'unauthorized');
    expect(body.message).toMatch(/expired/);
    const short = await sandbox.mintSessionKey('clocked', { expiresInSeconds: -1 });
    await expectError(await client(sandbox).customer(short), 401, 'unauthorized');
  });

  it('makes the same customer, ids and tokens for the same merchant and user id', async () => {
    const read = async (sandbox: ReturnType<typeof createSandbox>) =>
      (
        (await (await client(sandbox).customer(await sandbox.mintSessionKey('stable'))).json()) as {
          customer: Record<string, unknown>;
        }
      ).customer;
    const first = await read(createSandbox({ now: () => 0 }));
    const second = await read(createSandbox({ now: () => 0 }));
    expect(second).toEqual(first);
    const otherMerchant = await read(createSandbox({ merchantId: 'merchant_b', now: () => 0 }));
    expect(otherMerchant._id).not.toBe(first._id);
  });

  it('records payments, and forgets customers, payments and events on reset', async () => {
    const sandbox = createSandbox();
    const key = await sandbox.mintSessionKey(`${MAGIC.chargebackProtection}-reset`);
    const { customer } = (await (await client(sandbox).customer(key)).json()) as {
      customer: { bankAccounts: { token: string }[] };
    };
    const token = customer.bankAccounts[0]!.token;
    const response = await client(sandbox).checkout(key, checkoutBody(token), {
      'x-device-id': 'device-7',
    });
    const { paymentId } = (await response.json()) as { paymentId: string };
    expect(sandbox.payments).toEqual([
      expect.objectContaining({
        paymentId,
        merchantId: sandbox.merchantId,
        customerId: `${MAGIC.chargebackProtection}-reset`,
        token,
        deviceId: 'device-7',
        settlementType: 'USDC',
      }),
    ]);
    sandbox.reset();
    expect(sandbox.payments).toEqual([]);
    expect(sandbox.events).toEqual([]);
    // Keys stay valid across a reset: the customer comes back as new.
    expect((await client(sandbox).customer(key)).status).toBe(200);
  });

  it('exposes the magic prefixes and the declining last4', () => {
    expect(MAGIC).toEqual({
      blocked: 'test_blocked',
      noBankAccounts: 'test_no_bank',
      needsVerification: 'test_verify',
      chargebackProtection: 'test_cbp',
      declining: 'test_decline',
      expiredSessionKey: 'test_expired',
    });
    expect(DECLINING_ACCOUNT_LAST4).toBe('0002');
  });
});

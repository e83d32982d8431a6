// The merchant dashboard's actions on the sandbox object: what the console does, callable from
// tests too. Time is the sandbox's own clock, moved by the test.
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/server/index.js';
import { HEADER } from '../../src/core/headers.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { stepsTo } from '../../src/sandbox/payments.js';

const WEBHOOK_URL = 'http://127.0.0.1:9/hooks';

/** A sandbox on a clock the test moves, whose webhooks land in `received`. */
function setup() {
  let clock = Date.parse('2026-11-24T10:00:00.000Z');
  const received: { body: string; signature: string }[] = [];
  const sandbox = createSandbox({
    now: () => clock,
    settleStepMs: 1_000,
    webhookUrl: WEBHOOK_URL,
    webhookFetch: async (_url, init) => {
      const headers = new Headers(init.headers);
      received.push({ body: String(init.body), signature: headers.get('service-signature')! });
      return new Response('ok');
    },
  });
  const advance = async (ms: number) => {
    clock += ms;
    await sandbox.runDue();
  };
  return { sandbox, received, advance };
}

/** A purchase by the customer from their first bank account, as a page sends it. */
async function purchase(sandbox: Sandbox, customerId: string, cents: number): Promise<Response> {
  const sessionKey = await sandbox.mintSessionKey(customerId);
  const headers = { [HEADER.sessionKey]: sessionKey, 'content-type': 'application/json' };
  const read = await sandbox.handle(new Request('http://sandbox/api/customer/v2', { headers }));
  const { customer } = (await read.json()) as { customer: { bankAccounts: { token: string }[] } };
  return sandbox.handle(
    new Request(`http://sandbox/api/checkout/ach/${sandbox.merchantId}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        subtotal: { cents, currency: 'USD' },
        settlementType: 'USDC',
        webhookInfo: { itemName: 'Gold pack', price: (cents / 100).toFixed(2), quantity: 1 },
        email: 'alice@example.com',
        token: customer.bankAccounts[0]!.token,
      }),
    }),
  );
}

async function pay(sandbox: Sandbox, cents = 1999): Promise<string> {
  const response = await purchase(sandbox, 'alice', cents);
  expect(response.status).toBe(200);
  return ((await response.json()) as { paymentId: string }).paymentId;
}

const eventTypes = (received: { body: string }[]) =>
  received.map((delivery) => (JSON.parse(delivery.body) as { eventType: string }).eventType);

describe('the steps to an ending', () => {
  it.each([
    ['pending', 'settled', ['batched', 'settled']],
    ['batched', 'settled', ['settled']],
    ['pending', 'returned', ['batched', 'returned']],
    ['batched', 'returned', ['returned']],
    ['pending', 'failed', ['failed']],
    ['batched', 'failed', ['failed']],
    ['settled', 'failed', []],
    ['returned', 'settled', []],
    ['failed', 'returned', []],
  ] as const)('from %s to %s: %j', (from, to, statuses) => {
    expect(stepsTo(from, to).map((step) => step.status)).toEqual(statuses);
  });

  it('a return carries R01', () => {
    expect(stepsTo('batched', 'returned')).toEqual([{ status: 'returned', returnCode: 'R01' }]);
  });
});

describe('moving a payment along', () => {
  it('settles a pending payment now, sending each step it passes, and no later step', async () => {
    const { sandbox, received, advance } = setup();
    const paymentId = await pay(sandbox);
    await advance(0);
    const payment = sandbox.advancePayment(paymentId, 'settled');
    expect(payment.status).toBe('settled');
    expect(payment.history.map((step) => step.status)).toEqual(['pending', 'batched', 'settled']);
    await advance(10_000);
    // Deliveries started together are signed side by side and arrive in no guaranteed order.
    expect(eventTypes(received).sort()).toEqual(['ACH Batched', 'ACH Initiated', 'Settled']);
  });

  it('returns a payment with R01 after batching it, and fails one', async () => {
    const { sandbox, received, advance } = setup();
    const returned = await pay(sandbox);
    const failed = await pay(sandbox, 2999);
    expect(sandbox.advancePayment(returned, 'returned')).toMatchObject({
      status: 'returned',
      returnCode: 'R01',
    });
    expect(sandbox.advancePayment(failed, 'failed').status).toBe('failed');
    await advance(10_000);
    expect(eventTypes(received).sort()).toEqual(
      ['ACH Initiated', 'ACH Initiated', 'ACH Batched', 'ACH Returned', 'ACH Failed'].sort(),
    );
  });

  it('refuses to move a payment that has ended, or one that does not exist', async () => {
    const { sandbox, advance } = setup();
    const paymentId = await pay(sandbox);
    await advance(2_000);
    expect(sandbox.payments[0]!.status).toBe('settled');
    expect(() => sandbox.advancePayment(paymentId, 'failed')).toThrow(/already settled/);
    expect(() => sandbox.advancePayment('pay_nope', 'settled')).toThrow(/No payment "pay_nope"/);
  });
});

describe('refunding a payment', () => {
  it('refunds a pending, a batched and a settled payment, in the history and by a Refunded event', async () => {
    const { sandbox, received, advance } = setup();
    const batched = await pay(sandbox, 2999);
    await advance(1_000);
    const pending = await pay(sandbox);
    const settled = await pay(sandbox, 3999);
    sandbox.advancePayment(settled, 'settled');
    await advance(1);
    received.length = 0;

    for (const [paymentId, before] of [
      [pending, ['pending']],
      [batched, ['pending', 'batched']],
      [settled, ['pending', 'batched', 'settled']],
    ] as const) {
      const payment = sandbox.refundPayment(paymentId);
      expect(payment).toMatchObject({ status: 'refunded', refundedAt: payment.updatedAt });
      expect(payment.history.map((step) => step.status)).toEqual([...before, 'refunded']);
      expect(payment.history.at(-1)!.at).toBe(payment.refundedAt);
    }
    // Past every step they had still to take: none of them takes one.
    await advance(10_000);
    expect(sandbox.payments.map((payment) => payment.status)).toEqual([
      'refunded',
      'refunded',
      'refunded',
    ]);
    expect(eventTypes(received)).toEqual(['Refunded', 'Refunded', 'Refunded']);
    const delivery = received.find((hook) => hook.body.includes(pending))!;
    const event = await verifyWebhook(delivery.body, delivery.signature, sandbox.webhookKey, {
      now: () => Date.parse('2026-11-24T10:00:10.000Z'),
    });
    if (event.unrecognized || event.eventType === 'Test') {
      throw new Error('Refunded should be a payment event');
    }
    expect(event.eventType).toBe('Refunded');
    expect(event.data).toMatchObject({ paymentId: pending, status: 'refunded' });
    expect(event.data.refundedAt).toBe(sandbox.payments[1]!.refundedAt);
  });

  it('refuses a returned, failed, refunded or unknown payment, saying why', async () => {
    const { sandbox } = setup();
    const returned = await pay(sandbox);
    const failed = await pay(sandbox);
    const refunded = await pay(sandbox);
    sandbox.advancePayment(returned, 'returned');
    sandbox.advancePayment(failed, 'failed');
    sandbox.refundPayment(refunded);
    expect(() => sandbox.refundPayment(returned)).toThrow(/was returned \(R01\)/);
    expect(() => sandbox.refundPayment(failed)).toThrow(/failed: no money moved/);
    expect(() => sandbox.refundPayment(refunded)).toThrow(/already refunded/);
    expect(() => sandbox.refundPayment('pay_nope')).toThrow(/No payment "pay_nope"/);
  });
});

describe('webhook settings and deliveries', () => {
  it('sends a signed test event, and resends a delivery with the same event id', async () => {
    const { sandbox, received, advance } = setup();
    const test = sandbox.sendTestWebhook();
    await advance(0);
    expect(test.eventType).toBe('Test');
    expect(received).toHaveLength(1);
    const event = await verifyWebhook(
      received[0]!.body,
      received[0]!.signature,
      sandbox.webhookKey,
      {
        now: () => Date.parse('2026-11-24T10:00:00.000Z'),
      },
    );
    expect(event.id).toBe(test.eventId);

    const again = sandbox.resendDelivery(test.id);
    await advance(0);
    expect(again.id).not.toBe(test.id);
    expect(again.eventId).toBe(test.eventId);
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(sandbox.deliveries.map((delivery) => delivery.state)).toEqual([
      'delivered',
      'delivered',
    ]);
  });

  it('a regenerated key signs what follows; the old key no longer verifies it', async () => {
    const { sandbox, received, advance } = setup();
    const oldKey = sandbox.webhookKey;
    const newKey = sandbox.regenerateWebhookKey();
    expect(newKey).not.toBe(oldKey);
    expect(sandbox.webhookKey).toBe(newKey);
    sandbox.sendTestWebhook();
    await advance(0);
    const [delivery] = received;
    const options = { now: () => Date.parse('2026-11-24T10:00:00.000Z') };
    await expect(
      verifyWebhook(delivery!.body, delivery!.signature, newKey, options),
    ).resolves.toBeTruthy();
    await expect(
      verifyWebhook(delivery!.body, delivery!.signature, oldKey, options),
    ).rejects.toThrow();
  });

  it('changes the URL for what follows, and refuses one that is not http(s)', async () => {
    const { sandbox } = setup();
    sandbox.setWebhookUrl('http://127.0.0.1:9/elsewhere');
    expect(sandbox.webhookUrl).toBe('http://127.0.0.1:9/elsewhere');
    expect(sandbox.sendTestWebhook().url).toBe('http://127.0.0.1:9/elsewhere');
    expect(() => sandbox.setWebhookUrl('javascript:alert(1)')).toThrow(/http\(s\) URL/);
    sandbox.setWebhookUrl(undefined);
    expect(() => sandbox.sendTestWebhook()).toThrow(/No webhook URL/);
  });
});

describe('customer settings', () => {
  it('blocks a customer, asks for verification and turns chargeback protection on', async () => {
    const { sandbox } = setup();
    await pay(sandbox);
    const attempt = async () => (await purchase(sandbox, 'alice', 500)).status;

    expect(sandbox.updateCustomer('alice', { blocked: true }).isBlocked).toBe('Blocked');
    expect(await attempt()).toBe(423);
    sandbox.updateCustomer('alice', { blocked: false, verificationRequired: true });
    expect(await attempt()).toBe(451);
    sandbox.updateCustomer('alice', { verificationRequired: false, chargebackProtection: true });
    expect(await attempt()).toBe(400);
    sandbox.updateCustomer('alice', { chargebackProtection: false });
    expect(await attempt()).toBe(200);
    expect(sandbox.customers.find((customer) => customer.customerId === 'alice')).toMatchObject({
      isBlocked: 'NotBlocked',
      verificationRequired: false,
      chargebackProtectionEnabled: false,
    });
    expect(() => sandbox.updateCustomer('nobody', { blocked: true })).toThrow(
      /No customer "nobody"/,
    );
  });
});

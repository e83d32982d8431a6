// The merchant dashboard's actions on the sandbox object: what the console does, callable from
// tests too. Time is the sandbox's own clock, moved by the test.
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/server/index.js';
import { signatureMatches } from '../../src/core/webhook-signature.js';
import { HEADER } from '../../src/core/headers.js';
import type { BankAccount, Customer } from '../../src/core/schemas.js';
import {
  createSandbox,
  MAGIC,
  MAGIC_AMOUNTS,
  SANDBOX_ROUTING_NUMBER,
  WEB_DEBIT_RETURN_CODES,
  WEBHOOK_KEY_OVERLAP_MS,
  type Sandbox,
  type WebDebitReturnCode,
} from '../../src/sandbox/index.js';
import { stepsTo } from '../../src/sandbox/service/payment-lifecycle.js';

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

/** The customer record as GET /api/customer/v2 serves it to the customer's page. */
async function readCustomer(sandbox: Sandbox, customerId: string): Promise<Customer> {
  const sessionKey = await sandbox.mintSessionKey(customerId);
  const read = await sandbox.handle(
    new Request('http://sandbox/api/customer/v2', {
      headers: { [HEADER.sessionKey]: sessionKey },
    }),
  );
  return ((await read.json()) as { customer: Customer }).customer;
}

/**
 * A purchase by the customer, as a page sends it: from the account `choose` picks among those
 * the customer read served (the first by default).
 */
async function purchase(
  sandbox: Sandbox,
  customerId: string,
  cents: number,
  choose: (accounts: BankAccount[]) => BankAccount | undefined = (accounts) => accounts[0],
): Promise<Response> {
  const sessionKey = await sandbox.mintSessionKey(customerId);
  const headers = { [HEADER.sessionKey]: sessionKey, 'content-type': 'application/json' };
  const customer = await readCustomer(sandbox, customerId);
  return sandbox.handle(
    new Request(`http://sandbox/api/checkout/ach/${sandbox.merchantId}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        subtotal: { cents, currency: 'USD' },
        settlementType: 'USDC',
        webhookInfo: { itemName: 'Gold pack', price: (cents / 100).toFixed(2), quantity: 1 },
        email: 'alice@example.com',
        token: choose(customer.bankAccounts)!.token,
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
    ['settled', 'returned', ['returned']],
    ['settled', 'settled', []],
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
    expect(() => sandbox.advancePayment(paymentId, 'settled')).toThrow(/already settled/);
    expect(() => sandbox.advancePayment('pay_nope', 'settled')).toThrow(/No payment "pay_nope"/);
    const returned = await pay(sandbox);
    sandbox.advancePayment(returned, 'returned');
    expect(() => sandbox.advancePayment(returned, 'returned')).toThrow(/already returned/);
  });

  it.each(WEB_DEBIT_RETURN_CODES)(
    'returns a settled payment after settlement with %s: settledAt stays, returnedAt is added',
    async (returnCode) => {
      const { sandbox, received, advance } = setup();
      const paymentId = await pay(sandbox);
      await advance(2_000);
      const settled = sandbox.payments[0]!;
      expect(settled.status).toBe('settled');
      const settledAt = settled.settledAt;
      expect(settledAt).toBe(settled.history.at(-1)!.at);
      await advance(3 * 86_400_000);

      const payment = sandbox.advancePayment(paymentId, 'returned', { returnCode });
      expect(payment).toMatchObject({ status: 'returned', returnCode, settledAt });
      expect(payment.returnedAt).toBe(payment.updatedAt);
      expect(Date.parse(payment.returnedAt!) - Date.parse(settledAt!)).toBe(3 * 86_400_000);
      expect(payment.history.map((step) => step.status)).toEqual([
        'pending',
        'batched',
        'settled',
        'returned',
      ]);
      await advance(0);
      const returnedEvent = received.at(-1)!;
      const event = await verifyWebhook(
        returnedEvent.body,
        returnedEvent.signature,
        sandbox.webhookKey,
        { now: () => Date.parse(payment.returnedAt!) },
      );
      if (event.unrecognized || event.eventType !== 'ACH Returned') {
        throw new Error(`expected ACH Returned, got ${event.eventType}`);
      }
      expect(event.data).toMatchObject({ status: 'returned', returnCode, settledAt });
      expect(event.data.returnedAt).toBe(payment.returnedAt);
      expect(eventTypes(received)).toContain('Settled');
      expect(eventTypes(received).at(-1)).toBe('ACH Returned');

      // Nothing follows a return, and a returned payment is not refunded.
      await advance(30 * 86_400_000);
      expect(sandbox.payments[0]!.status).toBe('returned');
      expect(() => sandbox.refundPayment(paymentId)).toThrow(/was returned/);
    },
  );

  it('returns with R01 unless told another code, before settlement and after', async () => {
    const { sandbox, advance } = setup();
    const early = await pay(sandbox);
    const late = await pay(sandbox);
    sandbox.advancePayment(late, 'settled');
    expect(sandbox.advancePayment(late, 'returned').returnCode).toBe('R01');
    expect(sandbox.advancePayment(early, 'returned', { returnCode: 'R29' })).toMatchObject({
      status: 'returned',
      returnCode: 'R29',
    });
    await advance(10_000);
    // Returned before it settled: no settledAt.
    expect(sandbox.payments.find((payment) => payment.paymentId === early)?.settledAt).toBe(
      undefined,
    );
  });

  it('refuses a code a WEB debit cannot come back with, and a code on a move that is not a return', async () => {
    const { sandbox } = setup();
    const paymentId = await pay(sandbox);
    sandbox.advancePayment(paymentId, 'settled');
    // As a caller without TypeScript could send them: R05 is NACHA's, for corporate debits only.
    for (const code of ['R05', 'R99', '']) {
      const returnCode = code as WebDebitReturnCode;
      expect(() => sandbox.advancePayment(paymentId, 'returned', { returnCode })).toThrow(
        /returnCode.*WEB debit.*R01, R02, R03.*R34, R35/,
      );
    }
    const pending = await pay(sandbox);
    expect(() => sandbox.advancePayment(pending, 'failed', { returnCode: 'R10' })).toThrow(
      /returnCode/,
    );
    expect(sandbox.payments.map((payment) => payment.status)).toEqual(['settled', 'pending']);
  });
});

describe("the sandbox's clock", () => {
  it('tells the time and moves it forward, running what became due, each step at its time', async () => {
    const { sandbox, received, advance } = setup();
    const start = '2026-11-24T10:00:00.000Z';
    expect(sandbox.time).toBe(start);
    const paymentId = await pay(sandbox, MAGIC_AMOUNTS.returnedAfterSettling);
    await advance(0);

    const moved = await sandbox.advanceClock(86_400_000);
    expect(moved.now).toBe('2026-11-25T10:00:00.000Z');
    expect(sandbox.time).toBe(moved.now);
    // Batched and settled, each announced: four tasks ran.
    expect(moved.ran).toBe(4);
    expect(sandbox.payments[0]!.history.map((step) => [step.status, step.at])).toEqual([
      ['pending', start],
      ['batched', '2026-11-24T10:00:01.000Z'],
      ['settled', '2026-11-24T10:00:02.000Z'],
    ]);
    expect(await sandbox.advanceClock(9 * 86_400_000)).toEqual({
      now: '2026-12-04T10:00:00.000Z',
      ran: 0,
    });
    const returned = await sandbox.advanceClock(2_000);
    expect(returned.ran).toBe(2);
    expect(sandbox.payments.find((payment) => payment.paymentId === paymentId)).toMatchObject({
      status: 'returned',
      returnCode: 'R10',
    });
    expect(eventTypes(received).at(-1)).toBe('ACH Returned');
  });

  it('refuses anything but 1 ms to 400 days forward, naming advanceMs, and stays where it was', async () => {
    const { sandbox } = setup();
    const before = sandbox.time;
    for (const advanceMs of [0, -1, 1.5, Number.NaN, 400 * 86_400_000 + 1]) {
      await expect(sandbox.advanceClock(advanceMs)).rejects.toThrow(/advanceMs/);
    }
    expect(sandbox.time).toBe(before);
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
    // Narrows the event to a payment's: a Test event carries no payment.
    if (event.unrecognized || event.eventType !== 'Refunded') {
      throw new Error(`expected a Refunded payment event, got ${event.eventType}`);
    }
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

  it('a rolled key signs beside the old one for 24 hours (the sandbox clock), then alone', async () => {
    const { sandbox, received, advance } = setup();
    const oldKey = sandbox.webhookKey;
    expect(sandbox.previousWebhookKey).toBeUndefined();
    const rolledAt = Date.parse('2026-11-24T10:00:00.000Z');
    const newKey = sandbox.rollWebhookKey();
    expect(newKey).toMatch(/^[0-9a-f]{64}$/);
    expect(newKey).not.toBe(oldKey);
    expect(sandbox.webhookKey).toBe(newKey);
    expect(sandbox.previousWebhookKey).toEqual({
      key: oldKey,
      expiresAt: new Date(rolledAt + WEBHOOK_KEY_OVERLAP_MS).toISOString(),
    });
    expect(WEBHOOK_KEY_OVERLAP_MS).toBe(86_400_000);

    /** Sends a test event now, and verifies it under each key at the time it was signed. */
    const sendAndVerify = async () => {
      sandbox.sendTestWebhook();
      await advance(0);
      const { body, signature } = received.at(-1)!;
      const signedAt = Number(/^t=(\d+),/.exec(signature)?.[1]) * 1000;
      const verifies = (key: string) =>
        verifyWebhook(body, signature, key, { now: () => signedAt }).then(
          () => true,
          () => false,
        );
      return {
        v1: signature.match(/v1=/g)?.length,
        old: await verifies(oldKey),
        new: await verifies(newKey),
      };
    };
    expect(await sendAndVerify()).toEqual({ v1: 2, old: true, new: true });
    // The old key's signature comes first.
    const [, oldMac] = /v1=([0-9a-f]{64}),v1=/.exec(received.at(-1)!.signature) ?? [];
    const stamped = Number(/^t=(\d+),/.exec(received.at(-1)!.signature)?.[1]);
    expect(await signatureMatches(oldKey, stamped, received.at(-1)!.body, oldMac!)).toBe(true);

    await advance(WEBHOOK_KEY_OVERLAP_MS - 1);
    expect(await sendAndVerify()).toEqual({ v1: 2, old: true, new: true });
    await advance(1);
    expect(sandbox.previousWebhookKey).toBeUndefined();
    expect(await sendAndVerify()).toEqual({ v1: 1, old: false, new: true });
  });

  it('a retry during the overlap carries both signatures; a second roll keeps only the last key before it', async () => {
    let answer = 503;
    let clock = Date.parse('2026-11-24T10:00:00.000Z');
    const signatures: string[] = [];
    const sandbox = createSandbox({
      now: () => clock,
      webhookUrl: WEBHOOK_URL,
      webhookFetch: async (_url, init) => {
        signatures.push(new Headers(init.headers).get('service-signature')!);
        return new Response('', { status: answer });
      },
    });
    sandbox.sendTestWebhook();
    await sandbox.runDue();
    expect(signatures.at(-1)!.match(/v1=/g)).toHaveLength(1);
    const first = sandbox.webhookKey;
    const second = sandbox.rollWebhookKey();
    answer = 200;
    clock += 60_000;
    await sandbox.runDue();
    expect(signatures.at(-1)!.match(/v1=/g)).toHaveLength(2);

    const third = sandbox.rollWebhookKey();
    expect(sandbox.previousWebhookKey?.key).toBe(second);
    expect([first, second, third]).toHaveLength(new Set([first, second, third]).size);
    // Regenerate replaces the key at once: no overlap.
    sandbox.regenerateWebhookKey();
    expect(sandbox.previousWebhookKey).toBeUndefined();
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

describe('adding a bank account', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('gives a customer with no bank account one to pay from, with every field of the record', async () => {
    const { sandbox } = setup();
    const customerId = `${MAGIC.noBankAccounts}_nico`;
    const before = await readCustomer(sandbox, customerId);
    expect(before.bankAccounts).toEqual([]);

    const added = sandbox.addBankAccount(customerId);
    expect(added).toEqual({
      alias: 'Sandbox checking',
      token: expect.stringMatching(UUID),
      routingNumber: SANDBOX_ROUTING_NUMBER,
      last4: expect.stringMatching(/^\d{4}$/),
      accountHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      rtpEligible: true,
      reference: expect.stringMatching(/^ref_[0-9a-f]{16}$/),
    });
    const after = await readCustomer(sandbox, customerId);
    expect(after.bankAccounts).toEqual([added]);
    expect(after.__v).toBe(before.__v + 1);
    expect(sandbox.customers.find((customer) => customer.customerId === customerId)).toMatchObject({
      bankAccounts: [added],
    });
    expect((await purchase(sandbox, customerId, 500)).status).toBe(200);
    expect(sandbox.payments[0]).toMatchObject({ customerId, token: added.token });
  });

  it('adds after the accounts a customer started with, each with a token of its own', async () => {
    const { sandbox } = setup();
    const seeded = (await readCustomer(sandbox, 'alice')).bankAccounts;
    const added = [
      sandbox.addBankAccount('alice', { alias: 'Joint checking', last4: '0042' }),
      sandbox.addBankAccount('alice', { rtpEligible: false }),
      sandbox.addBankAccount('alice'),
    ];
    expect(added[0]).toMatchObject({ alias: 'Joint checking', last4: '0042', rtpEligible: true });
    expect(added[1]).toMatchObject({ alias: 'Sandbox checking', rtpEligible: false });
    const accounts = (await readCustomer(sandbox, 'alice')).bankAccounts;
    expect(accounts).toEqual([...seeded, ...added]);
    const tokens = accounts.map((account) => account.token);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Another customer's accounts, added the same way, are theirs alone.
    await readCustomer(sandbox, 'bob');
    const bobs = sandbox.addBankAccount('bob');
    expect(tokens).not.toContain(bobs.token);
    // The same merchant and customers get the same tokens on every run.
    const again = setup().sandbox;
    await readCustomer(again, 'alice');
    expect(again.addBankAccount('alice', { alias: 'Joint checking', last4: '0042' })).toEqual(
      added[0],
    );
  });

  it("pays from an account added to a declining customer: the prefix's account still declines", async () => {
    const { sandbox } = setup();
    const customerId = `${MAGIC.declining}_dana`;
    await readCustomer(sandbox, customerId);
    const added = sandbox.addBankAccount(customerId);
    expect((await purchase(sandbox, customerId, 500)).status).toBe(402);
    const last = (accounts: BankAccount[]) => accounts.at(-1);
    expect((await purchase(sandbox, customerId, 500, last)).status).toBe(200);
    expect(sandbox.payments.map((payment) => payment.token)).toEqual([added.token]);
  });

  it('keeps what the other prefixes do: a blocked customer stays blocked, one to verify must verify', async () => {
    const { sandbox } = setup();
    const last = (accounts: BankAccount[]) => accounts.at(-1);
    for (const [prefix, status] of [
      [MAGIC.blocked, 423],
      [MAGIC.needsVerification, 451],
    ] as const) {
      const customerId = `${prefix}_added`;
      await readCustomer(sandbox, customerId);
      sandbox.addBankAccount(customerId);
      expect((await purchase(sandbox, customerId, 500, last)).status).toBe(status);
    }
    expect(sandbox.payments).toEqual([]);
  });

  it('forgets added accounts with the customer on reset: the prefix decides afresh', async () => {
    const { sandbox } = setup();
    const customerId = `${MAGIC.noBankAccounts}_reset`;
    await readCustomer(sandbox, customerId);
    sandbox.addBankAccount(customerId);
    sandbox.reset();
    expect((await readCustomer(sandbox, customerId)).bankAccounts).toEqual([]);
  });

  it('refuses an unknown customer, and fields it cannot use, naming each', async () => {
    const { sandbox } = setup();
    await readCustomer(sandbox, 'alice');
    expect(() => sandbox.addBankAccount('nobody')).toThrow(/No customer "nobody"/);
    expect(() =>
      sandbox.addBankAccount('alice', {
        alias: ' ',
        last4: '12a4',
        rtpEligible: 'yes' as unknown as boolean,
      }),
    ).toThrow(
      /alias: must be 1 to 64 printable characters; last4: must be four digits; rtpEligible/,
    );
    expect(() => sandbox.addBankAccount('alice', { alias: 'x'.repeat(65) })).toThrow(/alias/);
    expect(() => sandbox.addBankAccount('alice', { alias: 'line\nbreak' })).toThrow(/alias/);
    expect((await readCustomer(sandbox, 'alice')).bankAccounts).toHaveLength(2);
  });

  it('keeps at most 20 accounts a customer, so a storm of adds cannot grow a record without end', async () => {
    const { sandbox } = setup();
    await readCustomer(sandbox, 'alice');
    for (let count = 2; count < 20; count++) sandbox.addBankAccount('alice');
    expect(() => sandbox.addBankAccount('alice')).toThrow(/already has 20 bank accounts/);
    expect((await readCustomer(sandbox, 'alice')).bankAccounts).toHaveLength(20);
  });
});

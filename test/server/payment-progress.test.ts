// Whether an event moves a payment forward from what the merchant has recorded, for every pair.
// Events come at least once and in any order, and ACH is not over at `settled`: the table below
// is the rule, written out for a reviewer, not derived from the code under test.
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  movesPaymentForward,
  PAYMENT_EVENT_TYPES,
  PAYMENT_STATUSES,
  signWebhookPayload,
  verifyWebhook,
  type PaymentStatus,
} from '../../src/server/index.js';

// Rows: the status the merchant recorded, or nothing yet. Columns: the event that arrived
// ("Refund Created" stands for any type this version does not know). "yes": apply it.
const TABLE = `
               | ACH Initiated | ACH Batched | Settled | ACH Returned | ACH Failed | Refunded | Test | Refund Created
(nothing yet)  | yes           | yes         | yes     | yes          | yes        | yes      | no   | no
pending        | no            | yes         | yes     | yes          | yes        | yes      | no   | no
batched        | no            | no          | yes     | yes          | yes        | yes      | no   | no
settled        | no            | no          | no      | yes          | no         | yes      | no   | no
returned       | no            | no          | no      | no           | no         | no       | no   | no
failed         | no            | no          | no      | no           | no         | no       | no   | no
refunded       | no            | no          | no      | no           | no         | no       | no   | no
`;

const NOTHING_YET = '(nothing yet)';
const cellsOf = (line: string) => line.split('|').map((cell) => cell.trim());
const [header, ...rows] = TABLE.trim().split('\n').map(cellsOf);
const eventTypes = header!.slice(1);
const expected = new Map(
  rows.map(([recorded, ...answers]) => [
    recorded!,
    new Map(eventTypes.map((eventType, index) => [eventType, answers[index]])),
  ]),
);

const recordedValue = (row: string) => (row === NOTHING_YET ? undefined : (row as PaymentStatus));

describe('the table', () => {
  it('has a row for every payment status and for nothing recorded yet', () => {
    expect([...expected.keys()].sort()).toEqual([NOTHING_YET, ...PAYMENT_STATUSES].sort());
  });

  it('has a column for every payment event type, Test, and a type it does not know', () => {
    expect(eventTypes).toEqual(
      expect.arrayContaining([...Object.values(PAYMENT_EVENT_TYPES), 'Test', 'Refund Created']),
    );
    expect(eventTypes).toHaveLength(Object.values(PAYMENT_EVENT_TYPES).length + 2);
  });

  it('answers yes or no in every cell', () => {
    for (const answers of expected.values()) {
      for (const answer of answers.values()) expect(['yes', 'no']).toContain(answer);
    }
  });
});

describe('movesPaymentForward', () => {
  for (const [row, answers] of expected) {
    for (const [eventType, answer] of answers) {
      it(`${answer === 'yes' ? 'applies' : 'ignores'} ${eventType} when ${row === NOTHING_YET ? 'nothing is recorded yet' : `${row} is recorded`}`, () => {
        expect(movesPaymentForward(recordedValue(row), { eventType })).toBe(answer === 'yes');
      });
    }
  }

  it('takes null, as a database gives it, for nothing recorded yet', () => {
    for (const eventType of eventTypes) {
      expect(movesPaymentForward(null, { eventType })).toBe(
        expected.get(NOTHING_YET)!.get(eventType) === 'yes',
      );
    }
  });

  it('takes the event verifyWebhook returns', async () => {
    const key = 'whsec_progress_tests_0123456789';
    const body = JSON.stringify({
      id: 'evt_late_return',
      eventType: 'ACH Returned',
      created: '2026-12-05T10:00:00.000Z',
      data: {
        paymentId: 'pay_1',
        status: 'returned',
        returnCode: 'R10',
        subtotal: { cents: 1010, currency: 'USD' },
        settlementType: 'USDC',
        customerId: 'alice',
        email: 'alice@example.com',
        webhookInfo: { itemName: 'Gold pack', price: '10.10', quantity: 1 },
        createdAt: '2026-11-25T10:00:00.000Z',
        updatedAt: '2026-12-05T10:00:00.000Z',
        settledAt: '2026-11-25T10:00:04.000Z',
        returnedAt: '2026-12-05T10:00:00.000Z',
      },
    });
    const timestamp = Date.parse('2026-12-05T10:00:00.000Z') / 1000;
    const event = await verifyWebhook(
      body,
      await signWebhookPayload(body, key, { timestamp }),
      key,
      { now: () => timestamp * 1000 },
    );
    expect(movesPaymentForward('settled', event)).toBe(true);
    expect(movesPaymentForward('refunded', event)).toBe(false);
  });

  it('refuses a recorded value that is not a payment status, naming the statuses', () => {
    for (const recorded of ['paid', 'SETTLED', '', 42]) {
      const call = () => movesPaymentForward(recorded as PaymentStatus, { eventType: 'Settled' });
      expect(call).toThrow(ConfigError);
      expect(call).toThrow(/recorded must be one of .*"pending".*"refunded".*or nothing/);
    }
  });

  it('refuses something that is not an event', () => {
    for (const event of [undefined, null, 'Settled', {}, { eventType: 7 }]) {
      const call = () => movesPaymentForward('pending', event as unknown as { eventType: string });
      expect(call).toThrow(ConfigError);
      expect(call).toThrow(/event must be a webhook event/);
    }
  });
});

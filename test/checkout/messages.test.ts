// The checkout's words: the English catalogue, a locale resolved to a catalogue by one function,
// and a merchant's replacements checked before a payer reads them.
import { describe, expect, it } from 'vitest';
import { authorizationText } from '../../src/checkout/authorization.js';
import { preloadLocale } from '../../src/checkout/messages/catalogue-store.js';
import { checkMessageOverrides, messagesFor } from '../../src/checkout/messages/index.js';
import { en } from '../../src/checkout/messages/en.js';
import { resolveLocale } from '../../src/checkout/messages/locales.js';

const params = {
  payLabel: 'Pay $19.99',
  merchantName: 'Acme Games',
  merchantContact: 'support@acme.test',
  amount: { cents: 1999, currency: 'USD' },
  bankAccount: { alias: 'Everyday checking', last4: '6789' },
  date: new Date('2025-07-03T12:00:00Z'),
};

describe('the debit authorization', () => {
  it('reads, by default, as the payer agrees to it, in the given locale', () => {
    expect(authorizationText(params, 'en-US')).toBe(
      'By selecting Pay $19.99, you authorize Acme Games to make a one-time debit of $19.99 from ' +
        'Everyday checking ••6789 on or after July 3, 2025. You may revoke this by contacting ' +
        'support@acme.test before it is sent to your bank.',
    );
  });

  it("words it in the locale's catalogue, the amount and the date as the locale writes them", async () => {
    await preloadLocale('en-GB');
    const british = authorizationText(
      { ...params, amount: { cents: 2500, currency: 'EUR' } },
      'en-GB',
    );
    expect(british).toContain('you authorise Acme Games to make a one-off debit of €25.00 from');
    expect(british).toContain('on or after 3 July 2025.');
  });

  it("dates the debit by New York's calendar, whatever the machine's time zone", () => {
    // 02:00 on July 4 in UTC is 22:00 on July 3 in New York.
    const lateEvening = { ...params, date: new Date('2025-07-04T02:00:00Z') };
    expect(authorizationText(lateEvening, 'en-US')).toContain('on or after July 3, 2025.');
  });

  it('is pure: the same parameters give the same words', () => {
    expect(authorizationText(params, 'en-US')).toBe(authorizationText({ ...params }, 'en-US'));
  });
});

describe('messagesFor', () => {
  it('gives English at once, and a language the checkout does not speak in English', () => {
    expect(messagesFor(resolveLocale('en-US'))).toBe(en);
    expect(messagesFor(resolveLocale('sw-KE')).pay({ amount: '$5.00' })).toBe('Pay $5.00');
  });

  it('chooses plurals with Intl.PluralRules', () => {
    expect(en.invalidBody({ count: 1 })).toContain('1 problem for');
    expect(en.invalidBody({ count: 3 })).toContain('3 problems for');
  });

  it('never tells the payer the debit is done or instant', () => {
    const words = Object.values(en)
      .map((message) =>
        typeof message === 'string'
          ? message
          : (message as (values: Record<string, unknown>) => string)(
              new Proxy({}, { get: (_, name) => (name === 'count' ? 2 : `{${String(name)}}`) }),
            ),
      )
      .join('\n');
    // ("Complete identity verification" asks the payer to act: it says nothing of the debit.)
    expect(words).not.toMatch(/(payment|debit) (is )?complete|\bpaid\b|\binstant/i);
    expect(en.submittedTitle).toBe('Payment submitted');
  });
});

describe('checkMessageOverrides', () => {
  it('takes replacements of the same kind as the message they replace', () => {
    const overrides = { pay: ({ amount }: { amount: string }) => `Buy now, ${amount}` };
    expect(checkMessageOverrides(overrides)).toEqual({ overrides, issues: [] });
    expect(checkMessageOverrides(undefined)).toEqual({ overrides: {}, issues: [] });
  });

  it('names an unknown message, and one of the wrong kind', () => {
    const { issues } = checkMessageOverrides({ payy: 'Pay', pay: 'Pay', processing: () => 'x' });
    expect(issues).toEqual([
      { path: 'messages.payy', problem: 'is not a message of the checkout' },
      { path: 'messages.pay', problem: 'must be a function' },
      { path: 'messages.processing', problem: 'must be a string' },
    ]);
  });

  it('refuses an authorization that leaves out the name, the amount, the last four or the contact', () => {
    const { issues } = checkMessageOverrides({
      authorization: ({ payLabel, date }: { payLabel: string; date: string }) =>
        `By selecting ${payLabel} you agree to be debited on or after ${date}.`,
    });
    expect(issues).toEqual([
      {
        path: 'messages.authorization',
        problem:
          'must include merchantName, amount, last4, merchantContact; it leaves out merchantName, amount, last4, merchantContact',
      },
    ]);
    const complete = checkMessageOverrides({
      authorization: (v: Parameters<typeof en.authorization>[0]) =>
        `${v.merchantName} debits ${v.amount} from ••${v.last4} (${v.alias}) on ${v.date}; ask ${v.merchantContact}.`,
    });
    expect(complete.issues).toEqual([]);
  });
});

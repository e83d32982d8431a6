// The shop keeps the debit authorization the service kept with a payment, read from the service
// and never from the page: whole, with whether its words are the ones the payment's event
// announced (their SHA-256), or that the service holds none. The account it names is the one the
// payment was debited from.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PaymentAuthorization } from 'service-checkout/server';
import {
  accountNamedIn,
  keptAuthorization,
  sha256Hex,
} from '../../examples/storefront/server/debit-authorization.js';
import { AT, authorizationText } from './fixtures.js';

const READ_AT = '2026-11-24T10:00:02.000Z';

function serviceRecord(text = authorizationText()): PaymentAuthorization {
  return {
    text,
    textSha256: createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex'),
    acceptedAt: '2026-11-24T09:59:58.120Z',
    locale: 'en-US',
    recordedAt: AT,
    remoteAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  };
}

describe('keptAuthorization', () => {
  it('keeps the service’s record whole, and when the shop read it', () => {
    const record = serviceRecord();
    const announced = { textSha256: record.textSha256, acceptedAt: record.acceptedAt };
    expect(keptAuthorization({ authorization: record }, announced, READ_AT)).toEqual({
      status: 'kept',
      ...record,
      digestMatches: true,
      readAt: READ_AT,
    });
  });

  it('says the words are not the ones announced when their SHA-256 differs from the event’s', () => {
    const record = serviceRecord();
    const otherWords = { textSha256: sha256Hex('other words'), acceptedAt: record.acceptedAt };
    expect(keptAuthorization({ authorization: record }, otherWords, READ_AT)).toMatchObject({
      status: 'kept',
      text: record.text,
      digestMatches: false,
    });
    // An event that said none was sent does not vouch for any words either.
    expect(keptAuthorization({ authorization: record }, null, READ_AT).status).toBe('kept');
    expect(keptAuthorization({ authorization: record }, null, READ_AT)).toMatchObject({
      digestMatches: false,
    });
  });

  it('checks the words against the service’s own digest when the event does not say', () => {
    const record = serviceRecord();
    expect(keptAuthorization({ authorization: record }, undefined, READ_AT)).toMatchObject({
      digestMatches: true,
    });
    const altered = { ...record, text: `${record.text} ` };
    expect(keptAuthorization({ authorization: altered }, undefined, READ_AT)).toMatchObject({
      digestMatches: false,
    });
  });

  it('hashes the text as UTF-8, as the service does: "••" and accents included', () => {
    const text = 'Autoriza a Skyreach Store a debitar $4.99 de Cuenta corriente ••6789.';
    const record = serviceRecord(text);
    expect(sha256Hex(text)).toBe(record.textSha256);
    expect(
      keptAuthorization(
        { authorization: record },
        { textSha256: record.textSha256, acceptedAt: record.acceptedAt },
        READ_AT,
      ),
    ).toMatchObject({ digestMatches: true });
  });

  it('records that the service holds none when the purchase sent none', () => {
    expect(keptAuthorization({ authorization: null }, null, READ_AT)).toEqual({
      status: 'none',
      readAt: READ_AT,
    });
    expect(keptAuthorization({}, undefined, READ_AT)).toEqual({ status: 'none', readAt: READ_AT });
  });
});

describe('accountNamedIn', () => {
  const kept = (text: string) =>
    keptAuthorization({ authorization: serviceRecord(text) }, undefined, READ_AT);

  it('reads the last four digits of the account the words name', () => {
    expect(accountNamedIn(kept(authorizationText('4321')))).toBe('4321');
    expect(accountNamedIn(kept('…de Cuenta corriente ••0042 el 24 de noviembre…'))).toBe('0042');
  });

  it('names none without an account in the words, or without words', () => {
    expect(
      accountNamedIn(kept('I authorize a debit of $4.99 on November 24, 2026.')),
    ).toBeUndefined();
    expect(accountNamedIn(kept('from ••12345'))).toBeUndefined();
    expect(accountNamedIn({ status: 'none', readAt: READ_AT })).toBeUndefined();
    expect(accountNamedIn(undefined)).toBeUndefined();
  });
});

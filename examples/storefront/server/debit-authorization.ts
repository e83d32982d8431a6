// What the shop keeps of a payment's debit authorization, the words the payer agreed to when they
// pressed Pay: read from the service (`merchant.getPayment`), never from the page, whose word
// anyone can forge. Events carry only the digest of the words; the shop checks that the words it
// reads are the ones the event announced. Pure, so each rule has its own test
// (test/storefront/debit-authorization.test.ts).
import { createHash } from 'node:crypto';
import type { AuthorizationSummary, PaymentDetails } from 'service-checkout/server';
import type { DebitAuthorization } from '../src/api-types.js';

/** The lowercase hex SHA-256 of the text's UTF-8 bytes, as the service computes `textSha256`. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The authorization to keep with the order, from the payment the service answered and what the
 * event said of it (`announced`: the event's `data.authorization`; undefined when the event
 * does not say). The text's digest must equal both the service's and the event's.
 */
export function keptAuthorization(
  details: Pick<PaymentDetails, 'authorization'>,
  announced: AuthorizationSummary | null | undefined,
  readAt: string,
): DebitAuthorization {
  const kept = details.authorization;
  if (!kept) return { status: 'none', readAt };
  const digest = sha256Hex(kept.text);
  const digestMatches =
    digest === kept.textSha256 && (announced === undefined || announced?.textSha256 === digest);
  return {
    status: 'kept',
    text: kept.text,
    textSha256: kept.textSha256,
    digestMatches,
    acceptedAt: kept.acceptedAt,
    locale: kept.locale,
    recordedAt: kept.recordedAt,
    remoteAddress: kept.remoteAddress,
    userAgent: kept.userAgent,
    readAt,
  };
}

/**
 * The last four digits of the bank account the authorization names ("…from Sandbox checking
 * ••6789…"), the one the payment was debited from; undefined when it names none. The service
 * tells the merchant nothing else of the account paid from; the checkout's authorization names
 * it by its alias and "••" and its last four digits, which no translation changes.
 */
export function accountNamedIn(authorization: DebitAuthorization | undefined): string | undefined {
  if (authorization?.status !== 'kept') return undefined;
  return /••\s?(\d{4})(?!\d)/.exec(authorization.text)?.[1];
}

// The debit authorization the payer agrees to by pressing Pay: shown wherever Pay can be pressed,
// describing the button, sent with the purchase exactly as shown, resent unchanged by a retry,
// given to onSuccess, and offered to the payer to keep.
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutMessages } from '../../src/index.js';
import {
  BASE_URL,
  checkoutRegion,
  checkoutRequests,
  checkoutTree,
  mountCheckout,
  payButton,
  setupSandbox,
} from './helpers.js';

const { sandbox, server, requests } = setupSandbox();
const mount = (customerId: string, options?: Parameters<typeof mountCheckout>[2]) =>
  mountCheckout(sandbox, customerId, options);

const TODAY = new Date('2025-07-03T12:00:00.000Z');
const PURCHASE = `${BASE_URL}/api/checkout/ach/:merchantId`;

// Only Date is faked: the payer's "today", and the moment Pay is pressed. Timers stay real.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function authorization(options: { button?: string; account?: string } = {}): string {
  const { button = 'Pay $19.99', account = 'Sandbox checking ••6789' } = options;
  return (
    `By selecting ${button}, you authorize Acme Games to make a one-time debit of $19.99 from ` +
    `${account} on or after July 3, 2025. You may revoke this by contacting support@acme.test ` +
    'before it is sent to your bank.'
  );
}

const sentAuthorization = (index = 0) =>
  JSON.parse(checkoutRequests(requests)[index]!.body).authorization;

describe('the authorization on the form', () => {
  it('is shown beside Pay, describes it, and follows the chosen account', async () => {
    const { user } = await mount('alice');
    const pay = await payButton();
    expect(pay).toHaveAccessibleDescription(authorization());
    expect(screen.getByText(authorization())).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Sandbox savings/ }));
    expect(pay).toHaveAccessibleDescription(authorization({ account: 'Sandbox savings ••4321' }));
  });

  it('is sent with the purchase exactly as shown, accepted when Pay is pressed, and given to onSuccess', async () => {
    const { onSuccess, user } = await mount('alice');
    const pay = await payButton();
    const shown = screen.getByText(authorization()).textContent;
    vi.setSystemTime(new Date(TODAY.getTime() + 90_500));
    await user.click(pay);
    await screen.findByText('Payment submitted');

    const accepted = { text: shown, acceptedAt: '2025-07-03T12:01:30.500Z', locale: 'en-US' };
    expect(sentAuthorization()).toEqual(accepted);
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ authorization: accepted }));
  });

  it('a retry after no answer resends the first purchase unchanged, which the service replays', async () => {
    // The service takes the payment, but its answer is lost on the way back.
    server.use(
      http.post(
        PURCHASE,
        async ({ request }) => {
          await sandbox.handle(request);
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    const { onSuccess, user } = await mount('alice');
    await user.click(await payButton());
    await screen.findByText("We couldn't confirm your payment");
    const retry = screen.getByRole('button', { name: 'Retry payment of $19.99' });
    // What the retry sends is what the payer accepted first.
    expect(retry).toHaveAccessibleDescription(authorization());

    vi.setSystemTime(new Date(TODAY.getTime() + 300_000));
    await user.click(retry);
    await screen.findByText('Payment submitted');

    const [first, second] = checkoutRequests(requests);
    expect(second?.body).toBe(first?.body);
    expect(second?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));
    expect(sentAuthorization(1).acceptedAt).toBe('2025-07-03T12:00:00.000Z');
    expect(sandbox.payments).toHaveLength(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('after a decline, names the button that pays from that account again', async () => {
    const { user } = await mount('test_decline-authorization');
    await user.click(await payButton());
    await screen.findByText('Payment declined');
    expect(
      screen.getByRole('button', { name: 'Try this account again' }),
    ).toHaveAccessibleDescription(
      authorization({ button: 'Try this account again', account: 'Declining checking ••0002' }),
    );
  });
});

describe("the authorization's wording", () => {
  const ownWording: CheckoutMessages['authorization'] = (values) =>
    `I authorize ${values.merchantName} to debit ${values.amount} once from my account ` +
    `••${values.last4} on or after ${values.date}. To revoke, write to ${values.merchantContact}.`;

  it('can be replaced: the replacement is shown and sent', async () => {
    const { user } = await mount('alice', {
      provider: { messages: { authorization: ownWording } },
    });
    const expected =
      'I authorize Acme Games to debit $19.99 once from my account ••6789 on or after July 3, ' +
      '2025. To revoke, write to support@acme.test.';
    const pay = await payButton();
    expect(pay).toHaveAccessibleDescription(expected);
    await user.click(pay);
    await screen.findByText('Payment submitted');
    expect(sentAuthorization().text).toBe(expected);
  });

  it('a replacement that leaves out the amount is the invalid view naming it, and sends nothing', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onError } = await mount('alice', {
      provider: {
        messages: {
          authorization: (values) =>
            `I authorize ${values.merchantName} to debit my account ••${values.last4}. Contact ${values.merchantContact}.`,
        },
      },
    });
    expect(checkoutRegion()).toHaveAttribute('data-state', 'invalid');
    expect(screen.getByText('messages.authorization')).toBeInTheDocument();
    expect(consoleError.mock.calls.join('\n')).toContain('it leaves out amount');
    expect(onError).toHaveBeenCalledTimes(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(requests).toHaveLength(0);
  });
});

describe('merchantName and merchantContact', () => {
  it('where env is prod, a missing one is the invalid view naming it, and nothing is sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await mount('alice', {
      provider: {
        env: 'prod',
        baseUrl: BASE_URL,
        merchantName: undefined,
        merchantContact: undefined,
      },
    });
    expect(checkoutRegion()).toHaveAttribute('data-state', 'invalid');
    expect(screen.getByText('merchantName')).toBeInTheDocument();
    expect(screen.getByText('merchantContact')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(requests).toHaveLength(0);
  });

  it('elsewhere, a missing one falls back to the merchant id and "the merchant", with one warning (StrictMode)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const options = {
      strict: true,
      provider: { merchantName: undefined, merchantContact: undefined },
    };
    const { view, sessionKey } = await mount('alice', options);
    const pay = await payButton();
    expect(pay).toHaveAccessibleDescription(
      authorization()
        .replace('Acme Games', sandbox.merchantId)
        .replace('support@acme.test', 'the merchant'),
    );
    // A render with new props is the same provider: it has warned already.
    view.rerender(
      checkoutTree({ ...options, sessionKey, merchantId: sandbox.merchantId, checkout: {} }),
    );
    await payButton();
    expect(warn).toHaveBeenCalledTimes(1);
    const warning = String(warn.mock.calls[0]?.[0]);
    expect(warning).toContain('[service-checkout]');
    expect(warning).toContain('merchantName');
    expect(warning).toContain('merchantContact');
  });
});

describe("the payer's copy", () => {
  it('the submitted view offers the authorization to save as a file, and to print alone', async () => {
    const { user } = await mount('alice');
    await user.click(await payButton());
    await screen.findByText('Payment submitted');
    const { paymentId } = sandbox.payments[0]!;

    const save = screen.getByRole('link', { name: 'Save your authorization' });
    expect(save).toHaveAttribute('download', `payment-authorization-${paymentId}.txt`);
    const href = save.getAttribute('href')!;
    expect(href).toMatch(/^data:text\/plain;charset=utf-8,/);
    const saved = decodeURIComponent(href.slice(href.indexOf(',') + 1));
    expect(saved).toContain(authorization());
    expect(saved).toContain(paymentId);

    // Printing marks the page so that the stylesheet prints the authorization alone.
    const marked: boolean[] = [];
    vi.spyOn(window, 'print').mockImplementation(() => {
      marked.push(document.documentElement.classList.contains('sc-print-authorization'));
      // As a browser does once its print dialog closes.
      window.dispatchEvent(new Event('afterprint'));
    });
    await user.click(screen.getByRole('button', { name: 'Print your authorization' }));
    expect(marked).toEqual([true]);
    expect(document.documentElement.classList.contains('sc-print-authorization')).toBe(false);
    expect(screen.getByText(authorization()).closest('.sc-authorization-copy')).not.toBeNull();
  });
});

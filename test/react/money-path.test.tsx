// The checkout's money path through the real HTTP layer, MSW and the sandbox: one purchase is
// paid at most once whatever the payer does, a decline waits for a choice, every dead end has
// a way out, and every failure reaches onError once, in StrictMode too.
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ChargebackScript, ConfigError, NetworkError } from '../../src/index.js';
import {
  BASE_URL,
  checkoutRegion,
  checkoutRequests,
  checkoutTree,
  customerRequests,
  expectFocusOnNotice,
  mountCheckout,
  payButton,
  renderCheckout,
  runDeviceScript,
  setupSandbox,
} from './helpers.js';

const { sandbox, server, requests } = setupSandbox();
const PURCHASE_URL = `${BASE_URL}/api/checkout/ach/:merchantId`;

/** The service takes the payment; the connection drops before the answer gets back. */
function loseTheNextAnswer() {
  server.use(
    http.post(
      PURCHASE_URL,
      async ({ request }) => {
        await sandbox.handle(request);
        return HttpResponse.error();
      },
      { once: true },
    ),
  );
}

/** Whatever the button says now, the one that would take the payer's money. */
const moneyButton = () => screen.getByRole('button', { name: /\$19\.99|\$50\.00/ });

describe('a purchase whose answer was lost', () => {
  it('cannot be paid twice, even when the payer picks another account and the page changes the amount', async () => {
    loseTheNextAnswer();
    const { onSuccess, sessionKey, view, user } = await mountCheckout(sandbox, 'alice');
    await user.click(await payButton());
    await screen.findByText("We couldn't confirm your payment");
    expect(sandbox.payments).toHaveLength(1);

    // The payer tries the other account, and the page re-renders with another amount.
    await user.click(screen.getByRole('radio', { name: /Sandbox savings/ }));
    view.rerender(
      checkoutTree({
        sessionKey,
        merchantId: sandbox.merchantId,
        checkout: { onSuccess, subtotal: { cents: 5000, currency: 'USD' } },
      }),
    );
    expect(screen.getByRole('radio', { name: /Sandbox checking/ })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Pay from' })).toBeDisabled();
    expect(screen.getByText("The account and amount can't change until we know.")).toBeVisible();
    expect(checkoutRegion()).toHaveAttribute('data-state', 'unconfirmed');

    await user.click(moneyButton());
    await screen.findByText('Payment submitted');
    const sent = checkoutRequests(requests);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers.get('idempotency-key')).toBe(sent[0]!.headers.get('idempotency-key'));
    expect(sent[1]!.body).toBe(sent[0]!.body);
    expect(sandbox.payments).toHaveLength(1);
    expect(sandbox.payments[0]).toMatchObject({ subtotal: { cents: 1999 } });
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess.mock.calls[0]?.[0]).toMatchObject({
      paymentId: sandbox.payments[0]!.paymentId,
      subtotal: { cents: 1999, currency: 'USD' },
      bankAccount: { last4: '6789' },
    });
    expect(
      screen.getByText(
        /Your payment of \$19\.99 from Sandbox checking ending in 6789 was submitted/,
      ),
    ).toBeVisible();
  });

  it('names the locked amount on the retry button', async () => {
    loseTheNextAnswer();
    const { user } = await mountCheckout(sandbox, 'alice');
    await user.click(await payButton());
    expect(await screen.findByRole('button', { name: 'Retry payment of $19.99' })).toBeEnabled();
  });
});

describe('a new session key from the app', () => {
  for (const [what, status, code, shown] of [
    ['refused (401)', 401, 'unauthorized', 'Your session has expired'],
    ['blocked (423)', 423, 'customer_blocked', 'Payments are unavailable for this account'],
    ['needing verification (451)', 451, 'verification_required', 'Verify your identity to pay'],
  ] as const) {
    it(`brings back a checkout whose Pay was ${what}, and reads the customer again`, async () => {
      server.use(
        http.post(PURCHASE_URL, () => HttpResponse.json({ message: 'no', code }, { status }), {
          once: true,
        }),
      );
      const { view, onSuccess, user } = await mountCheckout(sandbox, 'alice', { strict: true });
      await user.click(await payButton());
      expect(await screen.findByText(shown)).toBeVisible();
      expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
      const reads = customerRequests(requests).length;

      // The app's server mints a new key (the customer's record has changed, say).
      const sessionKey = await sandbox.mintSessionKey('alice');
      view.rerender(
        checkoutTree({
          sessionKey,
          merchantId: sandbox.merchantId,
          strict: true,
          checkout: { onSuccess },
        }),
      );
      await user.click(await payButton());
      await screen.findByText('Payment submitted');
      expect(customerRequests(requests).length).toBe(reads + 1);
      expect(checkoutRequests(requests).at(-1)?.headers.get('x-service-auth-session-key')).toBe(
        sessionKey,
      );
      expect(onSuccess).toHaveBeenCalledTimes(1);
    });
  }
});

describe('a device id that cannot travel in a header', () => {
  it('is a failed security check with a retry, not a payment stuck unconfirmed', async () => {
    const { user } = await mountCheckout(sandbox, 'test_cbp-header', {
      extra: <ChargebackScript />,
    });
    await screen.findByText('Running a security check…');
    act(() => runDeviceScript('device\nx-injected: 1'));
    expect(await screen.findByText("The security check didn't load")).toBeVisible();
    expect(await payButton()).toBeDisabled();

    // The script's next answer is usable: a retry reads it.
    act(() => runDeviceScript('device-fine'));
    await user.click(screen.getByRole('button', { name: 'Retry security check' }));
    await user.click(await payButton());
    await screen.findByText('Payment submitted');
    expect(sandbox.payments[0]?.deviceId).toBe('device-fine');
  });
});

describe('after a decline', () => {
  it('marks the declined account and waits for another choice or an explicit retry', async () => {
    const { onError, onSuccess, user } = await mountCheckout(sandbox, 'test_decline-path');
    await user.click(await payButton());
    await screen.findByText('Payment declined');
    expect(onError).toHaveBeenCalledTimes(1);

    const declining = screen.getByRole('radio', { name: /Declining checking ending in 0002/ });
    expect(declining).toHaveAccessibleName(expect.stringContaining('Declined'));
    expect(await payButton()).toBeDisabled();
    await user.click(await payButton());
    expect(checkoutRequests(requests)).toHaveLength(1);

    // Another account clears the notice and enables Pay; back to the declined one waits again.
    await user.click(screen.getByRole('radio', { name: /Sandbox checking/ }));
    expect(screen.queryByText('Payment declined')).not.toBeInTheDocument();
    expect(await payButton()).toBeEnabled();
    await user.click(declining);
    expect(await payButton()).toBeDisabled();

    // An explicit retry sends it again, with a new key: the first attempt was answered.
    await user.click(screen.getByRole('button', { name: 'Try this account again' }));
    await screen.findByText('Payment declined');
    const keys = checkoutRequests(requests).map((seen) => seen.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onSuccess).not.toHaveBeenCalled();
  });
});

describe('a failed background refresh of the customer', () => {
  for (const strict of [false, true]) {
    it(`keeps the form after a decline, and is reported once${strict ? ' (StrictMode)' : ''}`, async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const { onError, user } = await mountCheckout(sandbox, 'test_decline-refresh', { strict });
        await user.click(await payButton());
        await screen.findByText('Payment declined');
        const reads = customerRequests(requests).length;

        // Half a minute later the payer comes back to the tab, and the read fails.
        server.use(http.get(`${BASE_URL}/api/customer/v2`, () => HttpResponse.error()));
        vi.setSystemTime(Date.now() + 31_000);
        act(() => window.dispatchEvent(new Event('visibilitychange')));
        await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(2), { timeout: 4000 });

        expect(customerRequests(requests).length).toBeGreaterThan(reads);
        expect(onError.mock.calls[1]?.[0]).toBeInstanceOf(NetworkError);
        expect(checkoutRegion()).toHaveAttribute('data-state', 'declined');
        expect(screen.getByRole('radio', { name: /Sandbox checking/ })).toBeEnabled();
        await user.click(screen.getByRole('radio', { name: /Sandbox checking/ }));
        expect(await payButton()).toBeEnabled();
      } finally {
        vi.useRealTimers();
      }
    });
  }
});

describe('each failure reaches onError once', () => {
  it('invalid props under StrictMode: one onError and one console report', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onError } = await mountCheckout(sandbox, 'alice', {
      strict: true,
      checkout: { email: 'not-an-email' },
    });
    // Effects, StrictMode's second run included, have run once act() returns.
    await act(async () => {});
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(ConfigError);
    const reports = consoleError.mock.calls.filter((call) =>
      String(call[0]).includes('received invalid props'),
    );
    expect(reports).toHaveLength(1);
    consoleError.mockRestore();
  });

  it('a failed first load under StrictMode: one onError', async () => {
    server.use(http.get(`${BASE_URL}/api/customer/v2`, () => HttpResponse.error()));
    const { onError } = await mountCheckout(sandbox, 'alice', { strict: true });
    await screen.findByText("We couldn't load your payment details");
    // Effects, StrictMode's second run included, have run once act() returns.
    await act(async () => {});
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(NetworkError);
  });

  it('a decline under StrictMode: one onError', async () => {
    const { onError, user } = await mountCheckout(sandbox, 'test_decline-strict', {
      strict: true,
    });
    await user.click(await payButton());
    await screen.findByText('Payment declined');
    // Effects, StrictMode's second run included, have run once act() returns.
    await act(async () => {});
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('a way out of every dead end', () => {
  it('verification: a button to the merchant’s verification, and a check that reads again', async () => {
    const onVerifyIdentity = vi.fn();
    const { user } = await mountCheckout(sandbox, 'test_verify-out', {
      checkout: { onVerifyIdentity },
    });
    await user.click(await payButton());
    await screen.findByText('Verify your identity to pay');
    await user.click(screen.getByRole('button', { name: 'Verify your identity' }));
    expect(onVerifyIdentity).toHaveBeenCalledTimes(1);

    const reads = customerRequests(requests).length;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await payButton()).toBeEnabled();
    expect(customerRequests(requests).length).toBe(reads + 1);
  });

  it('verification without a merchant hook still offers to check again', async () => {
    const { user } = await mountCheckout(sandbox, 'test_verify-plain');
    await user.click(await payButton());
    await screen.findByText('Verify your identity to pay');
    expect(screen.queryByRole('button', { name: 'Verify your identity' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
  });

  it('no bank account: a button to the merchant’s page for adding one, and a check again', async () => {
    const onAddBankAccount = vi.fn();
    const { user } = await mountCheckout(sandbox, 'test_no_bank-out', {
      checkout: { onAddBankAccount },
    });
    await screen.findByText('No bank account on file');
    await user.click(screen.getByRole('button', { name: 'Add a bank account' }));
    expect(onAddBankAccount).toHaveBeenCalledTimes(1);
    const reads = customerRequests(requests).length;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await vi.waitFor(() => expect(customerRequests(requests).length).toBe(reads + 1));
  });

  it('blocked: a button to the merchant’s support, and a check that reads again', async () => {
    const onContactSupport = vi.fn();
    const { user } = await mountCheckout(sandbox, 'test_blocked-out', {
      checkout: { onContactSupport },
    });
    await screen.findByText('Payments are unavailable for this account');
    await user.click(screen.getByRole('button', { name: 'Contact support' }));
    expect(onContactSupport).toHaveBeenCalledTimes(1);

    // Support lifts the block: checking again reads the customer, and the form comes back.
    sandbox.updateCustomer('test_blocked-out', { blocked: false });
    const reads = customerRequests(requests).length;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await payButton()).toBeEnabled();
    expect(customerRequests(requests).length).toBe(reads + 1);
    expect(onContactSupport).toHaveBeenCalledTimes(1);
  });

  it('blocked at Pay (423) under StrictMode: said, focused, and support is called once, the latest callback', async () => {
    server.use(
      http.post(
        PURCHASE_URL,
        () => HttpResponse.json({ message: 'no', code: 'customer_blocked' }, { status: 423 }),
        { once: true },
      ),
    );
    const first = vi.fn();
    const { view, sessionKey, onSuccess, user } = await mountCheckout(sandbox, 'alice', {
      strict: true,
      checkout: { onContactSupport: first },
    });
    await user.click(await payButton());
    const title = await screen.findByText('Payments are unavailable for this account');
    await expectFocusOnNotice(title);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Payments are unavailable for this account.',
    );
    expect(checkoutRegion()).toHaveAttribute('data-state', 'blocked');

    // The page re-renders with a new function: the button calls that one, once.
    const latest = vi.fn();
    view.rerender(
      checkoutTree({
        sessionKey,
        merchantId: sandbox.merchantId,
        strict: true,
        checkout: { onSuccess, onContactSupport: latest },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Contact support' }));
    expect(latest).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });

  it('blocked without a merchant hook still offers to check again', async () => {
    await mountCheckout(sandbox, 'test_blocked-plain');
    await screen.findByText('Payments are unavailable for this account');
    expect(screen.queryByRole('button', { name: 'Contact support' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
  });

  it('an expired session without a renewer offers a reload', async () => {
    const sessionKey = await sandbox.mintSessionKey('bob', { expiresInSeconds: -60 });
    renderCheckout({ sessionKey, merchantId: sandbox.merchantId });
    const notice = await screen.findByText('Your session has expired');
    expect(
      within(notice.closest('.sc-notice') as HTMLElement).getByRole('button', {
        name: 'Reload the page',
      }),
    ).toBeEnabled();
  });

  it('rejects callbacks that are not functions, naming them', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await mountCheckout(sandbox, 'alice', {
      checkout: {
        onVerifyIdentity: 'https://verify.example' as unknown as () => void,
        onContactSupport: 'mailto:support@shop.example' as unknown as () => void,
      },
    });
    expect(screen.getByText('onVerifyIdentity')).toBeInTheDocument();
    expect(screen.getByText('onContactSupport')).toBeInTheDocument();
    expect(checkoutRegion()).toHaveAttribute('data-state', 'invalid');
    consoleError.mockRestore();
  });
});

describe('the order summary', () => {
  it('shows the default line in the same money format as the subtotal', async () => {
    await mountCheckout(sandbox, 'alice');
    await payButton();
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('$19.99')).toBeInTheDocument();
    expect(screen.queryByText('19.99 USD')).not.toBeInTheDocument();
  });

  it('shows several line items, each with its amount', async () => {
    await mountCheckout(sandbox, 'alice', {
      checkout: {
        items: [
          { name: 'Gold pack', quantity: 2, amount: { cents: 1000, currency: 'USD' } },
          { name: 'Season pass', quantity: 1, amount: { cents: 999, currency: 'USD' } },
        ],
      },
    });
    await payButton();
    const lines = screen.getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Gold packQty 2$10.00',
      'Season passQty 1$9.99',
    ]);
  });

  for (const amount of [
    { cents: 100, currency: 'USD' },
    { cents: 1999, currency: 'EUR' },
  ]) {
    it(`refuses lines that do not add up to the amount charged (${amount.cents} ${amount.currency})`, async () => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { onError } = await mountCheckout(sandbox, 'alice', {
        checkout: {
          items: [{ name: 'Gold pack', quantity: 1, amount }],
        },
      });
      expect(screen.getByText(/must add up to the subtotal, \$19\.99 \(USD\)/)).toBeVisible();
      expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(ConfigError);
      expect(requests).toHaveLength(0);
      consoleError.mockRestore();
    });
  }
});

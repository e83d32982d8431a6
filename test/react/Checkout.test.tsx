import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  ChargebackScript,
  ConfigError,
  NetworkError,
  ServiceError,
  SessionExpiredError,
} from '../../src/index.js';
import {
  BASE_URL,
  checkoutRequests,
  checkoutTree,
  customerRequests,
  expectFocusOnNotice,
  failDeviceScript,
  productData,
  renderCheckout,
  runDeviceScript,
  setupSandbox,
  mountCheckout,
  payButton,
  checkoutRegion,
} from './helpers.js';

const { sandbox, server, requests } = setupSandbox();

const mount = (customerId: string, options?: Parameters<typeof mountCheckout>[2]) =>
  mountCheckout(sandbox, customerId, options);

async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { resultTypes: ['violations'] });
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

describe('<Checkout> ready and paying', () => {
  it('shows loading, then the order, the payer and their bank accounts', async () => {
    await mount('alice');
    expect(screen.getByText('Loading your payment details…')).toBeInTheDocument();
    expect(checkoutRegion()).toHaveAttribute('aria-busy', 'true');

    const accounts = await screen.findByRole('group', { name: 'Pay from' });
    const radios = within(accounts).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios[0]).toHaveAccessibleName('Sandbox checking ending in 6789');
    expect(radios[1]).toHaveAccessibleName('Sandbox savings ending in 4321');
    expect(radios[0]).toBeChecked();
    expect(screen.getByText('Gold pack')).toBeInTheDocument();
    expect(screen.getByText('Qty 2')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem')).getByText('$19.99')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('USDC')).toBeInTheDocument();
    expect(await payButton()).toBeEnabled();
    expect(checkoutRegion()).toHaveAttribute('data-state', 'ready');
    expect(screen.getByRole('status')).toHaveTextContent('Ready to pay.');
  });

  it('pays once, calls onSuccess once with the payment and moves focus to the result', async () => {
    const { onSuccess, onError, user } = await mount('alice');
    await user.click(await screen.findByRole('radio', { name: /Sandbox savings/ }));
    await user.click(await payButton());

    const result = await screen.findByText('Payment submitted');
    expect(sandbox.payments).toHaveLength(1);
    const payment = sandbox.payments[0]!;
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({
        paymentId: payment.paymentId,
        subtotal: { cents: 1999, currency: 'USD' },
        settlementType: 'USDC',
        bankAccount: { alias: 'Sandbox savings', last4: '4321', rtpEligible: false },
      }),
    );
    expect(onError).not.toHaveBeenCalled();
    expect(payment.subtotal).toEqual({ cents: 1999, currency: 'USD' });
    expect(payment.email).toBe('alice@example.com');
    await expectFocusOnNotice(result);
    expect(screen.getByText(payment.paymentId)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Payment submitted');
  });

  it('sends the session key only in its header, an Idempotency-Key on the purchase, and no API key', async () => {
    const { sessionKey, user } = await mount('alice');
    await user.click(await payButton());
    await screen.findByText('Payment submitted');

    expect(requests.length).toBe(2);
    for (const request of requests) {
      expect(request.headers.get('x-service-auth-session-key')).toBe(sessionKey);
      expect(request.headers.has('authorization')).toBe(false);
      expect(request.url).not.toContain(sessionKey);
      for (const [, value] of request.headers) expect(value).not.toContain(sandbox.apiKey);
      expect(request.body).not.toContain(sessionKey);
    }
    const [read] = customerRequests(requests);
    expect(read?.method).toBe('GET');
    const [purchase] = checkoutRequests(requests);
    expect(purchase?.url).toBe(`${BASE_URL}/api/checkout/ach/${sandbox.merchantId}`);
    expect(purchase?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(purchase?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(purchase!.body)).toMatchObject({
      subtotal: { cents: 1999, currency: 'USD' },
      settlementType: 'USDC',
      email: 'alice@example.com',
      webhookInfo: { itemName: 'Gold pack', quantity: 2 },
    });
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('never sends a second purchase on double clicks', async () => {
    const { onSuccess, user } = await mount('alice');
    const pay = await payButton();
    await user.dblClick(pay);
    await user.click(pay);
    await screen.findByText('Payment submitted');
    expect(checkoutRequests(requests)).toHaveLength(1);
    expect(sandbox.payments).toHaveLength(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('shows the submitting state while the purchase is in flight', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${BASE_URL}/api/checkout/ach/:merchantId`, async ({ request }) => {
        await held;
        return sandbox.handle(request);
      }),
    );
    const { user } = await mount('alice');
    await user.click(await payButton());

    const processing = await screen.findByRole('button', { name: 'Processing…' });
    expect(processing).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Pay from' })).toBeDisabled();
    expect(checkoutRegion()).toHaveAttribute('data-state', 'submitting');
    expect(screen.getByRole('status')).toHaveTextContent('Processing your payment.');
    await user.click(processing);
    release();
    await screen.findByText('Payment submitted');
    expect(sandbox.payments).toHaveLength(1);
  });

  it('is usable by keyboard alone: arrow keys choose an account, Enter pays', async () => {
    const { onSuccess, user } = await mount('alice');
    await payButton();
    await user.tab();
    expect(screen.getByRole('radio', { name: /Sandbox checking/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /Sandbox savings/ })).toBeChecked();
    await user.tab();
    expect(await payButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByText('Payment submitted');
    expect(onSuccess.mock.calls[0]?.[0].bankAccount.last4).toBe('4321');
  });

  it('uses the latest callbacks without reading the customer again', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const sessionKey = await sandbox.mintSessionKey('alice');
    const props = { sessionKey, merchantId: sandbox.merchantId };
    const { rerender } = renderCheckout({ ...props, checkout: { onSuccess: first } });
    await payButton();
    rerender(checkoutTree({ ...props, checkout: { onSuccess: second } }));
    await userEvent.setup().click(await payButton());
    await screen.findByText('Payment submitted');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(customerRequests(requests)).toHaveLength(1);
  });

  it('works in StrictMode: one read, one purchase, one onSuccess', async () => {
    const { onSuccess, user } = await mount('alice', { strict: true });
    await user.click(await payButton());
    await screen.findByText('Payment submitted');
    expect(customerRequests(requests)).toHaveLength(1);
    expect(sandbox.payments).toHaveLength(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('has no axe violations when ready, declined and paid', async () => {
    const { user } = await mount('test_decline-axe');
    await payButton();
    expect(await axeViolations()).toEqual([]);
    await user.click(await payButton());
    await screen.findByText('Payment declined');
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('radio', { name: /Sandbox checking/ }));
    await user.click(await payButton());
    await screen.findByText('Payment submitted');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('<Checkout> states a payer can meet', () => {
  it('no bank accounts: says so and offers no payment', async () => {
    await mount('test_no_bank-1');
    expect(await screen.findByText('No bank account on file')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $19.99' })).toBeDisabled();
    expect(checkoutRegion()).toHaveAttribute('data-state', 'no-bank-accounts');
  });

  it('blocked customer: a clear state and no purchase', async () => {
    await mount('test_blocked-1');
    expect(
      await screen.findByText('Payments are unavailable for this account'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(checkoutRequests(requests)).toHaveLength(0);
  });

  it('declined (402): tells the payer, reports the typed error, and a new account pays with a new key', async () => {
    const { onError, onSuccess, user } = await mount('test_decline-1');
    const declining = await screen.findByRole('radio', {
      name: /Declining checking ending in 0002/,
    });
    expect(declining).toBeChecked();
    await user.click(await payButton());

    const notice = await screen.findByText('Payment declined');
    await expectFocusOnNotice(notice);
    expect(
      screen.getByText(/declined the payment from Declining checking ending in 0002/),
    ).toBeInTheDocument();
    expect(onError).toHaveBeenCalledTimes(1);
    const error = onError.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 402, code: 'payment_declined' });
    expect(screen.getByRole('status')).toHaveTextContent('Payment declined.');

    await user.click(screen.getByRole('radio', { name: /Sandbox checking/ }));
    expect(screen.queryByText('Payment declined')).not.toBeInTheDocument();
    await user.click(await payButton());
    await screen.findByText('Payment submitted');
    const keys = checkoutRequests(requests).map((request) =>
      request.headers.get('idempotency-key'),
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('verification required (451): asks the payer to verify', async () => {
    const { onError, user } = await mount('test_verify-1');
    await user.click(await payButton());
    const notice = await screen.findByText('Verify your identity to pay');
    await expectFocusOnNotice(notice);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({
      status: 451,
      code: 'verification_required',
    });
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(sandbox.payments).toHaveLength(0);
  });

  // A network error on Pay (the answer lost after the service took the payment) and its
  // retry with the same Idempotency-Key are in test/resilience/faults.test.tsx.

  it('network error while loading: a retry button that loads the customer', async () => {
    server.use(http.get(`${BASE_URL}/api/customer/v2`, () => HttpResponse.error()));
    const { onError, user } = await mount('alice');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(screen.getByText("We couldn't load your payment details")).toBeInTheDocument();
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(NetworkError);

    server.resetHandlers();
    await user.click(retry);
    expect(await payButton()).toBeEnabled();
  });

  it('session key expired and no renewer: a clear state, and no request at all', async () => {
    const sessionKey = await sandbox.mintSessionKey('bob', { expiresInSeconds: -60 });
    const onError = vi.fn();
    renderCheckout({ sessionKey, merchantId: sandbox.merchantId, checkout: { onError } });
    expect(await screen.findByText('Your session has expired')).toBeInTheDocument();
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(SessionExpiredError);
    expect(requests).toHaveLength(0);
  });

  it('a 401 on pay without a renewer shows the expired state', async () => {
    server.use(
      http.post(`${BASE_URL}/api/checkout/ach/:merchantId`, () =>
        HttpResponse.json({ message: 'expired', code: 'unauthorized' }, { status: 401 }),
      ),
    );
    const { user } = await mount('alice');
    await user.click(await payButton());
    expect(await screen.findByText('Your session has expired')).toBeInTheDocument();
  });

  it('invalid props: a console error naming the fields, a visible state, and no request', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onError } = await mount('alice', {
      checkout: {
        subtotal: { cents: 19.99, currency: 'XYZ' },
        email: 'not-an-email',
        chargebackProtectionData: [{ ...productData[0]!, productType: 'bogus' as 'gameOfSkill' }],
      },
    });
    expect(screen.getByText('This checkout is not set up correctly')).toBeInTheDocument();
    expect(checkoutRegion()).toHaveAttribute('data-state', 'invalid');
    const logged = consoleError.mock.calls.map((call) => String(call[0])).join('\n');
    expect(logged).toContain('[service-checkout]');
    for (const field of [
      'subtotal.cents',
      'subtotal.currency',
      'email',
      'chargebackProtectionData.0.productType',
    ]) {
      expect(logged).toContain(field);
      expect(screen.getByText(field)).toBeInTheDocument();
    }
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(ConfigError);
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(requests).toHaveLength(0);
    consoleError.mockRestore();
  });

  it('rejects an empty product list', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await mount('alice', { checkout: { chargebackProtectionData: [] } });
    expect(screen.getByText('chargebackProtectionData')).toBeInTheDocument();
    expect(consoleError.mock.calls.join('\n')).toContain('at least 1 item');
    consoleError.mockRestore();
  });
});

describe('<Checkout> with chargeback protection', () => {
  it('without <ChargebackScript> on the page: a clear state and a developer error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await mount('test_cbp-1');
    expect(await screen.findByText('Security check unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $19.99' })).toBeDisabled();
    expect(consoleError.mock.calls.join('\n')).toContain('<ChargebackScript />');
    expect(checkoutRequests(requests)).toHaveLength(0);
    consoleError.mockRestore();
  });

  it('sends the device id as x-device-id once the script is ready', async () => {
    const { user } = await mount('test_cbp-2', { extra: <ChargebackScript /> });
    expect(await screen.findByText('Running a security check…')).toBeInTheDocument();
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(document.querySelector('script')?.src).toBe(`${BASE_URL}/chargeback/device.js`);
    act(() => runDeviceScript('device-abc'));
    await user.click(await payButton());
    await screen.findByText('Payment submitted');
    const [purchase] = checkoutRequests(requests);
    expect(purchase?.headers.get('x-device-id')).toBe('device-abc');
    expect(sandbox.payments[0]?.deviceId).toBe('device-abc');
    expect(customerRequests(requests)[0]?.headers.has('x-device-id')).toBe(false);
  });

  it('chargebackProtectionData also needs the device id, and is sent with the purchase', async () => {
    const { user } = await mount('alice', {
      extra: <ChargebackScript />,
      checkout: { chargebackProtectionData: productData },
    });
    await screen.findByText('Running a security check…');
    act(() => runDeviceScript('device-xyz'));
    await user.click(await payButton());
    await screen.findByText('Payment submitted');
    expect(sandbox.payments[0]?.chargebackProtectionData).toEqual(productData);
    expect(sandbox.payments[0]?.deviceId).toBe('device-xyz');
  });

  it('script failure: a retry that loads it again', async () => {
    const { user } = await mount('test_cbp-3', { extra: <ChargebackScript /> });
    await screen.findByText('Running a security check…');
    act(() => failDeviceScript());
    const retry = await screen.findByRole('button', { name: 'Retry security check' });
    expect(screen.getByText("The security check didn't load")).toBeInTheDocument();
    expect(document.querySelectorAll('script')).toHaveLength(0);

    await user.click(retry);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    act(() => runDeviceScript('device-retry'));
    await user.click(await payButton());
    await screen.findByText('Payment submitted');
    expect(sandbox.payments[0]?.deviceId).toBe('device-retry');
  });

  it("a page that refuses the library's Trusted Types policy: the script counts as blocked", async () => {
    // As a trusted-types directive without service-checkout makes the browser do.
    const createPolicy = vi.fn((name: string) => {
      throw new TypeError(`Failed to create the policy "${name}": refused by trusted-types.`);
    });
    vi.stubGlobal('trustedTypes', { createPolicy });
    try {
      const onError = vi.fn();
      await mount('test_cbp-4', { extra: <ChargebackScript nonce="n0nce" onError={onError} /> });
      await screen.findByRole('button', { name: 'Retry security check' });
      expect(screen.getByText("The security check didn't load")).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Pay $19.99' })).toBeDisabled();
      expect(createPolicy).toHaveBeenCalledWith('service-checkout', expect.anything());
      expect(onError.mock.calls[0]?.[0]).toMatchObject({ kind: 'script_load' });
      expect(String(onError.mock.calls[0]?.[0]?.message)).toContain(
        "trusted-types service-checkout 'allow-duplicates'",
      );
      expect(document.querySelectorAll('script')).toHaveLength(0);
      expect(checkoutRequests(requests)).toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

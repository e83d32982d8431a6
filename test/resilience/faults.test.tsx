// The checkout under faults, against the sandbox behind MSW: impatient payers, lost answers, a
// failing or misbehaving service, and a page that re-renders all the time.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  NetworkError,
  ResponseValidationError,
  ServiceError,
  type CheckoutResult,
} from '../../src/index.js';
import { checkoutPropsSchema } from '../../src/core/schemas.js';
import {
  BASE_URL,
  checkoutRequests,
  checkoutTree,
  customerRequests,
  renderCheckout,
  setupSandbox,
  mountCheckout,
  payButton,
  checkoutRegion,
} from '../react/helpers.js';

const { sandbox, server, requests } = setupSandbox();
const CUSTOMER_URL = `${BASE_URL}/api/customer/v2`;

const mount = (customerId = 'alice') => mountCheckout(sandbox, customerId);

describe('paying under faults', () => {
  it('Pay clicked five times in one go makes one payment', async () => {
    const { onSuccess } = await mount();
    const pay = await payButton();
    for (let i = 0; i < 5; i++) fireEvent.click(pay);

    await screen.findByText('Payment submitted');
    expect(checkoutRequests(requests)).toHaveLength(1);
    expect(sandbox.payments).toHaveLength(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('an answer lost during Pay: the retry reuses the Idempotency-Key and pays once', async () => {
    // The service takes the payment; the connection drops before the answer gets back.
    server.use(
      http.post(
        `${BASE_URL}/api/checkout/ach/:merchantId`,
        async ({ request }) => {
          await sandbox.handle(request);
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    const { onError, onSuccess, user } = await mount();
    await user.click(await payButton());
    expect(await screen.findByText("We couldn't confirm your payment")).toBeInTheDocument();
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(NetworkError);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(sandbox.payments).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'Retry payment of $19.99' }));
    await screen.findByText('Payment submitted');
    const keys = checkoutRequests(requests).map((seen) => seen.headers.get('idempotency-key'));
    expect(keys).toEqual([keys[0], keys[0]]);
    expect(sandbox.payments).toHaveLength(1);
    expect(sandbox.payments[0]?.idempotencyKey).toBe(keys[0]);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess.mock.calls[0]?.[0].paymentId).toBe(sandbox.payments[0]?.paymentId);
  });
});

describe('loading under faults', () => {
  it('500s on the customer read: retried, then an error whose retry works once the service is back', async () => {
    server.use(
      http.get(CUSTOMER_URL, () =>
        HttpResponse.json({ message: 'down', code: 'internal' }, { status: 500 }),
      ),
    );
    const { onError, user } = await mount();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText("We couldn't load your payment details")).toBeInTheDocument();
    expect(checkoutRegion()).toHaveAttribute('data-state', 'load-error');
    // One read and two retries (with backoff) before the payer sees the error.
    expect(customerRequests(requests)).toHaveLength(3);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(ServiceError);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ kind: 'service', status: 500 });

    server.resetHandlers();
    await user.click(retry);
    expect(await payButton()).toBeEnabled();
    expect(checkoutRegion()).toHaveAttribute('data-state', 'ready');
    expect(customerRequests(requests)).toHaveLength(4);
  });

  it('a malformed customer answer: a typed validation error state, not a crash', async () => {
    server.use(
      http.get(CUSTOMER_URL, () =>
        HttpResponse.json({ customer: { _id: 'cus_1', bankAccounts: 'none' } }),
      ),
    );
    const { onError } = await mount();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(checkoutRegion()).toHaveAttribute('data-state', 'load-error');
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    // A wrong shape is not a fault worth retrying.
    expect(customerRequests(requests)).toHaveLength(1);
    const error = onError.mock.calls[0]?.[0] as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.kind).toBe('response_validation');
    expect(error.issues.map((issue) => issue.path)).toContain('customer.bankAccounts');
  });
});

describe('a page that re-renders', () => {
  it('equal props from a re-rendering page do not re-render the form, and the newest onSuccess is called', async () => {
    const sessionKey = await sandbox.mintSessionKey('alice');
    const tree = (onSuccess: (result: CheckoutResult) => void) =>
      // New objects and functions on every render, as an inline JSX storefront passes them.
      checkoutTree({ sessionKey, merchantId: sandbox.merchantId, checkout: { onSuccess } });
    const first = vi.fn();
    const view = renderCheckout({
      sessionKey,
      merchantId: sandbox.merchantId,
      checkout: { onSuccess: first },
    });
    await payButton();

    // The form validates its props with this schema on every render it does.
    const validations = vi.spyOn(checkoutPropsSchema, 'safeParse');
    for (let i = 0; i < 5; i++) view.rerender(tree(vi.fn()));
    const latest = vi.fn();
    view.rerender(tree(latest));
    expect(validations).not.toHaveBeenCalled();
    // A changed prop still renders.
    view.rerender(
      checkoutTree({
        sessionKey,
        merchantId: sandbox.merchantId,
        checkout: { onSuccess: latest, email: 'bob@example.com' },
      }),
    );
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(validations).toHaveBeenCalled();

    await userEvent.setup().click(await payButton());
    await screen.findByText('Payment submitted');
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
  });
});

// usePurchase runs the purchase reducer in React: its decisions hold between renders and under
// StrictMode, and whatever a send throws becomes a typed failure.
import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../src/index.js';
import type { Draft } from '../../src/checkout/purchase.js';
import { usePurchase, type PurchaseHandlers } from '../../src/react/usePurchase.js';

const draft = (token: string): Draft => ({
  request: {
    subtotal: { cents: 1999, currency: 'USD' },
    settlementType: 'USDC',
    webhookInfo: { itemName: 'Gold pack', price: '19.99', quantity: 1 },
    email: 'alice@example.com',
    token,
  },
  account: { token, alias: token, last4: '0001', rtpEligible: false },
  authorization: {
    text: `By selecting Pay $19.99, you authorize a debit from ${token}.`,
    locale: 'en',
  },
});
const paid = { paymentId: 'pay_1', createdAt: '2025-07-03T15:30:00.000Z' };

function setup(send: PurchaseHandlers['send']) {
  const handlers = { current: { send, onPaid: vi.fn(), onFailed: vi.fn() } };
  const hook = renderHook(() => usePurchase(handlers), { wrapper: StrictMode });
  return { ...hook, handlers };
}

describe('usePurchase', () => {
  it('two presses before React re-renders send one payment', async () => {
    const send = vi.fn<PurchaseHandlers['send']>().mockResolvedValue(paid);
    const { result, handlers } = setup(send);
    act(() => {
      result.current.pay(draft('tok-a'));
      result.current.pay(draft('tok-b'));
    });
    await waitFor(() => expect(result.current.purchase.status).toBe('succeeded'));
    expect(send).toHaveBeenCalledTimes(1);
    expect(handlers.current.onPaid).toHaveBeenCalledTimes(1);
    // Submitted when the service says it took the payment.
    expect(handlers.current.onPaid).toHaveBeenCalledWith(send.mock.calls[0]?.[0], {
      paymentId: 'pay_1',
      submittedAt: paid.createdAt,
    });
  });

  for (const [how, failure] of [
    ['rejects with', () => Promise.reject(new TypeError('response.json is not a function'))],
    [
      'throws',
      () => {
        throw new TypeError('fetch is not a function');
      },
    ],
  ] as const) {
    it(`a send that ${how} something other than a CheckoutError counts as no answer`, async () => {
      const send = vi
        .fn<PurchaseHandlers['send']>()
        .mockImplementationOnce(failure)
        .mockResolvedValueOnce(paid);
      const { result, handlers } = setup(send);
      act(() => result.current.pay(draft('tok-a')));
      await waitFor(() => expect(result.current.purchase.status).toBe('unknown'));
      const error = handlers.current.onFailed.mock.calls[0]?.[0];
      expect(error).toBeInstanceOf(NetworkError);
      expect(error.message).toContain('[service-checkout]');

      // The retry is the same attempt, whatever the payer chose since.
      act(() => result.current.pay(draft('tok-b')));
      await waitFor(() => expect(result.current.purchase.status).toBe('succeeded'));
      expect(send.mock.calls[1]?.[0]).toBe(send.mock.calls[0]?.[0]);
      expect(handlers.current.onFailed).toHaveBeenCalledTimes(1);
    });
  }
});

// After Pay the debit is submitted, not complete: the success view says so, with the day it is
// expected to clear, and the page's one live region says so too, even when the app navigates
// away inside onSuccess.
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkout, CheckoutProvider } from '../../src/index.js';
import {
  BASE_URL,
  checkoutRegion,
  liveRegion,
  merchant,
  mountCheckout,
  payButton,
  purchase,
  setupSandbox,
} from './helpers.js';

const { sandbox, server } = setupSandbox();
const mount = (customerId: string, options?: Parameters<typeof mountCheckout>[2]) =>
  mountCheckout(sandbox, customerId, options);

const PURCHASE = `${BASE_URL}/api/checkout/ach/:merchantId`;

afterEach(() => vi.useRealTimers());

/** The purchase's answer carries the given moment the service took the payment, or none. */
function answerWithCreatedAt(createdAt: string | undefined) {
  server.use(
    http.post(PURCHASE, async ({ request }) => {
      const answer = await sandbox.handle(request);
      return HttpResponse.json({ ...(await answer.json()), createdAt });
    }),
  );
}

// Thursday July 3, 2025, 11:30 in New York, before the 16:00 cutoff; Friday the 4th is a holiday:
// the 3rd, then Monday 7, Tuesday 8 and Wednesday 9.
const CREATED_AT = '2025-07-03T15:30:00.000Z';
const CLEARS_ON = 'Wednesday, July 9, 2025';

describe('the submitted view', () => {
  it('says the payment was submitted and when it is expected to clear, with the amount, account and reference', async () => {
    answerWithCreatedAt(CREATED_AT);
    const { user } = await mount('alice');
    await user.click(await screen.findByRole('radio', { name: /Sandbox savings/ }));
    await user.click(await payButton());

    const notice = (await screen.findByText('Payment submitted')).closest('.sc-notice')!;
    expect(checkoutRegion()).toHaveAttribute('data-state', 'success');
    const { paymentId } = sandbox.payments[0]!;
    expect(notice).toHaveTextContent(
      'Your payment of $19.99 from Sandbox savings ending in 4321 was submitted to your bank. ' +
        `It is expected to clear on ${CLEARS_ON}.`,
    );
    expect(within(notice as HTMLElement).getByText(paymentId)).toBeInTheDocument();
    expect(checkoutRegion().textContent).not.toMatch(/complete|\bpaid\b|instant/i);
  });

  it("without the answer's createdAt, counts from the browser's clock", async () => {
    // Wednesday November 26, 2025, 07:00 in New York; Thanksgiving is Thursday the 27th: Friday
    // 28, Monday December 1, Tuesday December 2.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-11-26T12:00:00.000Z'));
    // A service that leaves createdAt out (the sandbox sends it, by its own clock).
    answerWithCreatedAt(undefined);
    const { user } = await mount('alice');
    await user.click(await payButton());
    expect(await screen.findByText(/It is expected to clear on/)).toHaveTextContent(
      'It is expected to clear on Tuesday, December 2, 2025.',
    );
  });

  it('never says the debit is instant', async () => {
    await mount('alice');
    const checking = await screen.findByRole('radio', { name: /Sandbox checking/ });
    expect(checking).toHaveAccessibleName('Sandbox checking ending in 6789');
    expect(checkoutRegion().textContent).not.toMatch(/instant/i);
  });
});

/** A storefront that leaves the checkout page the moment the payment is accepted. */
function Storefront({ sessionKey }: { sessionKey: string }) {
  const [page, setPage] = useState<'checkout' | 'order'>('checkout');
  if (page === 'order') return <h1>Your order</h1>;
  return (
    <CheckoutProvider
      sessionKey={sessionKey}
      merchantId={sandbox.merchantId}
      env="local"
      {...merchant}
    >
      <Checkout {...purchase} onSuccess={() => setPage('order')} />
    </CheckoutProvider>
  );
}

describe("the page's live region", () => {
  for (const strict of [false, true]) {
    it(`says the payment was submitted when onSuccess navigates away at once${strict ? ' (StrictMode)' : ''}`, async () => {
      answerWithCreatedAt(CREATED_AT);
      const sessionKey = await sandbox.mintSessionKey('alice');
      const tree = <Storefront sessionKey={sessionKey} />;
      render(strict ? <StrictMode>{tree}</StrictMode> : tree);
      const { default: userEvent } = await import('@testing-library/user-event');
      await userEvent.setup().click(await payButton());

      await screen.findByRole('heading', { name: 'Your order' });
      expect(screen.queryByRole('region', { name: 'Checkout' })).not.toBeInTheDocument();
      const submitted = `Payment submitted: $19.99 from Sandbox checking ending in 6789, expected to clear on ${CLEARS_ON}.`;
      expect(liveRegion()).toHaveTextContent(submitted);
      // Said once, not once per render or effect.
      expect(liveRegion().textContent?.split(submitted)).toHaveLength(2);
    });
  }

  it('is one region for the page, outside every checkout, kept after they unmount', async () => {
    const { view } = await mount('alice', { strict: true });
    await payButton();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(checkoutRegion()).not.toContainElement(liveRegion());
    expect(liveRegion()).toHaveTextContent('Ready to pay.');

    view.unmount();
    expect(liveRegion()).toHaveTextContent('Ready to pay.');
    await mount('bob');
    await payButton();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('says each change of view once, in StrictMode too', async () => {
    const { user } = await mount('alice', { strict: true });
    await user.click(await payButton());
    await screen.findByText('Payment submitted');
    const said = Array.from(liveRegion().children, (line) => line.textContent);
    expect(said).toEqual([
      'Ready to pay.',
      'Processing your payment.',
      expect.stringMatching(/^Payment submitted: \$19\.99 from Sandbox checking ending in 6789/),
    ]);
  });
});

// In Chromium, 320 px wide (a small phone): the checkout fits its box in every state, whatever
// the data (a 39-character e-mail address, a long account name, a long reference); and printing
// the payer's copy of the authorization prints nothing else.
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import { Checkout, CheckoutProvider, type CheckoutProps } from '../../src/index.js';
import { resetLiveRegion } from '../../src/checkout/live-region.js';
import { createSandbox, MAGIC } from '../../src/sandbox/index.js';
import { sandboxHandlers } from '../../src/sandbox/msw.js';

const BASE_URL = 'http://127.0.0.1:4010';
const PURCHASE = `${BASE_URL}/api/checkout/ach/:merchantId`;

const sandbox = createSandbox();
const worker = setupWorker(...sandboxHandlers(sandbox));

beforeAll(async () => {
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
  await page.viewport(320, 720);
});
afterEach(() => {
  cleanup();
  worker.resetHandlers();
  sandbox.reset();
  resetLiveRegion();
  vi.restoreAllMocks();
});
afterAll(() => worker.stop());

// Long data with nowhere to break: what a real payer's details can be.
const EMAIL = 'maximilianoberstdorferwinter@example.io';
const ALIAS = 'HouseholdJointPremiumCheckingAccountForEverydayExpenses2026';
const REFERENCE = `pay_${'7f3a9c1e'.repeat(10)}`;
const purchase = {
  subtotal: { cents: 123456789, currency: 'USD' },
  settlementType: 'Credits',
  webhookInfo: { itemName: 'Season pass', price: '1234567.89', quantity: 1 },
  items: [
    {
      name: 'LegendaryUltimateCollectorsEditionSeasonPassWithEveryExpansion',
      quantity: 1,
      amount: { cents: 123456789, currency: 'USD' },
    },
  ],
  email: EMAIL,
} satisfies Omit<CheckoutProps, 'onSuccess'>;

/** A checkout for the customer, who has an account with a long name unless `accounts` is false. */
async function mount(
  customerId: string,
  options: { checkout?: { email?: string }; accounts?: boolean } = {},
) {
  const sessionKey = await sandbox.mintSessionKey(customerId);
  if (options.accounts !== false)
    sandbox.addBankAccount(customerId, { alias: ALIAS, last4: '9876' });
  render(
    <CheckoutProvider
      sessionKey={sessionKey}
      merchantId={sandbox.merchantId}
      env="local"
      merchantName="TheExtraordinarilyLongNamedGamesAndEntertainmentCompany"
      merchantContact="https://support.extraordinarily-long-merchant-domain.example/help/revoke-authorization"
    >
      <Checkout {...purchase} onSuccess={() => {}} {...options.checkout} />
    </CheckoutProvider>,
  );
}

const checkoutBox = () => document.querySelector<HTMLElement>('.sc-checkout')!;

/** Waits for the state, then checks that nothing in the checkout is wider than its box. */
async function expectFits(state: string) {
  await expect.poll(() => checkoutBox()?.getAttribute('data-state'), { timeout: 5000 }).toBe(state);
  const box = checkoutBox();
  expect(box.getBoundingClientRect().width).toBeLessThanOrEqual(320);
  expect(box.scrollWidth, `the ${state} view overflows`).toBeLessThanOrEqual(box.clientWidth);
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
}

describe('at 320 px', () => {
  it('fits while loading, ready, submitting and submitted, with a long reference', async () => {
    expect(EMAIL).toHaveLength(39);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The purchase's answer waits for the test too, so the submitting view stays until measured.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    worker.use(
      http.get(`${BASE_URL}/api/customer/v2`, async () => {
        await held;
      }),
      http.post(PURCHASE, async ({ request }) => {
        await sandbox.handle(request);
        await answered;
        return HttpResponse.json({ paymentId: REFERENCE, createdAt: new Date().toISOString() });
      }),
    );
    await mount('narrow-ada');
    await expectFits('loading');
    release();
    await expectFits('ready');
    await userEvent.click(screen.getByRole('radio', { name: new RegExp(ALIAS) }));
    await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await expectFits('submitting');
    answer();
    await expectFits('success');
    expect(screen.getByText(REFERENCE)).toBeTruthy();
  });

  it('fits declined, with the long account beside the declined one', async () => {
    await mount(`${MAGIC.declining}_narrow`);
    await userEvent.click(await screen.findByRole('button', { name: /^Pay / }, { timeout: 5000 }));
    await expectFits('declined');
  });

  it('fits unconfirmed', async () => {
    worker.use(http.post(PURCHASE, () => HttpResponse.error()));
    await mount('narrow-bo');
    await userEvent.click(await screen.findByRole('button', { name: /^Pay / }, { timeout: 5000 }));
    await expectFits('unconfirmed');
  });

  it('fits without bank accounts, blocked, and with invalid props', async () => {
    await mount(`${MAGIC.noBankAccounts}_narrow`, { accounts: false });
    await expectFits('no-bank-accounts');
    cleanup();

    await mount(`${MAGIC.blocked}_narrow`);
    await expectFits('blocked');
    cleanup();

    vi.spyOn(console, 'error').mockImplementation(() => {});
    await mount('narrow-cy', { checkout: { email: `not-an-address-${'x'.repeat(60)}` } });
    await expectFits('invalid');
  });
});

describe("printing the payer's copy", () => {
  it('prints the authorization alone', async () => {
    await mount('narrow-dee');
    await userEvent.click(await screen.findByRole('button', { name: /^Pay / }, { timeout: 5000 }));
    await screen.findByText('Payment submitted', {}, { timeout: 5000 });

    const seenWhilePrinting: Record<string, string>[] = [];
    vi.spyOn(window, 'print').mockImplementation(() => {
      const visibility = (selector: string) =>
        getComputedStyle(document.querySelector(selector)!).visibility;
      seenWhilePrinting.push({
        title: visibility('.sc-title'),
        notice: visibility('.sc-notice-title'),
        copy: visibility('.sc-authorization-copy .sc-authorization'),
        buttons: getComputedStyle(document.querySelector('.sc-authorization-actions')!).display,
      });
      window.dispatchEvent(new Event('afterprint'));
    });
    await cdp().send('Emulation.setEmulatedMedia', { media: 'print' });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Print your authorization' }));
    } finally {
      await cdp().send('Emulation.setEmulatedMedia', { media: '' });
    }
    expect(seenWhilePrinting).toEqual([
      { title: 'hidden', notice: 'hidden', copy: 'visible', buttons: 'none' },
    ]);
    // Printing the page otherwise prints it whole.
    await cdp().send('Emulation.setEmulatedMedia', { media: 'print' });
    try {
      expect(getComputedStyle(document.querySelector('.sc-title')!).visibility).toBe('visible');
    } finally {
      await cdp().send('Emulation.setEmulatedMedia', { media: '' });
    }
  });
});

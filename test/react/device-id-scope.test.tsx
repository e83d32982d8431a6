// Whose device id a checkout sends: that of the script its own provider loads, else the page's.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ChargebackScript, Checkout, CheckoutProvider } from '../../src/index.js';
import { MAGIC } from '../../src/sandbox/index.js';
import { BASE_URL, purchase, runDeviceScript, setupSandbox } from './helpers.js';

const { sandbox } = setupSandbox();

const SHOP_A_SCRIPT = `${BASE_URL}/chargeback/device.js?shop=a`;
const SHOP_B_SCRIPT = `${BASE_URL}/chargeback/device.js?shop=b`;
const PAGE_SCRIPT = `${BASE_URL}/chargeback/device.js?page`;

/** A provider for one chargeback-protected customer: `children`, then a checkout. */
async function shop(customer: string, children?: ReactNode) {
  const sessionKey = await sandbox.mintSessionKey(`${MAGIC.chargebackProtection}-${customer}`);
  return (
    <CheckoutProvider sessionKey={sessionKey} merchantId={sandbox.merchantId} env="local">
      {children}
      <Checkout {...purchase} onSuccess={() => {}} />
    </CheckoutProvider>
  );
}

const checkouts = () => screen.getAllByRole('region', { name: 'Checkout' });

/** Waits until every checkout on the page waits for its device id. */
async function securityCheckInEach() {
  expect(checkouts()).toHaveLength(2);
  for (const region of checkouts()) {
    await within(region).findByText('Running a security check…');
  }
}

/** Pays in each checkout on the page, in order, each payment seen through. */
async function payInEach() {
  const user = userEvent.setup();
  for (const region of checkouts()) {
    await user.click(await within(region).findByRole('button', { name: 'Pay $19.99' }));
    await within(region).findByText('Payment submitted');
  }
}

/**
 * Runs the device scripts (the page's default one reading `pageDeviceId`), pays in each
 * checkout, and answers the x-device-id the service received with each shop's payment.
 */
async function deviceIdsSentOnPaying(pageDeviceId?: string): Promise<Record<string, unknown>> {
  await securityCheckInEach();
  act(() => runDeviceScript(pageDeviceId));
  await payInEach();
  const prefix = `${MAGIC.chargebackProtection}-`;
  return Object.fromEntries(
    sandbox.payments.map((payment) => [payment.customerId.replace(prefix, ''), payment.deviceId]),
  );
}

describe('the device id a checkout sends', () => {
  it("two providers with their own scripts: each checkout sends its own provider's device id", async () => {
    render(
      <StrictMode>
        {await shop('a', <ChargebackScript src={SHOP_A_SCRIPT} readDeviceId={() => 'device-a'} />)}
        {await shop('b', <ChargebackScript src={SHOP_B_SCRIPT} readDeviceId={() => 'device-b'} />)}
      </StrictMode>,
    );
    expect(await deviceIdsSentOnPaying()).toEqual({ a: 'device-a', b: 'device-b' });
  });

  it('a <ChargebackScript> outside any provider gives its device id to the checkouts in one', async () => {
    render(
      <StrictMode>
        {await shop('a')}
        {await shop('b')}
        <ChargebackScript env="local" />
      </StrictMode>,
    );
    expect(await deviceIdsSentOnPaying('device-page')).toEqual({
      a: 'device-page',
      b: 'device-page',
    });
  });

  it("a provider's own script wins over the page's, wherever the page's is mounted", async () => {
    render(
      <StrictMode>
        {await shop('a', <ChargebackScript src={SHOP_A_SCRIPT} readDeviceId={() => 'device-a'} />)}
        {await shop('b')}
        <ChargebackScript src={PAGE_SCRIPT} readDeviceId={() => 'device-page'} />
      </StrictMode>,
    );
    expect(await deviceIdsSentOnPaying()).toEqual({ a: 'device-a', b: 'device-page' });
  });
});

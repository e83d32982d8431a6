import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, fn, waitFor } from 'storybook/test';
import {
  ChargebackScript,
  Checkout,
  ConfigError,
  NetworkError,
  SETTLEMENT_TYPES,
  ServiceError,
  SessionExpiredError,
  type CheckoutMessages,
} from '../src/index.js';
import { CATALOGUES } from '../src/checkout/messages/locales.js';
import { DECLINING_ACCOUNT_LAST4, MAGIC } from '../src/sandbox/index.js';
import { BASE_URL, SandboxProvider, storySession, withSandbox } from './support/sandbox.js';
import { checkoutDocs, renderCheckout, seasonPass } from './support/checkout-story.js';
import './support/brand.css';

const CUSTOMER_READ = `${BASE_URL}/api/customer/v2`;
const PURCHASE = `${BASE_URL}/api/checkout/ach/:merchantId`;

/**
 * Each story talks to the real sandbox through MSW, with a session key minted for a customer
 * whose id picks the state (the sandbox's magic prefixes), so what you see is what the service
 * answers. The theme follows the toolbar's Theme switch unless the `theme` control is set.
 */
const meta = {
  title: 'Checkout',
  component: Checkout,
  tags: ['autodocs'],
  loaders: [withSandbox],
  parameters: {
    sandbox: { customerId: 'customer_ada' },
    docs: checkoutDocs,
  },
  args: { ...seasonPass('ada@example.com'), onError: fn() },
  argTypes: {
    settlementType: { control: 'inline-radio', options: SETTLEMENT_TYPES },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
    locale: { control: 'select', options: ['auto', ...CATALOGUES] },
    className: {
      control: 'text',
      description: 'Extra class on the root `.sc-checkout`; scope your `--sc-*` overrides to it.',
    },
    onSuccess: { table: { category: 'Events' } },
    onError: { table: { category: 'Events' } },
    onVerifyIdentity: { table: { category: 'Events' } },
    onAddBankAccount: { table: { category: 'Events' } },
    onContactSupport: { table: { category: 'Events' } },
  },
  render: renderCheckout,
} satisfies Meta<typeof Checkout>;

export default meta;
type Story = StoryObj<typeof meta>;

// ---- Paying --------------------------------------------------------------------------------

/** An ordinary customer with two saved bank accounts; the first is chosen. */
export const Ready: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('radio', { name: /Sandbox checking ending in 6789/ }),
    ).toBeChecked();
    await expect(
      canvas.getByRole('radio', { name: /Sandbox savings ending in 4321/ }),
    ).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Pay $49.99' })).toBeEnabled();
  },
};

/** The payer chooses their savings account and pays: the service answers with a payment id. */
export const Paid: Story = {
  play: async ({ canvas, userEvent, args, loaded }) => {
    await userEvent.click(await canvas.findByRole('radio', { name: /Sandbox savings/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Pay $49.99' }));

    await expect(await canvas.findByText('Payment submitted')).toBeVisible();
    const [payment] = storySession({ loaded }).sandbox.payments;
    await expect(canvas.getByText(payment!.paymentId)).toBeVisible();
    await expect(args.onSuccess).toHaveBeenCalledOnce();
    await expect(args.onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({
        paymentId: payment!.paymentId,
        bankAccount: { alias: 'Sandbox savings', last4: '4321', rtpEligible: false },
      }),
    );
  },
};

/** The purchase is on its way: the form is locked and the button says so. */
export const Submitting: Story = {
  beforeEach: ({ msw }) => {
    msw.use(http.post(PURCHASE, () => delay('infinite')));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $49.99' }));
    await expect(await canvas.findByRole('button', { name: 'Processing…' })).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: /Sandbox checking/ })).toBeDisabled();
  },
};

/**
 * `locale` is the checkout's language, and how it writes amounts and dates (here Spain's
 * Spanish); the currency's minor units follow the currency. The toolbar's Locale sets it for
 * every story.
 */
export const Localized: Story = {
  args: {
    subtotal: { cents: 2500, currency: 'EUR' },
    webhookInfo: { itemName: 'Pase de temporada', price: '25,00', quantity: 1, currency: 'EUR' },
    email: 'lucia@example.com',
    locale: 'es-ES',
    settlementType: 'Credits',
  },
  play: async ({ canvas }) => {
    // Spanish arrives as a chunk of its own, which a loaded machine may take a while to load.
    const pay = await canvas.findByRole(
      'button',
      { name: /^Pagar 25,00\s€$/ },
      { timeout: 10_000 },
    );
    await expect(pay).toBeEnabled();
    await expect(canvas.getByRole('region', { name: 'Pago' })).toHaveAttribute('lang', 'es');
  },
};

/** Your brand: every colour, radius and font is a `--sc-*` variable; `className` scopes them. */
export const CustomBrand: Story = {
  args: { className: 'brand-fern' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Pay $49.99' })).toBeEnabled();
  },
};

/** The dark theme, whatever the toolbar says. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Pay $49.99' })).toBeEnabled();
  },
};

/** A cart of several products: `items` lists each line; their amounts add up to `subtotal`. */
export const SeveralItems: Story = {
  args: {
    subtotal: { cents: 7497, currency: 'USD' },
    items: [
      { name: 'Season pass', quantity: 1, amount: { cents: 4999, currency: 'USD' } },
      { name: 'Gem pack', quantity: 2, amount: { cents: 1998, currency: 'USD' } },
      { name: 'Mount', quantity: 1, amount: { cents: 500, currency: 'USD' } },
    ],
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Pay $74.97' })).toBeEnabled();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.getByText('$19.98')).toBeVisible();
  },
};

// ---- Before the payer can pay --------------------------------------------------------------

/** Waiting for the customer's bank accounts (the sandbox never answers here). */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(http.get(CUSTOMER_READ, () => delay('infinite')));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading your payment details…')).toBeVisible();
  },
};

/**
 * Customer id `test_no_bank…`: nothing to pay from, so the summary stays and Pay is off. With
 * `onAddBankAccount` the payer gets a button to your page for adding one; "Check again" reads
 * their details afresh.
 */
export const NoBankAccounts: Story = {
  parameters: { sandbox: { customerId: `${MAGIC.noBankAccounts}_ben` } },
  args: { onAddBankAccount: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await expect(await canvas.findByText('No bank account on file')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Pay $49.99' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Add a bank account' }));
    await expect(args.onAddBankAccount).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('button', { name: 'Check again' })).toBeEnabled();
  },
};

/**
 * The payer added a bank account on your page (here the sandbox's `addBankAccount`, as its
 * console's Add bank account does): "Check again" reads it, and the payer can pay from it.
 */
export const NoBankAccountsThenAdded: Story = {
  parameters: { sandbox: { customerId: `${MAGIC.noBankAccounts}_kit` } },
  args: { onAddBankAccount: fn() },
  play: async ({ canvas, userEvent, args, loaded }) => {
    const { sandbox, customerId } = storySession({ loaded });
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a bank account' }));
    await expect(args.onAddBankAccount).toHaveBeenCalledOnce();
    sandbox.addBankAccount(customerId, { alias: 'Linked checking', last4: '0420' });
    await userEvent.click(canvas.getByRole('button', { name: 'Check again' }));
    await expect(
      await canvas.findByRole('radio', { name: /Linked checking ending in 0420/ }),
    ).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Pay $49.99' })).toBeEnabled();
  },
};

/**
 * Customer id `test_blocked…`: the service has blocked this customer. With `onContactSupport`
 * the payer gets a button to your support; "Check again" reads their details afresh.
 */
export const CustomerBlocked: Story = {
  parameters: { sandbox: { customerId: `${MAGIC.blocked}_cy` } },
  args: { onContactSupport: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await expect(
      await canvas.findByText('Payments are unavailable for this account'),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Pay/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Contact support' }));
    await expect(args.onContactSupport).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('button', { name: 'Check again' })).toBeEnabled();
  },
};

/**
 * Customer id `test_cbp…` has chargeback protection on, but the page has no
 * `<ChargebackScript>`, so there is no device id to send: the checkout says so (and logs the fix
 * for the developer) instead of sending a purchase the service would refuse.
 */
export const ChargebackProtectionWithoutDeviceId: Story = {
  parameters: { sandbox: { customerId: `${MAGIC.chargebackProtection}_dee` } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Security check unavailable')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Pay $49.99' })).toBeDisabled();
  },
};

/** The same customer with `<ChargebackScript>` on the page: the purchase carries `x-device-id`. */
export const ChargebackProtection: Story = {
  parameters: { sandbox: { customerId: `${MAGIC.chargebackProtection}_eve` } },
  args: {
    chargebackProtectionData: [
      {
        productName: 'Season pass',
        productType: 'inGameProduct',
        quantity: 1,
        rawProductData: { productID: 'season-pass-2026', platform: 'web' },
      },
    ],
  },
  render: (args, context) => (
    <SandboxProvider session={storySession(context)}>
      <ChargebackScript />
      <Checkout {...args} />
    </SandboxProvider>
  ),
  play: async ({ canvas, userEvent, loaded }) => {
    const pay = await canvas.findByRole('button', { name: 'Pay $49.99' });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await expect(await canvas.findByText('Payment submitted')).toBeVisible();
    const [payment] = storySession({ loaded }).sandbox.payments;
    await expect(payment?.deviceId).toMatch(/^sandbox-device-/);
  },
};

/** A content blocker stops the device script: the payer can retry the security check. */
export const DeviceScriptBlocked: Story = {
  parameters: { sandbox: { customerId: `${MAGIC.chargebackProtection}_fay` } },
  beforeEach: ({ msw }) => {
    msw.use(http.get(`${BASE_URL}/chargeback/device.js`, () => HttpResponse.error()));
  },
  render: ChargebackProtection.render,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("The security check didn't load")).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry security check' })).toBeEnabled();
  },
};

/** Customer id `test_expired…`: the session key has expired and there is no `getSessionKey`. */
export const SessionExpired: Story = {
  parameters: { sandbox: { customerId: `${MAGIC.expiredSessionKey}_gus` } },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByText('Your session has expired')).toBeVisible();
    await expect(args.onError).toHaveBeenCalledWith(expect.any(SessionExpiredError));
  },
};

/** The customer read fails (offline, say), retries included: the payer can try again. */
export const LoadFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(http.get(CUSTOMER_READ, () => HttpResponse.error()));
  },
  play: async ({ canvas, args }) => {
    await expect(
      await canvas.findByText("We couldn't load your payment details", {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(args.onError).toHaveBeenCalledWith(expect.any(NetworkError));
  },
};

/** The connection comes back: "Try again" reads the customer and the form appears. */
export const LoadFailedThenRetried: Story = {
  beforeEach: ({ msw }) => {
    // One read is three attempts (two automatic retries); all of them fail.
    let failures = 3;
    msw.use(http.get(CUSTOMER_READ, () => (failures-- > 0 ? HttpResponse.error() : undefined)));
  },
  play: async ({ canvas, userEvent }) => {
    const retry = await canvas.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    await userEvent.click(retry);
    await expect(await canvas.findByRole('button', { name: 'Pay $49.99' })).toBeEnabled();
  },
};

/** `invalid` props send nothing at all; the developer gets every problem, once, on screen. */
export const InvalidProps: Story = {
  args: {
    subtotal: { cents: -500, currency: 'US' },
    email: 'ada.example.com',
  },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByText('This checkout is not set up correctly')).toBeVisible();
    await expect(canvas.getByText('email')).toBeVisible();
    // Reported from an effect, after the view is on screen. Storybook's development build
    // renders a story inside act(), which runs effects before the play function starts; its
    // production build does not, so the report may come a moment after the text.
    await waitFor(() => expect(args.onError).toHaveBeenCalledWith(expect.any(ConfigError)));
  },
};

// ---- What the service can answer to Pay ----------------------------------------------------

/**
 * Customer id `test_decline…`: the bank declines payments from "Declining checking" (…0002).
 * The account is marked, and Pay waits for another account or an explicit retry.
 */
export const Declined: Story = {
  parameters: { sandbox: { customerId: `${MAGIC.declining}_hal` } },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $49.99' }));
    await expect(await canvas.findByText('Payment declined')).toBeVisible();
    await expect(
      canvas.getByRole('radio', {
        name: new RegExp(`ending in ${DECLINING_ACCOUNT_LAST4} Declined`),
      }),
    ).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Pay $49.99' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Try this account again' })).toBeEnabled();
    await expect(args.onError).toHaveBeenCalledWith(
      expect.objectContaining({ status: 402, code: 'payment_declined' }),
    );
  },
};

/** After a decline the payer picks another account and pays. */
export const DeclinedThenAnotherAccount: Story = {
  parameters: { sandbox: { customerId: `${MAGIC.declining}_ivy` } },
  play: async ({ canvas, userEvent, args, loaded }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $49.99' }));
    await canvas.findByText('Payment declined');
    await userEvent.click(canvas.getByRole('radio', { name: /Sandbox checking/ }));
    await expect(canvas.queryByText('Payment declined')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Pay $49.99' }));

    await expect(await canvas.findByText('Payment submitted')).toBeVisible();
    const [payment] = storySession({ loaded }).sandbox.payments;
    await expect(canvas.getByText(payment!.paymentId)).toBeVisible();
    await expect(args.onSuccess).toHaveBeenCalledOnce();
  },
};

/**
 * Customer id `test_verify…`: the service wants identity verification before a payment. With
 * `onVerifyIdentity` the payer gets a button to your verification flow.
 */
export const VerificationRequired: Story = {
  parameters: { sandbox: { customerId: `${MAGIC.needsVerification}_jo` } },
  args: { onVerifyIdentity: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $49.99' }));
    await expect(await canvas.findByText('Verify your identity to pay')).toBeVisible();
    await expect(args.onError).toHaveBeenCalledWith(expect.any(ServiceError));
    await userEvent.click(canvas.getByRole('button', { name: 'Verify your identity' }));
    await expect(args.onVerifyIdentity).toHaveBeenCalledOnce();
  },
};

/**
 * The purchase got no answer: it may have gone through. The payer can only retry that same
 * payment (account and amount locked), and will not be charged twice.
 */
export const NetworkErrorOnPay: Story = {
  beforeEach: ({ msw }) => {
    msw.use(http.post(PURCHASE, () => HttpResponse.error()));
  },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $49.99' }));
    await expect(await canvas.findByText("We couldn't confirm your payment")).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry payment of $49.99' })).toBeEnabled();
    await expect(canvas.getByRole('group', { name: 'Pay from' })).toBeDisabled();
    await expect(args.onError).toHaveBeenCalledWith(expect.any(NetworkError));
  },
};

/** The retry goes through, with the same Idempotency-Key as the attempt that got no answer. */
export const NetworkErrorThenRetried: Story = {
  beforeEach: ({ msw }) => {
    let failures = 1;
    msw.use(http.post(PURCHASE, () => (failures-- > 0 ? HttpResponse.error() : undefined)));
  },
  play: async ({ canvas, userEvent, args, loaded }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $49.99' }));
    await canvas.findByText("We couldn't confirm your payment");
    await userEvent.click(canvas.getByRole('button', { name: 'Retry payment of $49.99' }));

    await expect(await canvas.findByText('Payment submitted')).toBeVisible();
    const { sandbox } = storySession({ loaded });
    await expect(sandbox.payments).toHaveLength(1);
    await expect(canvas.getByText(sandbox.payments[0]!.paymentId)).toBeVisible();
    await expect(args.onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ idempotencyKey: sandbox.payments[0]!.idempotencyKey }),
    );
  },
};

// ---- What the payer agrees to, and what they are told after Pay ----------------------------

/**
 * The debit authorization beside Pay: whom the payer authorizes (`merchantName` of the
 * provider), how much, from which account, from which day, and where to revoke it
 * (`merchantContact`). Pay is described by it, and the purchase carries it exactly as shown.
 */
export const Authorization: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Pay $49.99' }),
    ).toHaveAccessibleDescription(
      /^By selecting Pay \$49\.99, you authorize Northwind Games to make a one-time debit of \$49\.99 from Sandbox checking ••6789 on or after .+\. You may revoke this by contacting support@northwind\.example before it is sent to your bank\.$/,
    );
  },
};

/**
 * After Pay the debit is submitted, not complete: the payer reads the amount, the account, the
 * day it is expected to clear (three banking days on) and the reference, with their copy of the
 * authorization to save or print. `onSuccess` receives the authorization for your order record.
 */
export const Submitted: Story = {
  play: async ({ canvas, userEvent, args, loaded }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $49.99' }));
    await expect(await canvas.findByText('Payment submitted')).toBeVisible();
    await expect(
      canvas.getByText(
        /^Your payment of \$49\.99 from Sandbox checking ending in 6789 was submitted to your bank\. It is expected to clear on .+\.$/,
      ),
    ).toBeVisible();
    const [payment] = storySession({ loaded }).sandbox.payments;
    await expect(canvas.getByText(payment!.paymentId)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Save your authorization' })).toHaveAttribute(
      'download',
      `payment-authorization-${payment!.paymentId}.txt`,
    );
    await expect(canvas.getByRole('button', { name: 'Print your authorization' })).toBeEnabled();
    await expect(args.onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({
        authorization: expect.objectContaining({ text: expect.stringMatching(/^By selecting/) }),
      }),
    );
  },
};

const OWN_WORDS: Partial<CheckoutMessages> = {
  pay: ({ amount }) => `Debit ${amount} now`,
  authorization: (values) =>
    `I authorize ${values.merchantName} to debit ${values.amount} once from my account ` +
    `${values.alias} ••${values.last4} on or after ${values.date}. To revoke, write to ` +
    `${values.merchantContact} before the debit reaches my bank.`,
};

/**
 * Your words for any message, through `messages` on the provider: each replacement has the type
 * of the message it replaces. An authorization must still name you, the amount, the account's
 * last four digits and your contact, or the checkout shows its invalid view.
 */
export const OwnWording: Story = {
  render: (args, context) => (
    <SandboxProvider session={storySession(context)} provider={{ messages: OWN_WORDS }}>
      <Checkout {...args} />
    </SandboxProvider>
  ),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Debit $49.99 now' }),
    ).toHaveAccessibleDescription(/^I authorize Northwind Games to debit \$49\.99 once/);
  },
};

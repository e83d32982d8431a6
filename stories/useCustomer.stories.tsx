import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect } from 'storybook/test';
import { useCustomer, type UseCustomerOptions } from '../src/index.js';
import { MAGIC } from '../src/sandbox/index.js';
import { BASE_URL, SandboxProvider, storySession, withSandbox } from './support/sandbox.js';
import { providerSnippet } from './support/snippets.js';
import './support/panel.css';

/**
 * A small account panel built on `useCustomer()`, the way a storefront shows who is paying. It
 * renders each branch of the `CustomerState` union: `loading`, `success` (with `customer`) and
 * `error` (with a typed `error`).
 */
function CustomerPanel(props: UseCustomerOptions & { theme?: 'light' | 'dark' }) {
  const { theme, ...options } = props;
  const state = useCustomer(options);
  return (
    <section className="sb-panel" data-theme={theme} aria-labelledby="customer-panel-title">
      <h2 id="customer-panel-title" className="sb-panel-title">
        Your account
      </h2>
      <p className="sb-panel-status">
        <code>status</code> <span data-testid="status">{state.status}</span>
        {state.isFetching ? <span className="sb-panel-note"> (fetching)</span> : null}
      </p>
      {state.status === 'loading' ? <p>Loading your account…</p> : null}
      {state.status === 'error' ? (
        <div role="alert">
          <p>
            <code>error.kind</code> {state.error.kind}
          </p>
          <p className="sb-panel-note">{state.error.message}</p>
          <button type="button" className="sb-panel-button" onClick={state.refetch}>
            Try again
          </button>
        </div>
      ) : null}
      {state.status === 'success' ? (
        <dl className="sb-panel-fields">
          <dt>Email</dt>
          <dd>{state.customer.email}</dd>
          <dt>Blocked</dt>
          <dd>{state.customer.isBlocked}</dd>
          <dt>Chargeback protection</dt>
          <dd>{state.customer.chargebackProtectionEnabled ? 'On' : 'Off'}</dd>
          <dt>Bank accounts</dt>
          <dd>
            {state.customer.bankAccounts.length === 0 ? (
              'None'
            ) : (
              <ul>
                {state.customer.bankAccounts.map((account) => (
                  <li key={account.token}>
                    {account.alias} ending in {account.last4}
                    {account.rtpEligible ? ' · instant' : ''}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      ) : null}
    </section>
  );
}

const meta = {
  title: 'useCustomer',
  component: CustomerPanel,
  tags: ['autodocs'],
  loaders: [withSandbox],
  parameters: {
    sandbox: { customerId: 'customer_ada' },
    docs: {
      story: { inline: false, height: '440px' },
      description: {
        component: [
          "`useCustomer(options?)` reads the session's customer (`GET /api/customer/v2`) inside a",
          '`CheckoutProvider` and returns a `CustomerState`: `{ status: "loading" }`,',
          '`{ status: "success", customer }` or `{ status: "error", error }`, each with `refetch()`',
          'and `isFetching`. The error is a typed `CheckoutError`: switch on `error.kind`.',
        ].join(' '),
      },
      source: {
        transform: (_code: string, { args }: { args: Record<string, unknown> }) =>
          [
            `function AccountPanel() {`,
            `  const customer = useCustomer(${args.enabled === false ? '{ enabled: false }' : ''});`,
            `  if (customer.status === 'loading') return <Spinner />;`,
            `  if (customer.status === 'error') return <Retry error={customer.error} onRetry={customer.refetch} />;`,
            `  return <Accounts bankAccounts={customer.customer.bankAccounts} />;`,
            `}`,
            ``,
            providerSnippet('<AccountPanel />'),
          ].join('\n'),
      },
    },
  },
  args: { enabled: true },
  argTypes: {
    enabled: { control: 'boolean', description: '`false` holds the read back (stays `loading`).' },
    theme: { table: { disable: true } },
  },
  render: (args, context) => (
    <SandboxProvider session={storySession(context)}>
      <CustomerPanel {...args} />
    </SandboxProvider>
  ),
} satisfies Meta<typeof CustomerPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `success`: an ordinary customer and their two bank accounts. */
export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('success')).toBeVisible();
    await expect(canvas.getByText('customer_ada@example.com')).toBeVisible();
    await expect(canvas.getByText(/Sandbox checking ending in 6789/)).toBeVisible();
  },
};

/** `success` for a customer with chargeback protection on (customer id `test_cbp…`). */
export const ChargebackProtectionOn: Story = {
  parameters: { sandbox: { customerId: `${MAGIC.chargebackProtection}_eve` } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('On')).toBeVisible();
  },
};

/** `success`, but blocked: the record says so; `<Checkout>` would refuse to pay. */
export const Blocked: Story = {
  parameters: { sandbox: { customerId: `${MAGIC.blocked}_cy` } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Blocked', { selector: 'dd' })).toBeVisible();
  },
};

/** `loading`: the read is in flight (here it never ends). */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(http.get(`${BASE_URL}/api/customer/v2`, () => delay('infinite')));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading your account…')).toBeVisible();
  },
};

/** `loading` with `enabled: false`: nothing is sent until you enable it. */
export const Disabled: Story = {
  args: { enabled: false },
  play: async ({ canvas }) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvas.getByTestId('status')).toHaveTextContent('loading');
  },
};

/** `error` with `kind: "session_expired"` (customer id `test_expired…`). */
export const SessionExpired: Story = {
  parameters: { sandbox: { customerId: `${MAGIC.expiredSessionKey}_gus` } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('session_expired')).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { Checkout, CheckoutProvider, type CheckoutProviderProps } from '../src/index.js';
import { STORY_MERCHANT, storySession, withSandbox, type StorySession } from './support/sandbox.js';
import { providerSnippet } from './support/snippets.js';

const purchase = {
  subtotal: { cents: 1250, currency: 'USD' },
  settlementType: 'USDC',
  webhookInfo: { itemName: 'Gem bundle', price: '12.50', quantity: 1, currency: 'USD' },
  email: 'ada@example.com',
} as const;

/**
 * Holds a customer's session for the checkout below it: the session key your server minted, the
 * merchant, the service address and, with `getSessionKey`, renewal before the key expires and
 * after a 401. `sessionKey`, `merchantId` and `env` come from the story's sandbox here.
 */
const meta = {
  title: 'CheckoutProvider',
  component: CheckoutProvider,
  tags: ['autodocs'],
  loaders: [withSandbox],
  parameters: {
    sandbox: { customerId: 'customer_ada' },
    docs: {
      source: {
        transform: (_code: string, { args }: { args: Record<string, unknown> }) =>
          providerSnippet('<Checkout {...purchase} onSuccess={showReceipt} />', {
            wallet: args.wallet,
            getSessionKey: args.getSessionKey,
          }),
      },
    },
  },
  args: { sessionKey: '', merchantId: '', env: 'local', ...STORY_MERCHANT },
  argTypes: {
    sessionKey: { control: false, description: 'Minted by the story’s sandbox.' },
    merchantId: { control: false, description: 'The sandbox’s merchant.' },
    env: { control: false },
    baseUrl: { control: false },
    queryClient: { control: false },
    getSessionKey: { control: false },
    messages: { control: false },
    children: { control: false },
    wallet: { control: 'object' },
  },
  render: ({ theme, ...args }: CheckoutProviderProps & { theme?: 'light' | 'dark' }, context) => {
    const session = storySession(context);
    return (
      <CheckoutProvider {...args} sessionKey={session.sessionKey} merchantId={session.merchantId}>
        <Checkout {...purchase} theme={theme} onSuccess={() => {}} />
      </CheckoutProvider>
    );
  },
} satisfies Meta<typeof CheckoutProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The minimum: a session key, the merchant and the env. */
export const Basic: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Pay $12.50' })).toBeEnabled();
  },
};

// The story's renewer asks the sandbox for a fresh key, as your server's session-key route would.
let renewalSession: StorySession | undefined;
const renewFromSandbox = fn(async () => {
  if (!renewalSession) throw new Error('no session');
  return renewalSession.sandbox.mintSessionKey(renewalSession.customerId);
});

/**
 * The key expires within the minute, so the provider calls `getSessionKey` at once and carries
 * on with the fresh key: the payer never sees it happen.
 */
export const RenewsSessionKey: Story = {
  parameters: { sandbox: { customerId: 'customer_ada', expiresInSeconds: 45 } },
  args: { getSessionKey: renewFromSandbox },
  beforeEach: ({ loaded }) => {
    renewalSession = loaded.session as StorySession;
    renewFromSandbox.mockClear();
  },
  play: async ({ canvas, userEvent, loaded }) => {
    await waitFor(() => expect(renewFromSandbox).toHaveBeenCalledOnce());
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $12.50' }));
    await expect(await canvas.findByText('Payment submitted')).toBeVisible();
    await expect(storySession({ loaded }).sandbox.payments).toHaveLength(1);
  },
};

/** A Web3 customer: the wallet goes out as `x-service-auth-blockchain` and `-wallet`. */
export const WithWallet: Story = {
  args: {
    wallet: { blockchain: 'solana', address: '7vYp1sandboxWa11et1111111111111111111111111' },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Pay $12.50' })).toBeEnabled();
  },
};

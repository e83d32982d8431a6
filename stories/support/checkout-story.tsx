// What the checkout's stories share: the purchase (a season pass), the code the docs show for a
// story, and the checkout inside the provider with the story's sandbox session.
import type { StoryContext } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Checkout, type CheckoutProps } from '../../src/index.js';
import { SandboxProvider, storySession } from './sandbox.js';
import { elementSnippet, providerSnippet } from './snippets.js';

/** A $49.99 season pass settled in USDC, its receipt sent to `email`. */
export function seasonPass(email: string) {
  return {
    subtotal: { cents: 4999, currency: 'USD' },
    settlementType: 'USDC' as const,
    webhookInfo: {
      itemName: 'Season pass',
      price: '49.99',
      quantity: 1,
      currency: 'USD',
      gamePlatform: 'web',
    },
    email,
    onSuccess: fn(),
  };
}

/** The docs' code for a story: the provider, and the checkout with the story's args. */
export const checkoutDocs = {
  source: {
    transform: (_code: string, { args }: { args: Record<string, unknown> }) =>
      providerSnippet(elementSnippet('Checkout', args)),
  },
};

/** A story's checkout, inside the provider with the story's sandbox session. */
export function renderCheckout(args: CheckoutProps, context: Pick<StoryContext, 'loaded'>) {
  return (
    <SandboxProvider session={storySession(context)}>
      <Checkout {...args} />
    </SandboxProvider>
  );
}

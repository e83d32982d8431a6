// Every word the checkout shows or says comes from its message catalogue, and `messages` on the
// provider replaces any of them, typed.
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutMessages, CheckoutProviderProps } from '../../src/index.js';
import { en } from '../../src/checkout/messages/en.js';
import { liveRegion, mountCheckout, setupSandbox } from './helpers.js';

const { sandbox } = setupSandbox();

/** Every message wrapped in ⟦ ⟧: text on screen without them did not come from the catalogue. */
function markedCatalogue(): CheckoutMessages {
  const marked: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(en)) {
    marked[key] =
      typeof message === 'string'
        ? `⟦${message}⟧`
        : (values: never) => `⟦${(message as (values: never) => string)(values)}⟧`;
  }
  return marked as unknown as CheckoutMessages;
}

/**
 * The text of `root` that is not the catalogue's: each text node (and each label and file name)
 * with every ⟦…⟧ taken out, innermost first (a message may hold another, as the authorization
 * holds the Pay button's label). Data (names, amounts, addresses, ids) may remain; words may not.
 */
function unmarkedText(root: Element): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.nodeValue!);
  for (const element of Array.from(root.querySelectorAll('[aria-label], [download]'))) {
    texts.push(element.getAttribute('aria-label') ?? element.getAttribute('download') ?? '');
  }
  const innermost = /⟦[^⟦⟧]*⟧/;
  return texts
    .flatMap((text) => {
      while (innermost.test(text)) text = text.replace(innermost, '\u0000');
      return text.split('\u0000');
    })
    .map((text) => text.trim())
    .filter(Boolean);
}

const checkoutRegion = () => screen.getByRole('region', { name: '⟦Checkout⟧' });

describe('the message catalogue', () => {
  it('is where every word on the form, on the submitted view and in the live region comes from', async () => {
    const { user } = await mount({ messages: markedCatalogue() });
    const pay = await screen.findByRole('button', { name: '⟦Pay $19.99⟧' });
    // What remains is the purchase's and the payer's data.
    expect(unmarkedText(checkoutRegion())).toEqual([
      'Gold pack',
      '$19.99',
      '$19.99',
      'alice@example.com',
      'Sandbox checking',
      '••••',
      '6789',
      'Sandbox savings',
      '••••',
      '4321',
      'USDC',
    ]);
    await user.click(pay);
    await screen.findByText('⟦Payment submitted⟧');
    const { paymentId } = sandbox.payments[0]!;
    expect(unmarkedText(checkoutRegion())).toEqual([paymentId]);
    expect(unmarkedText(liveRegion())).toEqual([]);
  });

  it('is where the words of a decline, and of a payer with no bank account or blocked, come from', async () => {
    const { user } = await mountCheckout(sandbox, 'test_decline-words', {
      provider: { messages: markedCatalogue() },
    });
    await user.click(await screen.findByRole('button', { name: '⟦Pay $19.99⟧' }));
    await screen.findByText('⟦Payment declined⟧');
    // The data only: the order, the payer's address and accounts (the declined one marked by a
    // message, as the notice names it through one).
    expect(unmarkedText(checkoutRegion())).toEqual([
      'Gold pack',
      '$19.99',
      '$19.99',
      'alice@example.com',
      'Declining checking',
      '••••',
      '0002',
      'Sandbox checking',
      '••••',
      '6789',
      'USDC',
    ]);
    for (const customerId of ['test_no_bank-words', 'test_blocked-words']) {
      cleanup();
      await mountCheckout(sandbox, customerId, { provider: { messages: markedCatalogue() } });
      await screen.findByRole('button', { name: '⟦Check again⟧' });
      expect(unmarkedText(checkoutRegion())).toEqual(
        customerId.startsWith('test_no_bank')
          ? ['Gold pack', '$19.99', '$19.99', 'alice@example.com', 'USDC']
          : [],
      );
    }
  });

  it('takes replacements for any message from the provider', async () => {
    await mount({
      messages: {
        readyTitle: 'Ready when you are',
        pay: ({ amount }) => `Buy for ${amount}`,
        payFrom: 'Pay with',
      },
    });
    expect(await screen.findByRole('button', { name: 'Buy for $19.99' })).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Pay with' })).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent('Ready when you are.');
    // The authorization names the button as the payer reads it.
    expect(screen.getByRole('button', { name: 'Buy for $19.99' })).toHaveAccessibleDescription(
      /^By selecting Buy for \$19\.99, you authorize/,
    );
  });

  it('is typed: a wrong key or a wrong shape does not compile', () => {
    const wrongKey: CheckoutProviderProps['messages'] = {
      // @ts-expect-error: no message is called payNow
      payNow: 'Pay now',
    };
    const wrongShape: CheckoutProviderProps['messages'] = {
      // @ts-expect-error: pay is a function of the amount, not a string
      pay: 'Pay',
    };
    const wrongValues: CheckoutProviderProps['messages'] = {
      // @ts-expect-error: pay receives { amount }, which has no total
      pay: ({ total }: { total: string }) => `Pay ${total}`,
    };
    expect([wrongKey, wrongShape, wrongValues]).toHaveLength(3);
  });
});

function mount(provider: Partial<CheckoutProviderProps>) {
  return mountCheckout(sandbox, 'alice', { provider });
}

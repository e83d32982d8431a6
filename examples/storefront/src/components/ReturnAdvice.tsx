// A returned payment on the payer's order page: why their bank sent it back, in plain words, and
// only what its code allows (the shop's server decides: server/return-advice.ts). The service has
// no call that sends a debit again, so paying again is a new order of the same items, approved
// again at the checkout.
import type { Order, ReturnAdvice, ReturnOffer } from '../api-types.js';
import { useCart } from '../cart.js';
import { Link, navigate } from '../router.js';

/** What each offer adds to the bank's words, and the button that acts on it. */
function offerText(advice: ReturnAdvice): { text?: string; action?: string } {
  const offers: Record<ReturnOffer, { text?: string; action?: string }> = {
    'pay-again': {
      text: 'You can pay again: a new payment of the same items, which you approve at the checkout.',
      action: 'Pay again',
    },
    'pay-again-corrected': {
      text: 'We correct a payment by making a new one: the same items, which you approve at the checkout.',
      action: 'Pay again',
    },
    'authorize-again': {
      text: 'We will not take this payment again unless you approve it again at the checkout.',
      action: 'Approve a new payment',
    },
    'another-account': {
      text: `Please do not pay from ${
        advice.unusableAccountLast4
          ? `the account ending in ${advice.unusableAccountLast4}`
          : 'the account you paid this order from'
      } again: the checkout will remind you.`,
      action: 'Pay from another account',
    },
    // The bank's words say what to do; the shop has nothing to offer.
    none: {},
  };
  return offers[advice.offer];
}

export function ReturnAdvicePanel({ order, advice }: { order: Order; advice: ReturnAdvice }) {
  const cart = useCart();
  const { text, action } = offerText(advice);

  function payAgain() {
    cart.clear();
    for (const line of order.lines) cart.add(line.productId, line.quantity);
    navigate('/checkout');
  }

  return (
    <section className="panel return-advice" aria-labelledby="return-advice-title">
      <h2 id="return-advice-title">Why your bank sent it back</h2>
      <p className="return-advice-code">
        {advice.title} ({advice.returnCode})
      </p>
      <p>{advice.payerMessage}</p>
      {text ? <p>{text}</p> : null}
      {action ? (
        <button type="button" className="button" onClick={payAgain}>
          {action}
        </button>
      ) : (
        <p>
          Questions? <Link to="/support">Contact support</Link>
        </p>
      )}
    </section>
  );
}

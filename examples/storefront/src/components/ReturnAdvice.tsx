// A returned payment on the payer's order page: why their bank sent it back, in plain words, and
// only what its code allows (the shop's server decides: server/return-advice.ts). The service has
// no call that sends a debit again, so paying again is a new order of the same items, approved
// again at the checkout.
import type { Order, ReturnAdvice, ReturnOffer } from '../api-types.js';
import { useCart } from '../cart.js';
import { useLanguage } from '../language.js';
import type { ShopText } from '../text/en.js';
import { Link, navigate } from '../router.js';

/** What each offer adds to the bank's words, and the button that acts on it. */
function offerText(advice: ReturnAdvice, text: ShopText): { text?: string; action?: string } {
  const offers: Record<ReturnOffer, { text?: string; action?: string }> = {
    'pay-again': { text: text.payAgainOffer, action: text.payAgain },
    'pay-again-corrected': { text: text.payAgainCorrectedOffer, action: text.payAgain },
    'authorize-again': { text: text.authorizeAgainOffer, action: text.approveNewPayment },
    'another-account': {
      text: text.anotherAccountOffer(
        advice.unusableAccountLast4
          ? text.accountEndingIn(advice.unusableAccountLast4)
          : text.accountOfThisOrder,
      ),
      action: text.payFromAnotherAccount,
    },
    // The bank's words say what to do; the shop has nothing to offer.
    none: {},
  };
  return offers[advice.offer];
}

export function ReturnAdvicePanel({ order, advice }: { order: Order; advice: ReturnAdvice }) {
  const cart = useCart();
  const { text: words } = useLanguage();
  const { text, action } = offerText(advice, words);

  function payAgain() {
    cart.clear();
    for (const line of order.lines) cart.add(line.productId, line.quantity);
    navigate('/checkout');
  }

  return (
    <section className="panel return-advice" aria-labelledby="return-advice-title">
      <h2 id="return-advice-title">{words.whyReturned}</h2>
      {/* The code's title and meaning as the shop's server has them: in English, marked so. */}
      <p className="return-advice-code">
        <span lang="en">{advice.title}</span> ({advice.returnCode})
      </p>
      <p lang="en">{advice.payerMessage}</p>
      {text ? <p>{text}</p> : null}
      {action ? (
        <button type="button" className="button" onClick={payAgain}>
          {action}
        </button>
      ) : (
        <p>
          {words.questions} <Link to="/support">{words.contactSupport}</Link>
        </p>
      )}
    </section>
  );
}

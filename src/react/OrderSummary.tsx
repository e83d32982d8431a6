import type { CheckoutMessages } from '../checkout/messages/index.js';
import type { Money } from '../core/money.js';
import type { OrderItem } from '../core/browser-schemas.js';

/** The order's lines and its subtotal, as the payer reads them before paying. */
export function OrderSummary(props: {
  lines: OrderItem[];
  subtotal: Money;
  messages: CheckoutMessages;
  money: (amount: Money) => string;
}) {
  const { lines, subtotal, messages, money } = props;
  return (
    <div className="sc-summary">
      <h3 className="sc-section-title">{messages.orderSummary}</h3>
      <ul className="sc-items">
        {lines.map((line, index) => (
          <li key={index} className="sc-item">
            <span className="sc-item-name">{line.name}</span>
            <span className="sc-item-quantity">
              {messages.quantity({ quantity: line.quantity })}
            </span>
            {/* An amount keeps its own direction (and its currency sign's side) in any sentence. */}
            <bdi className="sc-item-price">{money(line.amount)}</bdi>
          </li>
        ))}
      </ul>
      <p className="sc-total">
        <span>{messages.subtotal}</span>
        <bdi className="sc-total-amount">{money(subtotal)}</bdi>
      </p>
    </div>
  );
}

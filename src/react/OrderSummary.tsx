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
            <span className="sc-item-price">{money(line.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="sc-total">
        <span>{messages.subtotal}</span>
        <span className="sc-total-amount">{money(subtotal)}</span>
      </p>
    </div>
  );
}

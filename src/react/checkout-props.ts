// <Checkout>'s props checked as one object: the purchase it would send, and the order summary
// the payer reads, which must add up to the amount charged.
import type { FieldIssue } from '../core/errors.js';
import { formatMoney, type Money } from '../core/money.js';
import { checkoutPropsSchema, type CheckoutInput, type OrderItem } from '../core/schemas.js';
import { validate } from '../core/validate.js';

export type CheckedProps =
  { ok: true; input: CheckoutInput; lines: OrderItem[] } | { ok: false; issues: FieldIssue[] };

export function checkCheckoutProps(props: unknown): CheckedProps {
  const result = validate(checkoutPropsSchema, props);
  if (!result.ok) return result;
  const { items, ...input } = result.value;
  const lines = items ?? [
    {
      name: input.webhookInfo.itemName,
      quantity: input.webhookInfo.quantity,
      amount: input.subtotal,
    },
  ];
  const issues = linesAgainstSubtotal(lines, input.subtotal);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, input, lines };
}

/** The summary may not show another amount than the one charged. */
function linesAgainstSubtotal(lines: OrderItem[], subtotal: Money): FieldIssue[] {
  const total = lines.reduce((sum, line) => sum + line.amount.cents, 0);
  const sameCurrency = lines.every((line) => line.amount.currency === subtotal.currency);
  if (sameCurrency && total === subtotal.cents) return [];
  const charged = formatMoney(subtotal, 'en-US');
  return [
    { path: 'items', problem: `must add up to the subtotal, ${charged} (${subtotal.currency})` },
  ];
}

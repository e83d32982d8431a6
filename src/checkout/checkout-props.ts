// <Checkout>'s props checked as one object: the purchase it would send, and the order summary
// the payer reads, which must add up to the amount charged.
import { canonicalJson } from '../core/canonical-json.js';
import type { FieldIssue } from '../core/errors.js';
import { readJwtClaims } from '../core/jwt.js';
import { messages } from '../core/messages.js';
import { formatMoney, type Money } from '../core/money.js';
import {
  checkoutPropsSchema,
  checkoutTokenClaimsSchema,
  type CheckoutInput,
  type OrderItem,
} from '../core/browser-schemas.js';
import { validate } from '../core/validate.js';

export type CheckedProps =
  { ok: true; input: SignedInput; lines: OrderItem[] } | { ok: false; issues: FieldIssue[] };

/** The purchase, with the checkout token that signs it when there is one. */
export type SignedInput = CheckoutInput & { jwtToken?: string };

/** <Checkout>'s callback props; only `onSuccess` is required. */
export const CALLBACK_PROPS = [
  'onSuccess',
  'onError',
  'onVerifyIdentity',
  'onAddBankAccount',
  'onContactSupport',
] as const;
export type CallbackProp = (typeof CALLBACK_PROPS)[number];

export interface CheckedCallbacks {
  /** The callbacks passed as functions: an optional one's button shows only then. */
  passed: Partial<Record<CallbackProp, true>>;
  issues: FieldIssue[];
}

export function checkCallbacks(props: Partial<Record<CallbackProp, unknown>>): CheckedCallbacks {
  const passed: CheckedCallbacks['passed'] = {};
  const issues: FieldIssue[] = [];
  for (const name of CALLBACK_PROPS) {
    const value = props[name];
    if (typeof value === 'function') passed[name] = true;
    else if (value !== undefined || name === 'onSuccess') {
      issues.push({
        path: name,
        problem: value === undefined ? 'is required' : 'must be a function',
      });
    }
  }
  return { passed, issues };
}

export function checkCheckoutProps(
  props: Record<string, unknown>,
  merchantId: string,
): CheckedProps {
  const { jwtToken, ...plainProps } = props;
  // The props with the token's purchase fields merged in: what is validated.
  let purchaseProps = plainProps;
  if (jwtToken !== undefined) {
    // Read, not verified: the service verifies the token when the purchase arrives.
    const read = readJwtClaims(jwtToken, checkoutTokenClaimsSchema);
    if (!read.ok) return tokenIssue(read.reason);
    const signed = read.claims;
    if (signed.merchantId !== merchantId) return tokenIssue(messages.otherMerchant(merchantId));
    // As the service does: a field beside the token must repeat the token's.
    const differing = Object.keys(plainProps)
      .filter(
        (field) =>
          field in signed &&
          plainProps[field] !== undefined &&
          canonicalJson(plainProps[field]) !== canonicalJson(signed[field]),
      )
      .map((path) => ({ path, problem: "differs from the jwtToken's" }));
    if (differing.length > 0) return { ok: false, issues: differing };
    purchaseProps = { ...plainProps, ...signed };
  }
  const result = validate(checkoutPropsSchema, purchaseProps);
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
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, input: typeof jwtToken === 'string' ? { ...input, jwtToken } : input, lines };
}

function tokenIssue(problem: string): CheckedProps {
  return { ok: false, issues: [{ path: 'jwtToken', problem }] };
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

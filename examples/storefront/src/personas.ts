// One-click customers for the sandbox: each id starts with one of its magic prefixes, so every
// state of the checkout is one click away.
export interface Persona {
  customerId: string;
  name: string;
  /** Shown on the sign-in page: a demo account's password is no secret. */
  password: string;
  /** What happens at checkout. */
  outcome: string;
  tone: 'success' | 'warning' | 'danger' | 'info';
}

export const PERSONAS: readonly Persona[] = [
  {
    customerId: 'alex.rivera',
    name: 'Alex Rivera',
    password: 'demo-alex-2026',
    outcome: 'Two bank accounts, one with instant payments. Pays without a hitch.',
    tone: 'success',
  },
  {
    customerId: 'test_cbp_sam',
    name: 'Sam (chargeback protection)',
    password: 'demo-sam-2026',
    outcome: 'Protected: the checkout waits for the device script and sends x-device-id.',
    tone: 'info',
  },
  {
    customerId: 'test_decline_dana',
    name: 'Dana (declining bank)',
    password: 'demo-dana-2026',
    outcome: 'The first account is declined; pick the other one and pay again.',
    tone: 'warning',
  },
  {
    customerId: 'test_no_bank_nico',
    name: 'Nico (no bank account)',
    password: 'demo-nico-2026',
    outcome: 'Has no saved bank account: the checkout offers to link one (test mode), then pays.',
    tone: 'warning',
  },
  {
    customerId: 'test_verify_val',
    name: 'Val (needs verification)',
    password: 'demo-val-2026',
    outcome: 'Must complete identity verification before paying.',
    tone: 'warning',
  },
  {
    customerId: 'test_blocked_bo',
    name: 'Bo (blocked)',
    password: 'demo-bo-2026',
    outcome: 'Blocked by the payments service: the checkout says so and links to support.',
    tone: 'danger',
  },
  {
    customerId: 'test_expired_eve',
    name: 'Eve (expired session)',
    password: 'demo-eve-2026',
    outcome: 'Every session key arrives already expired: the checkout asks to reload.',
    tone: 'danger',
  },
];

/** The shop's staff account: it opens the merchant page. */
export const STAFF = {
  customerId: 'staff',
  name: 'Store staff',
  password: 'demo-staff-2026',
} as const;

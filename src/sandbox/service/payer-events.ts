// Payer events the merchant's server reports (POST /api/events: sign-ups, sign-ins, challenges),
// kept with when they arrived, for the dashboard.
import { payerEventSchema, type PayerEvent } from '../../core/schemas.js';
import { validate } from '../../core/validate.js';
import { invalidFields, json, readJson } from './http.js';
import type { Route } from './route.js';
import type { ServiceState } from './state.js';

export interface PayerEvents {
  /** Every event kept, oldest first. */
  list(): PayerEvent[];
  readonly routes: Route[];
}

export function createPayerEvents(state: ServiceState, now: () => number): PayerEvents {
  return {
    list: () => [...state.payerEvents.values()].map((received) => received.event),
    routes: [
      {
        method: 'POST',
        path: '/api/events',
        auth: 'apiKey',
        handle: async ({ request }) => {
          const parsed = validate(payerEventSchema, await readJson(request));
          if (!parsed.ok) throw invalidFields('Invalid payer event', parsed.issues);
          state.counters.payerEvents += 1;
          state.payerEvents.put({
            id: `pe_${state.counters.payerEvents}`,
            receivedAt: new Date(now()).toISOString(),
            event: parsed.value,
          });
          return json(200, {});
        },
      },
    ],
  };
}

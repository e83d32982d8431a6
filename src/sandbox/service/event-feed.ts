// GET /api/merchant/events: the events the merchant's webhooks carry, oldest first, a page
// after the id of the last one a receiver applied, so one that was down catches up. The log it
// reads is the one every webhook is made from (webhooks.ts), kept in the saved state.
import { EVENTS_PAGE_DEFAULT_LIMIT, eventsQuerySchema } from '../../core/schemas.js';
import { validate } from '../../core/validate.js';
import { invalidFields, json } from './http.js';
import type { Route } from './route.js';
import type { ServiceState } from './state.js';

export function eventFeedRoutes(state: ServiceState): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/merchant/events',
      auth: 'apiKey',
      handle: ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        const parsed = validate(eventsQuerySchema, query);
        if (!parsed.ok) throw invalidFields('Invalid events query', parsed.issues);
        const { after, limit } = parsed.value;
        const page = state.webhookEvents.page(
          after,
          limit === undefined ? EVENTS_PAGE_DEFAULT_LIMIT : Number(limit),
        );
        if (!page) {
          throw invalidFields('Invalid events query', [
            {
              path: 'after',
              problem:
                "is not the id of one of this merchant's events: send the id of the last event you applied, or leave after out to start from the first",
            },
          ]);
        }
        return json(200, page);
      },
    },
  ];
}

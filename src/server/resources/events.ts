// The events feed: GET /api/merchant/events, page after page, as one async iterable over every
// event after a cursor, each typed and checked as a webhook's. A page is read only when the loop
// reaches it.
import type { ApiKeyRequest } from '../../core/api-key.js';
import { ConfigError } from '../../core/errors.js';
import { messages } from '../../core/messages.js';
import { EVENTS_PAGE_MAX_LIMIT, eventsPageSchema } from '../../core/schemas.js';
import { typedEvent, type WebhookEvent } from '../webhooks.js';
import { checkHeaderValue } from './header-value.js';

const WHAT = 'GET /api/merchant/events';

/** Where `listEvents` starts, and how many events it asks for at a time. */
export interface ListEventsOptions {
  /** The id of the last event you applied; left out, the first event the service kept. */
  after?: string;
  /** Events asked for per page, 1 to 100. Default 100. */
  pageSize?: number;
}

export function eventCalls(request: ApiKeyRequest) {
  /** One page of events after `after`, each typed. */
  async function eventsPage(after: string | undefined, pageSize: number) {
    const query = new URLSearchParams({
      ...(after !== undefined && { after }),
      limit: String(pageSize),
    });
    const page = await request({
      method: 'GET',
      path: `/api/merchant/events?${query}`,
      schema: eventsPageSchema,
    });
    const events = page.events.map((event, index) => typedEvent(event, WHAT, `events.${index}`));
    return { events, hasMore: page.hasMore };
  }

  return {
    async *listEvents(options: ListEventsOptions = {}): AsyncGenerator<WebhookEvent> {
      let after = options?.after;
      if (after !== undefined) checkHeaderValue('after', after);
      const pageSize = checkPageSize(options?.pageSize);
      for (;;) {
        const page = await eventsPage(after, pageSize);
        yield* page.events;
        const last = page.events.at(-1);
        // A page with more to come always ends with an event; without one, nothing follows.
        if (!page.hasMore || last === undefined) return;
        after = last.id;
      }
    },
  };
}

function checkPageSize(pageSize: unknown): number {
  if (pageSize === undefined) return EVENTS_PAGE_MAX_LIMIT;
  if (
    typeof pageSize !== 'number' ||
    !Number.isInteger(pageSize) ||
    pageSize < 1 ||
    pageSize > EVENTS_PAGE_MAX_LIMIT
  ) {
    throw new ConfigError(
      'pageSize',
      messages.invalidOption(
        'pageSize',
        `must be a whole number from 1 to ${EVENTS_PAGE_MAX_LIMIT}`,
      ),
    );
  }
  return pageSize;
}

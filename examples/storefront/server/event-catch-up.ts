// Catching up on the payment events the shop missed: an outage longer than the service's
// retries (about half an hour) loses deliveries, so at start and every minute the shop reads every
// event after the last one it applied from the service's events endpoint, and applies each as
// its webhook route does (order-routes.ts): once per event id, never backwards, so an event that
// was delivered too, or is read twice, changes nothing. The cursor (event-cursor.ts) moves only
// after its event is applied: a crash mid-page reads that event again rather than skip it.
import type { MerchantClient, WebhookEvent } from 'service-checkout/server';
import { ServiceError } from 'service-checkout/server';
import type { EventCursorStore } from './event-cursor.js';
import { describeServiceFailure } from './refunds.js';

export interface EventCatchUpOptions {
  store: EventCursorStore;
  merchant: Pick<MerchantClient, 'listEvents'>;
  /** Applies an event as a verified webhook delivery is; true when the shop had not seen it. */
  apply(event: WebhookEvent): Promise<boolean>;
  now: () => number;
  log: (line: string) => void;
}

/** What one catch-up did: events read, how many the shop had missed, and if it read to the end. */
export interface CatchUp {
  read: number;
  missed: number;
  /**
   * Every event the service keeps is applied: false after a failure, or when another process
   * is still reading.
   */
  upToDate: boolean;
}

export function createEventCatchUp(options: EventCatchUpOptions): () => Promise<CatchUp> {
  const { store, merchant, apply, now, log } = options;
  const at = () => new Date(now()).toISOString();

  /**
   * Applies every event after `from`, moving the cursor past each; stops early, leaving the rest
   * to it, when another process moved the cursor first. Where it stopped is in `position`.
   */
  async function readAfter(position: { cursor: string | undefined }, done: CatchUp) {
    const from = position.cursor;
    for await (const event of merchant.listEvents(from === undefined ? {} : { after: from })) {
      if (await apply(event)) done.missed += 1;
      done.read += 1;
      if (!(await store.moveEventCursor(position.cursor, event.id, at()))) return;
      position.cursor = event.id;
    }
    done.upToDate = true;
  }

  return async function catchUp(): Promise<CatchUp> {
    const done: CatchUp = { read: 0, missed: 0, upToDate: false };
    const position: { cursor: string | undefined } = { cursor: undefined };
    try {
      position.cursor = await store.eventCursor();
      try {
        await readAfter(position, done);
      } catch (error) {
        // The service no longer has the event the shop stopped at: older than it keeps (30 days
        // at least), or its history was wiped (a sandbox reset). Waiting would never end; the
        // events it still keeps are read from the oldest, and those applied before change nothing.
        if (!(error instanceof ServiceError && error.status === 400) || !position.cursor) {
          throw error;
        }
        log(
          `the payments service does not know event ${position.cursor}, the last one this shop applied: catching up from the oldest event it keeps`,
        );
        if (await store.moveEventCursor(position.cursor, undefined, at())) {
          position.cursor = undefined;
          await readAfter(position, done);
        }
      }
    } catch (error) {
      log(
        `catching up on missed payment events failed after ${position.cursor ?? 'the start'} (${describeServiceFailure(error)}); trying again in a minute`,
      );
    }
    if (done.missed > 0) {
      log(
        `caught up on ${done.missed} missed payment event${done.missed === 1 ? '' : 's'} from the service's events endpoint, up to ${position.cursor}`,
      );
    }
    return done;
  };
}

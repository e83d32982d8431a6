// The events the merchant's webhooks carry, kept in the order they were made, each with its
// number (the count of events made, never reused), so that the page after any event's id is
// found by a lookup and a binary search, never by a scan of the whole log.
import type { WebhookEvent } from './webhook-deliveries.js';

/** An event as the log keeps it: its number orders it. */
export interface LoggedEvent {
  number: number;
  event: WebhookEvent;
}

export interface EventPage {
  events: WebhookEvent[];
  /** More events follow the last of this page. */
  hasMore: boolean;
}

export class EventLog {
  /** Oldest first, numbers increasing. */
  #entries: LoggedEvent[] = [];
  #numberById = new Map<string, number>();

  constructor(entries: Iterable<LoggedEvent> = []) {
    for (const entry of entries) this.append(entry);
  }

  get size(): number {
    return this.#entries.length;
  }

  /** Keeps a new event after every other: its number is higher than theirs. */
  append(entry: LoggedEvent): void {
    const last = this.#entries.at(-1);
    if (last && entry.number <= last.number) {
      throw new RangeError(`event number ${entry.number} does not follow ${last.number}`);
    }
    this.#entries.push(entry);
    this.#numberById.set(entry.event.id, entry.number);
  }

  get(id: string): WebhookEvent | undefined {
    const number = this.#numberById.get(id);
    return number === undefined ? undefined : this.#entries[this.#firstFrom(number)]?.event;
  }

  /**
   * Up to `limit` events after the one whose id is `after` (from the first when undefined);
   * undefined when no kept event has that id.
   */
  page(after: string | undefined, limit: number): EventPage | undefined {
    let start = 0;
    if (after !== undefined) {
      const number = this.#numberById.get(after);
      if (number === undefined) return undefined;
      start = this.#firstFrom(number + 1);
    }
    const events = this.#entries.slice(start, start + limit).map((entry) => entry.event);
    return { events, hasMore: start + limit < this.#entries.length };
  }

  /** Every kept event, oldest first. */
  values(): LoggedEvent[] {
    return [...this.#entries];
  }

  /**
   * Forgets the oldest events, up to the first made at `timeMs` or later; how many went. A
   * dropped id is unknown from then on.
   */
  dropCreatedBefore(timeMs: number): number {
    const kept = this.#entries.findIndex((entry) => Date.parse(entry.event.created) >= timeMs);
    const dropped = this.#entries.splice(0, kept === -1 ? this.#entries.length : kept);
    for (const entry of dropped) this.#numberById.delete(entry.event.id);
    return dropped.length;
  }

  clear(): void {
    this.#entries = [];
    this.#numberById.clear();
  }

  /** The index of the first entry numbered `number` or higher (the length when none is). */
  #firstFrom(number: number): number {
    let low = 0;
    let high = this.#entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#entries[middle]!.number < number) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

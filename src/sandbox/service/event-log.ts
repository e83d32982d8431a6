// The events the merchant's webhooks carry, each with its number (the count of events made, never
// reused): a table by id like the others, so the data directory writes each event once
// (persistence/journal.ts), that also keeps them in the order of their numbers, so that the page
// after any event's id is found by a lookup and a binary search, never by a scan of the whole log.
import { Table } from './table.js';
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

export class EventLog extends Table<LoggedEvent> {
  /** The same entries as the table, numbers increasing. */
  #ordered: LoggedEvent[];

  constructor(entries: Iterable<LoggedEvent> = []) {
    super((entry) => entry.event.id, entries);
    this.#ordered = [...super.values()].sort((a, b) => a.number - b.number);
  }

  /** Every kept event, oldest (lowest number) first; a copy, so the log may change meanwhile. */
  override values(): IterableIterator<LoggedEvent> {
    return [...this.#ordered].values();
  }

  /** Keeps an event in the place its number gives it (after every other, for a new one). */
  override put(entry: LoggedEvent): void {
    this.#remove(entry.event.id);
    this.#ordered.splice(this.#firstFrom(entry.number), 0, entry);
    super.put(entry);
  }

  override delete(id: string): void {
    this.#remove(id);
    super.delete(id);
  }

  override clear(): void {
    this.#ordered = [];
    super.clear();
  }

  /**
   * Up to `limit` events after the one whose id is `after` (from the first when undefined);
   * undefined when no kept event has that id.
   */
  page(after: string | undefined, limit: number): EventPage | undefined {
    let start = 0;
    if (after !== undefined) {
      const kept = this.get(after);
      if (kept === undefined) return undefined;
      start = this.#firstFrom(kept.number + 1);
    }
    const events = this.#ordered.slice(start, start + limit).map((entry) => entry.event);
    return { events, hasMore: start + limit < this.#ordered.length };
  }

  /**
   * Lets go of the oldest events, up to the first made at `timeMs` or later, except those whose
   * id `keep` holds; how many went. A dropped id is unknown from then on.
   */
  dropCreatedBefore(timeMs: number, keep: ReadonlySet<string> = new Set()): number {
    const end = this.#ordered.findIndex((entry) => Date.parse(entry.event.created) >= timeMs);
    const older = this.#ordered.splice(0, end === -1 ? this.#ordered.length : end);
    const staying = older.filter((entry) => keep.has(entry.event.id));
    this.#ordered.unshift(...staying);
    for (const entry of older) if (!keep.has(entry.event.id)) super.delete(entry.event.id);
    return older.length - staying.length;
  }

  /** Takes the event with this id out of the order (the table keeps it). */
  #remove(id: string): void {
    const kept = this.get(id);
    if (kept) this.#ordered.splice(this.#ordered.indexOf(kept, this.#firstFrom(kept.number)), 1);
  }

  /** The index of the first entry numbered `number` or higher (the length when none is). */
  #firstFrom(number: number): number {
    let low = 0;
    let high = this.#ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#ordered[middle]!.number < number) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

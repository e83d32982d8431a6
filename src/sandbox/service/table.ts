// Rows of one kind (payments, deliveries…) by key, in the order they were added, with lookups
// by key in constant time. A table remembers which keys changed since it was last asked, so the
// data directory writes what changed, not everything (persistence/journal.ts).

/** What changed in a table since the last `takeChanges()`. */
export interface TableChanges {
  /** Every row was removed first (a reset); `keys` changed after that. */
  cleared: boolean;
  /** Keys whose row was added, changed in place or removed. */
  keys: string[];
}

export class Table<Row> {
  readonly #keyOf: (row: Row) => string;
  #rows = new Map<string, Row>();
  #changed = new Set<string>();
  #cleared = false;

  constructor(keyOf: (row: Row) => string, rows: Iterable<Row> = []) {
    this.#keyOf = keyOf;
    for (const row of rows) this.#rows.set(keyOf(row), row);
  }

  get size(): number {
    return this.#rows.size;
  }

  get(key: string): Row | undefined {
    return this.#rows.get(key);
  }

  has(key: string): boolean {
    return this.#rows.has(key);
  }

  /** The rows, oldest first. */
  values(): IterableIterator<Row> {
    return this.#rows.values();
  }

  /** Adds a row, or replaces the one with its key (which keeps its place). */
  put(row: Row): void {
    const key = this.#keyOf(row);
    this.#rows.set(key, row);
    this.#changed.add(key);
  }

  /** Notes that a row was changed in place. */
  changed(row: Row): void {
    const key = this.#keyOf(row);
    if (this.#rows.get(key) === row) this.#changed.add(key);
  }

  delete(key: string): void {
    if (this.#rows.delete(key)) this.#changed.add(key);
  }

  clear(): void {
    this.#rows.clear();
    this.#changed.clear();
    this.#cleared = true;
  }

  takeChanges(): TableChanges {
    const changes = { cleared: this.#cleared, keys: [...this.#changed] };
    this.#changed.clear();
    this.#cleared = false;
    return changes;
  }
}

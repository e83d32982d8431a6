// Rows of one kind (payments, deliveries…) by key, in the order they were added, with lookups
// by key in constant time.

export class Table<Row> {
  readonly #keyOf: (row: Row) => string;
  #rows = new Map<string, Row>();

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
    this.#rows.set(this.#keyOf(row), row);
  }

  clear(): void {
    this.#rows.clear();
  }
}

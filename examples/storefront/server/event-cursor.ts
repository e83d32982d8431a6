// The id of the last payment event the shop read from the service's events endpoint and applied,
// kept in the shop's own database beside the orders it moved, so a restart catches up from where
// the last run stopped (event-catch-up.ts). One row; moved only from the id it was read at, so
// two processes reading the same events never move it back, and the one that loses the move
// knows another is catching up.
import { createSchema, type Db } from './db.js';

export interface EventCursorStore {
  /** The id of the last event applied from the events endpoint; undefined before the first. */
  eventCursor(): Promise<string | undefined>;
  /**
   * Moves the cursor to `to` (undefined: before the oldest event) if it is still at `from`;
   * false when another process moved it first.
   */
  moveEventCursor(from: string | undefined, to: string | undefined, at: string): Promise<boolean>;
}

export const EVENT_CURSOR_SCHEMA = `
  CREATE TABLE IF NOT EXISTS event_cursor (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    last_event_id text,
    moved_at text
  );
  INSERT INTO event_cursor (only_row) VALUES (true) ON CONFLICT (only_row) DO NOTHING;
`;

/** The cursor over an open database; its table is made if missing. */
export async function eventCursorOn(db: Db): Promise<EventCursorStore> {
  await createSchema(db, EVENT_CURSOR_SCHEMA);
  return {
    async eventCursor() {
      const { rows } = await db.query<{ last_event_id: string | null }>(
        'SELECT last_event_id FROM event_cursor',
      );
      return rows[0]?.last_event_id ?? undefined;
    },
    async moveEventCursor(from, to, at) {
      const { affectedRows } = await db.query(
        `UPDATE event_cursor SET last_event_id = $2, moved_at = $3
         WHERE last_event_id IS NOT DISTINCT FROM $1`,
        [from ?? null, to ?? null, at],
      );
      return affectedRows === 1;
    },
  };
}

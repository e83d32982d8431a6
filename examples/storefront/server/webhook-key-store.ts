// The shop's webhook keys (webhook-keys.ts) in SQL over a Db (db.ts): one row, so every process
// of the shop and a restart verify with the keys the last roll left. A change runs under a lock
// held to its commit, so two rolls at once, from one process or two, apply one after the other.
import { createSchema, type Db } from './db.js';
import type { WebhookKeys } from './webhook-keys.js';

export interface WebhookKeyStore {
  /** The kept keys; undefined before the shop first started. */
  webhookKeys(): Promise<WebhookKeys | undefined>;
  /**
   * Replaces the kept keys with what `change` makes of them, under the lock: `change` may call
   * the service (a roll), and no other change starts until this one is committed.
   */
  changeWebhookKeys(
    change: (kept: WebhookKeys | undefined) => Promise<WebhookKeys>,
  ): Promise<WebhookKeys>;
}

export const WEBHOOK_KEY_SCHEMA = `
  CREATE TABLE IF NOT EXISTS webhook_keys (
    id integer PRIMARY KEY CHECK (id = 1),
    body jsonb NOT NULL
  );
`;

/** Any number; the same for every process that shares a database. */
const WEBHOOK_KEYS_LOCK = 7_201_612;

export async function webhookKeyStoreOn(db: Db): Promise<WebhookKeyStore> {
  await createSchema(db, WEBHOOK_KEY_SCHEMA);
  return {
    async webhookKeys() {
      const { rows } = await db.query<{ body: WebhookKeys }>(
        'SELECT body FROM webhook_keys WHERE id = 1',
      );
      return rows[0]?.body;
    },
    changeWebhookKeys(change) {
      return db.transaction(async (tx) => {
        // The row may not exist yet: a lock of its own, not the row's, serializes the first one.
        await tx.query('SELECT pg_advisory_xact_lock($1)', [WEBHOOK_KEYS_LOCK]);
        const { rows } = await tx.query<{ body: WebhookKeys }>(
          'SELECT body FROM webhook_keys WHERE id = 1',
        );
        const next = await change(rows[0]?.body);
        await tx.query(
          `INSERT INTO webhook_keys (id, body) VALUES (1, $1)
           ON CONFLICT (id) DO UPDATE SET body = EXCLUDED.body`,
          [JSON.stringify(next)],
        );
        return next;
      });
    },
  };
}

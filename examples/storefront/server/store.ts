// The shop's records, in SQL over a Db (db.ts): accounts, sessions and sign-in attempts in
// account-store.ts, orders and the payments that reached them in order-store.ts, where the
// shop is in the service's events in event-cursor.ts, and the webhook keys a roll left in
// webhook-key-store.ts. Real transactions: a status moves in one transaction that also records
// the event id, so a delivery that arrives twice, or two at once, changes an order once.
import { accountStoreOn, type AccountStore } from './account-store.js';
import { openPglite, type Db } from './db.js';
import { eventCursorOn, type EventCursorStore } from './event-cursor.js';
import { orderStoreOn, type OrderStore } from './order-store.js';
import { webhookKeyStoreOn, type WebhookKeyStore } from './webhook-key-store.js';

export type { Account } from './account-store.js';

export interface ShopStore extends AccountStore, OrderStore, EventCursorStore, WebhookKeyStore {
  close(): Promise<void>;
}

/** The store on PGlite in `dataDir` (made private if missing), or in memory without one. */
export async function openShopStore(dataDir?: string): Promise<ShopStore> {
  return shopStoreOn(await openPglite(dataDir));
}

/** The store over an open database; its tables are made if missing. */
export async function shopStoreOn(db: Db): Promise<ShopStore> {
  const accounts = await accountStoreOn(db);
  const orders = await orderStoreOn(db);
  const cursor = await eventCursorOn(db);
  const webhookKeys = await webhookKeyStoreOn(db);
  return { ...accounts, ...orders, ...cursor, ...webhookKeys, close: () => db.close() };
}

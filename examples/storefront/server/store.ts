// The shop's records, in SQL over a Db (db.ts): accounts here, orders and their payments in
// order-store.ts. Real transactions: a status moves in one transaction that also records the
// event id, so a delivery that arrives twice, or two at once, changes an order once.
import { openPglite, type Db } from './db.js';
import { orderStoreOn, type OrderStore } from './order-store.js';

export interface Account {
  customerId: string;
  email: string;
  signedUpAt: string;
  passwordHash: string;
  /** Staff open the merchant page; they are not payers. */
  staff: boolean;
}

export interface ShopStore extends OrderStore {
  account(customerId: string): Promise<Account | undefined>;
  /** Adds the account; false when the id is taken (two sign-ups at once). */
  addAccount(account: Account): Promise<boolean>;
  setEmail(customerId: string, email: string): Promise<void>;
  close(): Promise<void>;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS accounts (
    customer_id text PRIMARY KEY,
    email text NOT NULL,
    password_hash text NOT NULL,
    staff boolean NOT NULL,
    signed_up_at text NOT NULL
  );
`;

interface AccountRow {
  customer_id: string;
  email: string;
  password_hash: string;
  staff: boolean;
  signed_up_at: string;
}

const toAccount = (row: AccountRow): Account => ({
  customerId: row.customer_id,
  email: row.email,
  passwordHash: row.password_hash,
  staff: row.staff,
  signedUpAt: row.signed_up_at,
});

/** The store on PGlite in `dataDir` (made private if missing), or in memory without one. */
export async function openShopStore(dataDir?: string): Promise<ShopStore> {
  return shopStoreOn(await openPglite(dataDir));
}

/** The store over an open database; its tables are made if missing. */
export async function shopStoreOn(db: Db): Promise<ShopStore> {
  await db.exec(SCHEMA);
  const orderStore = await orderStoreOn(db);

  return {
    ...orderStore,
    async account(customerId) {
      const { rows } = await db.query<AccountRow>('SELECT * FROM accounts WHERE customer_id = $1', [
        customerId,
      ]);
      return rows[0] && toAccount(rows[0]);
    },
    async addAccount(account) {
      const { affectedRows } = await db.query(
        `INSERT INTO accounts (customer_id, email, password_hash, staff, signed_up_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (customer_id) DO NOTHING`,
        [
          account.customerId,
          account.email,
          account.passwordHash,
          account.staff,
          account.signedUpAt,
        ],
      );
      return affectedRows === 1;
    },
    async setEmail(customerId, email) {
      await db.query('UPDATE accounts SET email = $2 WHERE customer_id = $1', [customerId, email]);
    },
    close: () => db.close(),
  };
}

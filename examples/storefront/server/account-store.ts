// The shop's accounts, sessions and sign-in attempts, in SQL over a Db (db.ts). In the database,
// not in a process's memory, so that any process serves any shopper and the limits hold across
// processes: each limit is checked and changed in one transaction that holds a lock on what it
// counts (a customer's sessions, a client's sessions, a customer's sign-in attempts).
import { createHash, randomBytes } from 'node:crypto';
import { createSchema, type Db, type Transaction } from './db.js';

export interface Account {
  customerId: string;
  email: string;
  signedUpAt: string;
  passwordHash: string;
  /** Staff open the merchant page; they are not payers. */
  staff: boolean;
}

/** How many live sessions one customer, and one client, may hold. */
export interface SessionBounds {
  perCustomer: number;
  perClient: number;
}

export interface AccountStore {
  account(customerId: string): Promise<Account | undefined>;
  /** Adds the account; false when the id is taken (two sign-ups at once). */
  addAccount(account: Account): Promise<boolean>;
  setEmail(customerId: string, email: string): Promise<void>;

  /**
   * Takes one of the `max` sign-in attempts a customer id has within `windowMs` of `now`, before
   * any password is checked: its id, or undefined when all are taken. A taken attempt counts until
   * the window passes unless `releaseSignIn` gives it back (the password was right, or was not
   * checked at all).
   */
  reserveSignIn(
    customerId: string,
    now: number,
    limit: { max: number; windowMs: number },
  ): Promise<string | undefined>;
  releaseSignIn(attemptId: string): Promise<void>;

  /**
   * A new session: a random id, kept hashed. Beyond `bounds`, the customer's, then the client's,
   * oldest live sessions end.
   */
  createSession(
    session: { customerId: string; client: string; now: number; ttlMs: number },
    bounds: SessionBounds,
  ): Promise<string>;
  /** The session's customer while it lasts. */
  customerOfSession(sessionId: string, now: number): Promise<string | undefined>;
  endSession(sessionId: string): Promise<void>;
  /** Ends every session of the customer, in every process; how many ended. */
  endSessionsOf(customerId: string): Promise<number>;
}

export const ACCOUNT_SCHEMA = `
  CREATE TABLE IF NOT EXISTS accounts (
    customer_id text PRIMARY KEY,
    email text NOT NULL,
    password_hash text NOT NULL,
    staff boolean NOT NULL,
    signed_up_at text NOT NULL
  );
  CREATE TABLE IF NOT EXISTS sessions (
    id_hash text PRIMARY KEY,
    customer_id text NOT NULL,
    client text NOT NULL,
    created bigint GENERATED ALWAYS AS IDENTITY,
    expires_at bigint NOT NULL
  );
  CREATE INDEX IF NOT EXISTS sessions_by_customer ON sessions (customer_id, created);
  CREATE INDEX IF NOT EXISTS sessions_by_client ON sessions (client, created);
  CREATE INDEX IF NOT EXISTS sessions_by_expiry ON sessions (expires_at);
  CREATE TABLE IF NOT EXISTS sign_in_attempts (
    attempt_id text PRIMARY KEY,
    customer_id text NOT NULL,
    attempted_at bigint NOT NULL
  );
  CREATE INDEX IF NOT EXISTS sign_in_attempts_by_customer ON sign_in_attempts (customer_id);
  CREATE INDEX IF NOT EXISTS sign_in_attempts_by_time ON sign_in_attempts (attempted_at);
`;

// Namespaces of the transaction locks (pg_advisory_xact_lock(namespace, hashtext(key))): a
// customer's sessions, a client's sessions, a customer's sign-in attempts. Each transaction
// takes at most one lock of each, in this order, so two never wait for each other.
const CUSTOMER_SESSIONS = 1;
const CLIENT_SESSIONS = 2;
const SIGN_IN_ATTEMPTS = 3;

const lock = (tx: Transaction, namespace: number, key: string) =>
  tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [namespace, key]);

/** What the database keeps of a session id: a leaked table holds no session anyone can use. */
const hashOf = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url');

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

/** The account part of the shop's store over an open database; its tables are made if missing. */
export async function accountStoreOn(db: Db): Promise<AccountStore> {
  await createSchema(db, ACCOUNT_SCHEMA);
  return {
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

    reserveSignIn(customerId, now, { max, windowMs }) {
      return db.transaction(async (tx) => {
        await lock(tx, SIGN_IN_ATTEMPTS, customerId);
        // Attempts older than the window count for no one any more.
        await tx.query('DELETE FROM sign_in_attempts WHERE attempted_at <= $1', [now - windowMs]);
        const { rows } = await tx.query<{ taken: number }>(
          'SELECT count(*)::int AS taken FROM sign_in_attempts WHERE customer_id = $1',
          [customerId],
        );
        if ((rows[0]?.taken ?? 0) >= max) return undefined;
        const attemptId = randomBytes(16).toString('base64url');
        await tx.query(
          'INSERT INTO sign_in_attempts (attempt_id, customer_id, attempted_at) VALUES ($1, $2, $3)',
          [attemptId, customerId, now],
        );
        return attemptId;
      });
    },
    async releaseSignIn(attemptId) {
      await db.query('DELETE FROM sign_in_attempts WHERE attempt_id = $1', [attemptId]);
    },

    createSession({ customerId, client, now, ttlMs }, bounds) {
      const sessionId = randomBytes(32).toString('base64url');
      return db.transaction(async (tx) => {
        await lock(tx, CUSTOMER_SESSIONS, customerId);
        await lock(tx, CLIENT_SESSIONS, client);
        await tx.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
        await tx.query(
          'INSERT INTO sessions (id_hash, customer_id, client, expires_at) VALUES ($1, $2, $3, $4)',
          [hashOf(sessionId), customerId, client, now + ttlMs],
        );
        for (const [column, value, keep] of [
          ['customer_id', customerId, bounds.perCustomer],
          ['client', client, bounds.perClient],
        ] as const) {
          await tx.query(
            `DELETE FROM sessions WHERE id_hash IN (
               SELECT id_hash FROM sessions WHERE ${column} = $1 ORDER BY created DESC OFFSET $2)`,
            [value, keep],
          );
        }
        return sessionId;
      });
    },
    async customerOfSession(sessionId, now) {
      const { rows } = await db.query<{ customer_id: string }>(
        'SELECT customer_id FROM sessions WHERE id_hash = $1 AND expires_at > $2',
        [hashOf(sessionId), now],
      );
      return rows[0]?.customer_id;
    },
    async endSession(sessionId) {
      await db.query('DELETE FROM sessions WHERE id_hash = $1', [hashOf(sessionId)]);
    },
    async endSessionsOf(customerId) {
      const { affectedRows } = await db.query('DELETE FROM sessions WHERE customer_id = $1', [
        customerId,
      ]);
      return affectedRows;
    },
  };
}

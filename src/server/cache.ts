import { ConfigError } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { MerchantClient, SessionKey, SessionKeyOptions } from './client.js';

/** What createSessionKeyCache takes. */
export interface SessionKeyCacheOptions {
  /** Customers kept at most; the least recently used is dropped first. Defaults to 10 000. */
  maxEntries?: number;
  /** A key is replaced this long before its expiry. Defaults to 5 minutes. */
  refreshBeforeMs?: number;
  /** Clock in milliseconds since the epoch; defaults to `Date.now`. */
  now?: () => number;
}

/** Session keys kept per customer, from createSessionKeyCache: a client's `getSessionKey`, cached. */
export interface SessionKeyCache {
  /**
   * A cached key with time left, or a fresh one; callers for one customer share a request.
   * With `rejectedKey` equal to the cached key (the service refused it), mints a new one.
   */
  getSessionKey(customerId: string, options?: SessionKeyOptions): Promise<SessionKey>;
  /** Forgets a customer's keys (for example when they sign out). */
  delete(customerId: string): void;
  /** Forgets every customer's keys. */
  clear(): void;
  /** Customers currently held, including requests in flight. */
  readonly size: number;
}

/** How many customers a session-key cache keeps at most, unless told: 10 000. */
export const DEFAULT_CACHE_MAX_ENTRIES = 10_000;
/** How long before its expiry a cached key is replaced, unless told: 5 minutes. */
export const DEFAULT_REFRESH_BEFORE_MS = 5 * 60_000;

interface Entry {
  customerId: string;
  pending: Promise<SessionKey>;
  /** Set once the request succeeded. */
  sessionKey?: SessionKey;
}

/**
 * Keeps each customer's session key until shortly before it expires, so a server that mints a
 * key per page view asks the service once per customer per day instead.
 */
export function createSessionKeyCache(
  client: Pick<MerchantClient, 'getSessionKey'>,
  options: SessionKeyCacheOptions = {},
): SessionKeyCache {
  if (typeof client?.getSessionKey !== 'function') {
    throw new ConfigError(
      'client',
      messages.invalidOption('client', 'must be a client from createMerchantClient'),
    );
  }
  const maxEntries = positiveInteger('maxEntries', options.maxEntries, DEFAULT_CACHE_MAX_ENTRIES);
  const refreshBeforeMs = nonNegative(
    'refreshBeforeMs',
    options.refreshBeforeMs,
    DEFAULT_REFRESH_BEFORE_MS,
  );
  if (options.now !== undefined && typeof options.now !== 'function') {
    throw new ConfigError('now', messages.invalidOption('now', 'must be a function'));
  }
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  const entries = new Map<string, Entry>();

  /** In flight, or minted with time left and not the key the service refused. */
  function usable(entry: Entry, rejectedKey: string | undefined): boolean {
    if (!entry.sessionKey) return true;
    return (
      entry.sessionKey.key !== rejectedKey && entry.sessionKey.expiresAt - refreshBeforeMs > now()
    );
  }

  function getSessionKey(customerId: string, keyOptions?: SessionKeyOptions): Promise<SessionKey> {
    const wallet = keyOptions?.wallet;
    const cacheKey = JSON.stringify([customerId, wallet?.blockchain, wallet?.address]);
    const cached = entries.get(cacheKey);
    if (cached && usable(cached, keyOptions?.rejectedKey)) {
      entries.delete(cacheKey);
      entries.set(cacheKey, cached);
      return cached.pending;
    }
    const entry: Entry = {
      customerId,
      pending: new Promise<SessionKey>((resolve) =>
        resolve(client.getSessionKey(customerId, keyOptions)),
      ).then(
        (sessionKey) => {
          entry.sessionKey = sessionKey;
          return sessionKey;
        },
        (error: unknown) => {
          // A failure is not remembered: the next caller asks again.
          if (entries.get(cacheKey) === entry) entries.delete(cacheKey);
          throw error;
        },
      ),
    };
    entries.delete(cacheKey);
    entries.set(cacheKey, entry);
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
    }
    return entry.pending;
  }

  return {
    getSessionKey,
    delete(customerId: string) {
      for (const [cacheKey, entry] of entries) {
        if (entry.customerId === customerId) entries.delete(cacheKey);
      }
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

function positiveInteger(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  throw new ConfigError(name, messages.invalidOption(name, 'must be a whole number above 0'));
}

function nonNegative(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  throw new ConfigError(name, messages.invalidOption(name, 'must be 0 or more milliseconds'));
}

// Every header name the service uses, and its rules for them (docs/design.md), in one place.

export const HEADER = {
  apiKey: 'Authorization',
  sessionKey: 'x-service-auth-session-key',
  userId: 'x-service-auth-user-id',
  blockchain: 'x-service-auth-blockchain',
  wallet: 'x-service-auth-wallet',
  deviceId: 'x-device-id',
  idempotencyKey: 'Idempotency-Key',
} as const;

/**
 * Header values cannot carry control characters or anything above U+00FF, and HTTP trims
 * surrounding whitespace: the service would see another value than the one sent.
 */
export function isHeaderSafe(value: string): boolean {
  return /^[\x20-\x7e\x80-\xff]*$/.test(value) && value === value.trim();
}

/** The blockchains a Web3 customer's wallet may be on, sent as `x-service-auth-blockchain`. */
export const BLOCKCHAINS = ['solana', 'eth', 'polygon', 'base', 'arbitrum', 'near'] as const;
/** One of {@link BLOCKCHAINS}. */
export type Blockchain = (typeof BLOCKCHAINS)[number];

/** A Web3 customer's wallet: both headers go out together or not at all. */
export interface Wallet {
  /** The wallet's chain (x-service-auth-blockchain). */
  blockchain: Blockchain;
  /** The wallet's address on it (x-service-auth-wallet). */
  address: string;
}

/**
 * Who a request speaks for. Server-to-server endpoints (session key, withdrawals, events)
 * use the merchant's API key; client-to-server endpoints (customer, checkout) use a
 * customer's session key. Never both.
 */
export type Credentials =
  | { kind: 'apiKey'; apiKey: string; userId?: string; wallet?: Wallet }
  | { kind: 'sessionKey'; sessionKey: string; deviceId?: string; wallet?: Wallet };

export function credentialHeaders(credentials: Credentials): Record<string, string> {
  const headers: Record<string, string> = {};
  if (credentials.kind === 'apiKey') {
    headers[HEADER.apiKey] = credentials.apiKey;
    if (credentials.userId !== undefined) headers[HEADER.userId] = credentials.userId;
  } else {
    headers[HEADER.sessionKey] = credentials.sessionKey;
    if (credentials.deviceId) headers[HEADER.deviceId] = credentials.deviceId;
  }
  if (credentials.wallet) {
    headers[HEADER.blockchain] = credentials.wallet.blockchain;
    headers[HEADER.wallet] = credentials.wallet.address;
  }
  return headers;
}

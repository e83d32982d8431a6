// Session keys: HS256 JWTs carrying customerId, merchantId, iat and exp. The merchant's server
// gets one per customer (GET /api/auth/session-key) and the page sends it on the customer's
// routes, which it authenticates.
import { jwtVerify, SignJWT } from 'jose';
import { BLOCKCHAINS, HEADER, type Blockchain } from '../../core/headers.js';
import { sessionKeyClaimsSchema, type SessionKeyClaims } from '../../core/schemas.js';
import { validate } from '../../core/validate.js';
import { hasMagic, MAGIC, type CustomerState, type SandboxWallet } from './customer-records.js';
import type { Customers } from './customers.js';
import { HttpError, json, MAX_HEADER_ID_LENGTH } from './http.js';
import type { Route } from './route.js';

export const SESSION_KEY_ALGORITHM = 'HS256';

/**
 * The secret's UTF-8 bytes, as a Uint8Array of this realm. Under jsdom the global TextEncoder
 * returns arrays of another realm, which jose rejects; copying them makes signing work there.
 */
export function secretBytes(secret: string): Uint8Array {
  return new Uint8Array(new TextEncoder().encode(secret));
}

export function randomSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(32));
}

export function signSessionKey(
  secret: Uint8Array,
  claims: { customerId: string; merchantId: string; iat: number; exp: number },
): Promise<string> {
  return (
    new SignJWT({ customerId: claims.customerId, merchantId: claims.merchantId })
      .setProtectedHeader({ alg: SESSION_KEY_ALGORITHM, typ: 'JWT' })
      .setIssuedAt(claims.iat)
      // Every key is unique, even two minted for one customer in the same second.
      .setJti(crypto.randomUUID())
      .setExpirationTime(claims.exp)
      .sign(secret)
  );
}

/** The key's claims when its signature, algorithm, expiry and merchant are right; else 401. */
export async function verifySessionKey(
  secret: Uint8Array,
  key: string,
  context: { merchantId: string; nowMs: number },
): Promise<SessionKeyClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(key, secret, {
      algorithms: [SESSION_KEY_ALGORITHM],
      currentDate: new Date(context.nowMs),
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_JWT_EXPIRED') {
      throw new HttpError(
        401,
        'The session key has expired. Ask your server for a new one (GET /api/auth/session-key).',
      );
    }
    throw new HttpError(
      401,
      'The session key is not valid: it is not an HS256 JWT signed by this sandbox. Use the key from GET /api/auth/session-key.',
    );
  }
  const claims = validate(sessionKeyClaimsSchema, payload);
  if (!claims.ok) {
    throw new HttpError(401, 'The session key lacks the customerId and merchantId claims.');
  }
  if (claims.value.merchantId !== context.merchantId) {
    throw new HttpError(401, 'The session key was made for another merchant.');
  }
  return claims.value;
}

export interface SessionKeys {
  /**
   * A key for this customer (made if new). `expiresInSeconds` makes a key that expires that many
   * seconds from now (negative: already expired), issued a full lifetime before its expiry.
   */
  mint(customerId: string, options?: { expiresInSeconds?: number }): Promise<string>;
  /** The customer whose valid session key the request carries; 401 otherwise. */
  authenticate(request: Request): Promise<CustomerState>;
  readonly routes: Route[];
}

export function createSessionKeys(options: {
  merchantId: string;
  /** The secret keys are signed with: the kept one, or the jwtSecret option's. */
  secret: Uint8Array;
  ttlSeconds: number;
  now: () => number;
  customers: Customers;
}): SessionKeys {
  const { merchantId, secret, ttlSeconds, now, customers } = options;

  async function mint(customerId: string, { expiresInSeconds = ttlSeconds } = {}) {
    customers.ensure(customerId);
    const nowSeconds = Math.floor(now() / 1000);
    // Keys for the expired-key customer expired a minute ago.
    const exp = hasMagic(customerId, MAGIC.expiredSessionKey)
      ? nowSeconds - 60
      : nowSeconds + expiresInSeconds;
    return signSessionKey(secret, { customerId, merchantId, iat: exp - ttlSeconds, exp });
  }

  async function getSessionKey({ request }: { request: Request }): Promise<Response> {
    const customerId = request.headers.get(HEADER.userId)?.trim();
    if (!customerId) {
      throw new HttpError(
        400,
        `${HEADER.userId} is required: send your own identifier for the customer (any string).`,
      );
    }
    if (customerId.length > MAX_HEADER_ID_LENGTH) {
      throw new HttpError(
        400,
        `${HEADER.userId} must be at most ${MAX_HEADER_ID_LENGTH} characters.`,
      );
    }
    const wallet = readWallet(request);
    if (wallet) customers.recordWallet(customerId, wallet);
    return json(200, { key: await mint(customerId) });
  }

  return {
    mint,
    async authenticate(request) {
      const key = request.headers.get(HEADER.sessionKey)?.trim();
      if (!key) {
        throw new HttpError(
          401,
          `${HEADER.sessionKey} is required: send the session key your server got from GET /api/auth/session-key.`,
        );
      }
      const claims = await verifySessionKey(secret, key, { merchantId, nowMs: now() });
      return customers.ensure(claims.customerId);
    },
    routes: [
      { method: 'GET', path: '/api/auth/session-key', auth: 'apiKey', handle: getSessionKey },
    ],
  };
}

/** The Web3 headers of a session-key request: both or neither. */
function readWallet(request: Request): SandboxWallet | undefined {
  const blockchain = request.headers.get(HEADER.blockchain)?.trim();
  const address = request.headers.get(HEADER.wallet)?.trim();
  if (!blockchain && !address) return undefined;
  if (!blockchain || !address) {
    throw new HttpError(
      400,
      `${HEADER.blockchain} and ${HEADER.wallet} go together: send both for a wallet customer, or neither.`,
    );
  }
  if (!(BLOCKCHAINS as readonly string[]).includes(blockchain)) {
    throw new HttpError(
      400,
      `${HEADER.blockchain} must be one of ${BLOCKCHAINS.join(', ')}; received ${JSON.stringify(blockchain)}.`,
    );
  }
  return { blockchain: blockchain as Blockchain, address };
}

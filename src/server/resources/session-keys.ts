// Session keys: GET /api/auth/session-key, one for a customer, to hand to that customer's page.
// The key is decoded (never verified: the service signed it) so that the caller learns its expiry,
// and a key for another customer than the one asked for is discarded.
import { ResponseValidationError } from '../../core/errors.js';
import type { ApiKeyRequest } from '../../core/api-key.js';
import type { Wallet } from '../../core/headers.js';
import { sessionKeyResponseSchema, walletSchema } from '../../core/schemas.js';
import { decodeSessionKey, expiresAt } from '../../core/session-key.js';
import { checkOption } from '../../core/validate.js';
import { serverMessages } from '../messages.js';
import { checkHeaderValue } from './header-value.js';

const WHAT = 'GET /api/auth/session-key';

/** How `getSessionKey` asks for a key. */
export interface SessionKeyOptions {
  /** A Web3 customer's wallet: sends x-service-auth-blockchain and x-service-auth-wallet. */
  wallet?: Wallet;
  /**
   * A key the service refused. The client always mints a new key, so it ignores this; a
   * session-key cache evicts the key it holds when it is this one.
   */
  rejectedKey?: string;
}

/** A session key, with what the page and a cache need to know of it. */
export interface SessionKey {
  /** The session key to hand to the customer's page. */
  key: string;
  /** The customer it was made for. */
  customerId: string;
  /** Milliseconds since the epoch at which the key stops working (its `exp`). */
  expiresAt: number;
}

export function sessionKeyCalls(request: ApiKeyRequest) {
  return {
    async getSessionKey(customerId: string, options: SessionKeyOptions = {}): Promise<SessionKey> {
      checkHeaderValue('customerId', customerId);
      const wallet =
        options?.wallet === undefined
          ? undefined
          : checkOption('wallet', walletSchema, options.wallet);
      const { key } = await request({
        method: 'GET',
        path: '/api/auth/session-key',
        userId: customerId,
        wallet,
        schema: sessionKeyResponseSchema,
      });
      let claims;
      try {
        claims = decodeSessionKey(key);
      } catch (error) {
        const problem = error instanceof Error ? error.message : 'is not a session key';
        throw new ResponseValidationError(WHAT, [{ path: 'key', problem }]);
      }
      if (claims.customerId !== customerId) {
        throw new ResponseValidationError(WHAT, [
          { path: 'key', problem: serverMessages.sessionKeyForOtherCustomer() },
        ]);
      }
      return { key, customerId, expiresAt: expiresAt(claims) };
    },
  };
}

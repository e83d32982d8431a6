// What CheckoutProvider shares with the hooks and components below it.
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { DeviceScriptScope } from '../checkout/device-script-scope.js';
import type { MerchantIdentity } from '../checkout/merchant.js';
import type { CheckoutMessages } from '../checkout/messages/index.js';
import type { Session } from '../checkout/session.js';
import type { Env } from '../core/config.js';
import type { FieldIssue } from '../core/errors.js';
import type { Wallet } from '../core/headers.js';
import type { HttpClient } from '../core/http.js';
import { messages } from '../core/messages.js';

/** Internal: what the provider shares. */
export interface CheckoutContextValue {
  env: Env;
  merchantId: string;
  baseUrl: string;
  http: HttpClient;
  queryClient: QueryClient;
  wallet?: Wallet;
  /** The current key's customer, for query keys. */
  customerId: string;
  /** True once the key has expired and there is no renewer: nothing will be sent. */
  sessionExpired: boolean;
  /**
   * Goes up by one each time the app passes a new `sessionKey` prop (not on renewals): what
   * failed with the old key (a refusal, a block, a verification request) is worth trying again.
   */
  sessionVersion: number;
  /** The fingerprint scripts mounted inside this provider: its checkouts send their device id. */
  deviceScripts: DeviceScriptScope;
  /** Runs a request with a live session key (src/checkout/session.ts). */
  withSessionKey: Session['withSessionKey'];
  /** Whom the payer authorizes, and where they can revoke it. */
  merchant: MerchantIdentity;
  /** The checkouts' locale: a BCP 47 tag, or "auto" for the browser's languages. */
  locale: string;
  /** The app's replacements for the checkout's messages. */
  messageOverrides: Partial<CheckoutMessages>;
  /** What is wrong with the provider's merchant and message props: its checkouts take no payment. */
  setupIssues: FieldIssue[];
}

export const CheckoutContext = createContext<CheckoutContextValue | null>(null);
CheckoutContext.displayName = 'CheckoutContext';

/** The surrounding provider's state; throws a message naming the provider when there is none. */
export function useCheckoutContext(hook: string): CheckoutContextValue {
  const context = useContext(CheckoutContext);
  if (!context) throw new Error(messages.missingProvider(hook));
  return context;
}

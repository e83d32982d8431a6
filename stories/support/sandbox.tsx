// Stories run against the real sandbox, not hand-written JSON: every story gets a fresh one behind
// MSW and a session key minted for the customer its `sandbox` parameter names. The customer id's
// magic prefix (MAGIC in service-checkout/sandbox) picks the state the service answers with.
import type { StoryContext } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import {
  CheckoutProvider,
  LOCAL_SANDBOX_URL,
  type CheckoutProviderProps,
} from '../../src/index.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { sandboxHandlers } from '../../src/sandbox/msw.js';

/** The story's `parameters.sandbox`. */
export interface SandboxParameter {
  /** Whom the session key is for: an ordinary id, or one starting with a MAGIC prefix. */
  customerId: string;
  /** Lifetime of the minted session key; the sandbox's 24 hours by default. */
  expiresInSeconds?: number;
  /** Delay before every answer of the sandbox. */
  latencyMs?: number;
}

/** What the loader hands the story as `loaded.session`. */
export interface StorySession {
  sandbox: Sandbox;
  sessionKey: string;
  merchantId: string;
  customerId: string;
}

export const BASE_URL = LOCAL_SANDBOX_URL;

/** The merchant the stories' payers authorize, as a storefront passes it to the provider. */
export const STORY_MERCHANT = {
  merchantName: 'Northwind Games',
  merchantContact: 'support@northwind.example',
} as const;

// A short, real-feeling wait for people browsing; none under test automation.
const BROWSING_LATENCY_MS = typeof navigator !== 'undefined' && navigator.webdriver ? 0 : 350;

/** Loader: a fresh sandbox behind MSW and a session key for `parameters.sandbox.customerId`. */
export async function withSandbox(
  context: Pick<StoryContext, 'parameters'>,
): Promise<{ session: StorySession }> {
  // Set by mswLoader, which the preview runs before the stories' own loaders.
  const { msw } = context as unknown as Pick<StoryContext, 'msw'>;
  const options = context.parameters.sandbox as SandboxParameter | undefined;
  if (!options) throw new Error('withSandbox needs parameters.sandbox = { customerId }');
  const sandbox = createSandbox({ latencyMs: options.latencyMs ?? BROWSING_LATENCY_MS });
  // Stories share one page: an answer cached by one (the device script) must not reach the next.
  const handle = async (request: Request) => {
    const response = await sandbox.handle(request);
    response.headers.set('cache-control', 'no-store');
    return response;
  };
  msw.use(...sandboxHandlers({ ...sandbox, handle }, { baseUrl: BASE_URL }));
  const sessionKey = await sandbox.mintSessionKey(options.customerId, {
    expiresInSeconds: options.expiresInSeconds,
  });
  const session: StorySession = {
    sandbox,
    sessionKey,
    merchantId: sandbox.merchantId,
    customerId: options.customerId,
  };
  return { session };
}

export function storySession(context: Pick<StoryContext, 'loaded'>): StorySession {
  const session = context.loaded.session as StorySession | undefined;
  if (!session) throw new Error('This story needs the withSandbox loader');
  return session;
}

/** The provider as a storefront renders it, with the story's session key. */
export function SandboxProvider(props: {
  session: StorySession;
  children: ReactNode;
  provider?: Partial<CheckoutProviderProps>;
}) {
  const { session, children, provider } = props;
  return (
    <CheckoutProvider
      sessionKey={session.sessionKey}
      merchantId={session.merchantId}
      env="local"
      {...STORY_MERCHANT}
      {...provider}
    >
      {children}
    </CheckoutProvider>
  );
}

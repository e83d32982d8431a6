// The session store (src/checkout/session.ts) for one provider: fed the app's latest key and
// renewer before anything below reads it, watching expiry while mounted, read on every change.
import { useEffect, useInsertionEffect, useState, useSyncExternalStore } from 'react';
import {
  activeKey,
  createSession,
  sessionExpired,
  type ActiveKey,
  type Session,
  type SessionInputs,
} from '../checkout/session.js';

export function useSession(
  inputs: SessionInputs,
  merchantId: string,
): { session: Session; active: ActiveKey; expired: boolean } {
  const [session] = useState(() => createSession({ ...inputs, merchantId }));
  // Before any effect below runs a request with the session.
  useInsertionEffect(() => session.update(inputs));
  useEffect(() => session.start(), [session]);
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return {
    session,
    active: activeKey(state, inputs),
    expired: sessionExpired(state, inputs),
  };
}

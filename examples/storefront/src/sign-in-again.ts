// A session that ended under an open page (time travel took the shop's clock past it, or it ran
// out): the page opens the sign-in page, which says why in plain words and leads back after,
// instead of staying on a page whose every request now fails.
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, queryKeys } from './api.js';
import { navigate } from './router.js';

/** Why a page sent someone to sign in again (the sign-in page's `?ended=`); src/text words it. */
const SIGN_IN_AGAIN_REASONS = ['time-travel', 'session-ended'] as const;

export type SignInAgainReason = (typeof SIGN_IN_AGAIN_REASONS)[number];

/** The reason an address names, if it names one of ours (the address is anyone's to write). */
export function isSignInAgainReason(value: string | null): value is SignInAgainReason {
  return SIGN_IN_AGAIN_REASONS.some((reason) => reason === value);
}

/** The shop's answer to a request made with a session that has ended. */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Opens the sign-in page, saying why, and comes back to `next` after the sign-in. */
export function signInAgain(queryClient: QueryClient, reason: SignInAgainReason, next: string) {
  navigate(`/sign-in?${new URLSearchParams({ next, ended: reason })}`, { replace: true });
  // What was read for the ended session, refusals included: back at `next`, the page reads
  // afresh instead of finding the session ended again in what it kept.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.config[0] });
  queryClient.setQueryData(queryKeys.me, { customer: null });
}

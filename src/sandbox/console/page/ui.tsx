// What every section of the console shares: reads that follow the sandbox, actions that announce
// what they did and refresh the reads, and the small pieces that show times, money and problems.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { ConsoleAnswers } from '../contract.js';
import { useAnnouncer } from './announcer.js';
import { consoleCall } from './api.js';

type Route = keyof ConsoleAnswers;
type CallOptions = NonNullable<Parameters<typeof consoleCall>[1]>;

/** How often reads of what changes by itself (payments, deliveries, events) are repeated. */
const FOLLOW_MS = 1_500;

/** Reads a GET route; `follow` repeats it while the page is open. */
export function useConsoleRead<R extends Route>(
  route: R,
  options: { follow?: boolean; query?: Record<string, string> } = {},
) {
  return useQuery({
    queryKey: [route, options.query ?? {}],
    queryFn: () => consoleCall(route, { query: options.query }),
    refetchInterval: options.follow ? FOLLOW_MS : false,
  });
}

/**
 * An action on a POST route. As soon as the sandbox answers, `result` puts what it did in words
 * for the announcer. The mutation's own options say it, not a callback of the component that
 * called, which TanStack Query drops when that component has gone (a form re-keyed on what it
 * saved). Then every read is refreshed, as one change shows in many; the action stays pending
 * until they are, so a control shows its new state without flickering back.
 */
export function useConsoleAction<R extends Route, Call extends CallOptions = CallOptions>(
  route: R,
  result: (answer: ConsoleAnswers[R], call: Call) => string,
) {
  const client = useQueryClient();
  const { announce } = useAnnouncer();
  return useMutation({
    mutationFn: (call: Call) => consoleCall(route, call),
    onSuccess: (answer, call) => {
      announce(result(answer, call));
      return client.invalidateQueries();
    },
  });
}

/** A read's or an action's failure, announced as it appears. */
export function Problem({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p className="problem" role="alert">
      {error.message}
    </p>
  );
}

/**
 * A button whose action may be running. While `busy` it says so (`aria-disabled`) and ignores
 * presses, but stays focusable: a disabled button drops the keyboard's focus to the page.
 */
export function ActionButton({
  busy,
  onClick,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean }) {
  return (
    <button
      type="button"
      {...props}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        // Also stops a submit button's form, by a click or by Enter in a field.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}

/** Wide content that scrolls sideways on a phone, reachable by keyboard. */
export function Scrolls({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrollable region takes focus so that a keyboard can scroll it.
    <div className="scrolls" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export function Time({ at }: { at: string | null | undefined }) {
  if (!at) return <>never</>;
  return <time dateTime={at}>{new Date(at).toLocaleString()}</time>;
}

export function formatMoney(money: { cents: number; currency: string }): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: money.currency }).format(
    money.cents / 100,
  );
}

export function Loading({ what }: { what: string }) {
  return <p className="quiet">Loading {what}…</p>;
}

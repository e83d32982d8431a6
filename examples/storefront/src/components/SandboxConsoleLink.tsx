// Staff's way into the sandbox console, signed in: the shop's server asks the embedded sandbox for
// an address that opens its console once, within a minute, and the page goes there at once. The
// console's own token never reaches this page; the address is spent as the console opens.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.js';
import { isSessionEnded, signInAgain } from '../sign-in-again.js';
import { Notice } from './ui.js';

export function SandboxConsoleLink() {
  const queryClient = useQueryClient();
  const open = useMutation({
    mutationFn: api.sandboxConsole,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      if (isSessionEnded(error)) signInAgain(queryClient, 'session-ended', '/merchant');
    },
  });
  return (
    // A staff tool, in English on every page: marked so for screen readers and layout.
    <div lang="en" dir="ltr">
      <p>
        Keys, webhook deliveries, payments and customers are in the sandbox console, the
        service&apos;s dashboard in test mode.{' '}
        <button
          type="button"
          className="button button--small button--secondary"
          aria-disabled={open.isPending || undefined}
          onClick={() => {
            if (!open.isPending) open.mutate();
          }}
        >
          {open.isPending ? 'Opening…' : 'Open the sandbox console'}
        </button>
      </p>
      {open.error && !isSessionEnded(open.error) ? (
        <Notice tone="danger" title="The sandbox console did not open">
          {open.error.message}
        </Notice>
      ) : null}
    </div>
  );
}

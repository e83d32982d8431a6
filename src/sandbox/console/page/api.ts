// The console's calls to its HTTP API (src/sandbox/console/api.ts): same origin, with the
// session cookie and the header that proves the console page made the call.
import { CONSOLE_API_PATH, CONSOLE_HEADER, type ConsoleAnswers } from '../contract.js';

/** A call the API refused, with the sandbox's message. */
export class ConsoleCallError extends Error {
  override name = 'ConsoleCallError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Route = keyof ConsoleAnswers;

/**
 * Calls `route` (`'POST /keys/:id/revoke'`) with its `:id` filled in and `body` as JSON, and
 * resolves with the answer typed as the contract says.
 */
export async function consoleCall<R extends Route>(
  route: R,
  options: { id?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<ConsoleAnswers[R]> {
  const [method, pattern] = route.split(' ') as [string, string];
  const path = pattern.replace(':id', encodeURIComponent(options.id ?? ''));
  const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
  let response: Response;
  try {
    response = await fetch(`${CONSOLE_API_PATH}${path}${query}`, {
      method,
      credentials: 'same-origin',
      headers: {
        [CONSOLE_HEADER]: '1',
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ConsoleCallError(0, 'The sandbox did not answer: is it still running?');
  }
  const payload = (await response.json().catch(() => undefined)) as
    { message?: unknown } | undefined;
  if (!response.ok) throw new ConsoleCallError(response.status, messageFor(response, payload));
  return payload as ConsoleAnswers[R];
}

function messageFor(response: Response, payload: { message?: unknown } | undefined): string {
  if (response.status === 401) {
    return 'This console session has ended (the sandbox restarted?): open the address the sandbox printed again.';
  }
  return typeof payload?.message === 'string'
    ? payload.message
    : `The sandbox answered ${response.status}.`;
}

// The sandbox's own calls over HTTP, for a test suite that talks to the sandbox command (or a
// hosted sandbox) instead of holding a Sandbox: its clock, read and moved, so that the suite
// moves time instead of waiting. Apart from the merchant's client on purpose: the live service's
// time is real, so no client of it has a clock to move.
import { checkApiKey, createApiKeyHttp, scrubbingKey } from '../core/api-key.js';
import { ConfigError } from '../core/errors.js';
import type { FetchLike } from '../core/http.js';
import { messages } from '../core/messages.js';
import { clockAdvanceRequestSchema, clockResponseSchema } from '../core/schemas.js';
import { validate } from '../core/validate.js';

const CLOCK_PATH = '/api/sandbox/clock';

/** The envs that point at a sandbox: the sandbox command (`npm run sandbox`) and a hosted one. */
const SANDBOX_ENVS = ['local', 'sandbox'] as const;

/** What createSandboxClient takes. */
export interface SandboxClientOptions {
  /** The sandbox merchant's API key. Kept in a closure: never a property, never in an error. */
  apiKey: string;
  /** `local` (default), the sandbox command at its default address, or `sandbox`, a hosted one. */
  env?: (typeof SANDBOX_ENVS)[number];
  /** Overrides the env's address: the sandbox command on another port, or a hosted sandbox. */
  baseUrl?: string;
  /** Defaults to the global fetch. */
  fetch?: FetchLike;
}

/**
 * A client of a sandbox's own calls, from createSandboxClient. Every error it throws or rejects
 * with is one of the library's and never carries the API key.
 */
export interface SandboxClient {
  /** The sandbox address requests go to. */
  readonly baseUrl: string;
  /** GET /api/sandbox/clock: the sandbox's time. Retries network faults and 5xx. */
  clock(): Promise<{ now: Date }>;
  /**
   * POST /api/sandbox/clock: moves the sandbox's time `advanceMs` forward (a whole number from
   * 1 to 400 days' worth), runs every payment step and webhook delivery that became due, in
   * time order, and answers once they ran. Never retried on its own: a repeat would move the
   * time twice.
   */
  advanceClock(advanceMs: number): Promise<{ now: Date }>;
}

/**
 * A client of the sandbox's clock over HTTP, for tests that run against the sandbox command or a
 * hosted sandbox. Throws a ConfigError naming the first option that cannot work, before any
 * request: an env other than `local` or `sandbox` among them.
 */
export function createSandboxClient(options: SandboxClientOptions): SandboxClient {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigError('options', messages.invalidOption('options', 'must be an object'));
  }
  const apiKey = checkApiKey(options.apiKey);
  // An option's value is echoed in its error (a baseUrl, say): the key may have been pasted there.
  return scrubbingKey(apiKey, () => {
    const env = options.env ?? 'local';
    if (!(SANDBOX_ENVS as readonly unknown[]).includes(env)) {
      throw new ConfigError(
        'env',
        messages.invalidOption(
          'env',
          `must be "local" (the sandbox command, the default) or "sandbox" (a hosted sandbox); received ${JSON.stringify(env)}: the live service's time is real and cannot be moved`,
        ),
      );
    }
    const { baseUrl, request } = createApiKeyHttp({
      apiKey,
      env,
      baseUrl: options.baseUrl,
      fetch: options.fetch,
    });
    return {
      baseUrl,
      async clock() {
        const { now } = await request({
          method: 'GET',
          path: CLOCK_PATH,
          schema: clockResponseSchema,
        });
        return { now: new Date(now) };
      },
      async advanceClock(advanceMs) {
        const checked = validate(clockAdvanceRequestSchema, { advanceMs });
        if (!checked.ok) {
          const problem = checked.issues[0]?.problem ?? 'must be a whole number of milliseconds';
          throw new ConfigError('advanceMs', messages.invalidOption('advanceMs', problem));
        }
        const { now } = await request({
          method: 'POST',
          path: CLOCK_PATH,
          schema: clockResponseSchema,
          body: checked.value,
        });
        return { now: new Date(now) };
      },
    };
  });
}

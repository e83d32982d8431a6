// Calls only a sandbox serves: its clock, read and moved over HTTP, so a test suite that talks
// to the sandbox command (or a hosted sandbox) moves time instead of waiting. The client knows
// its env; on any env that is not a sandbox these refuse before sending anything, because the
// live service's time is real.
import type { Env } from '../core/config.js';
import { ConfigError } from '../core/errors.js';
import type { Credentials } from '../core/headers.js';
import type { HttpClient } from '../core/http.js';
import { messages } from '../core/messages.js';
import { clockAdvanceRequestSchema, clockResponseSchema } from '../core/schemas.js';
import { validate } from '../core/validate.js';
import { serverMessages } from './messages.js';

const CLOCK_PATH = '/api/sandbox/clock';

/** The envs that point at a sandbox: the local one (`npm run sandbox`) and the hosted one. */
const SANDBOX_ENVS: readonly Env[] = ['local', 'sandbox'];

export interface SandboxClock {
  /** The sandbox's time. */
  now: Date;
}

/** Sandbox only: on a client whose env is `prod`, each rejects with a ConfigError naming `env`. */
export interface SandboxCalls {
  /** GET /api/sandbox/clock: the sandbox's time. Retries network faults and 5xx. */
  clock(): Promise<SandboxClock>;
  /**
   * POST /api/sandbox/clock: moves the sandbox's time `advanceMs` forward (a whole number from
   * 1 to 400 days' worth), runs every payment step and webhook delivery that became due, in
   * time order, and answers once they ran. Never retried on its own: a repeat would move the
   * time twice.
   */
  advanceClock(advanceMs: number): Promise<SandboxClock>;
}

export function createSandboxCalls(
  env: Env,
  http: HttpClient,
  credentials: Credentials,
): SandboxCalls {
  function requireSandbox(method: keyof SandboxCalls): void {
    if (!SANDBOX_ENVS.includes(env)) {
      throw new ConfigError('env', serverMessages.sandboxOnly(`merchant.sandbox.${method}`, env));
    }
  }

  return {
    async clock() {
      requireSandbox('clock');
      const { now } = await http.request({
        method: 'GET',
        path: CLOCK_PATH,
        credentials,
        schema: clockResponseSchema,
      });
      return { now: new Date(now) };
    },
    async advanceClock(advanceMs) {
      requireSandbox('advanceClock');
      const checked = validate(clockAdvanceRequestSchema, { advanceMs });
      if (!checked.ok) {
        const problem = checked.issues[0]?.problem ?? 'must be a whole number of milliseconds';
        throw new ConfigError('advanceMs', messages.invalidOption('advanceMs', problem));
      }
      const { now } = await http.request({
        method: 'POST',
        path: CLOCK_PATH,
        credentials,
        schema: clockResponseSchema,
        body: checked.value,
      });
      return { now: new Date(now) };
    },
  };
}

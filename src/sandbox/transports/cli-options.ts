// The sandbox command's flags and environment variables, read and checked before anything
// starts, and the usage text that lists them. A flag wins over its variable. PORT is not read:
// it is the merchant's own app's port, set in the same shell.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_HOST, DEFAULT_PORT } from './node-server.js';
import {
  DEFAULT_API_KEY,
  DEFAULT_MERCHANT_ID,
  DEFAULT_SESSION_KEY_TTL_SECONDS,
  type SandboxOptions,
} from '../sandbox.js';
import { DEFAULT_SETTLE_STEP_MS } from './sandbox-options.js';
import { SETTLEMENT_CHOICES, SETTLEMENT_MODES, type Settlement } from '../service/settlement.js';

const COMMAND = 'service-checkout-sandbox';
const DEFAULT_DATA_DIR = '.sandbox-data';

/** Exit statuses: 1 is a failure at run time (a port in use, a data file it cannot use). */
export const EXIT_USAGE = 2;

export const USAGE = `Usage: ${COMMAND} [options]

Runs the payments service's sandbox on http://${DEFAULT_HOST}:${DEFAULT_PORT} until Ctrl+C, SIGTERM,
SIGHUP or the end of the process that started it. A flag wins over its variable.

Options:
  --port <n>             port, 0 for a free one (else SANDBOX_PORT, else ${DEFAULT_PORT}; PORT is not read)
  --data-dir <dir>       where the state is kept (else SANDBOX_DATA_DIR, else ./${DEFAULT_DATA_DIR})
  --in-memory            keep nothing on disk
  --settlement <mode>    steps or banking (else SANDBOX_SETTLEMENT, else steps)
  -h, --help             print this and exit

Environment variables:
  SANDBOX_PORT                     port when --port is not given (default ${DEFAULT_PORT})
  SANDBOX_HOST                     address to listen on (default ${DEFAULT_HOST})
  SANDBOX_MERCHANT_ID              the seeded merchant's id (default ${DEFAULT_MERCHANT_ID})
  SANDBOX_API_KEY                  the seeded merchant's API key (default ${DEFAULT_API_KEY})
  SANDBOX_JWT_SECRET               HS256 secret of session keys, as UTF-8 (default: random, kept)
  SANDBOX_LATENCY_MS               delay before every answer, 0 to 60000 (default 0)
  SANDBOX_SESSION_KEY_TTL_SECONDS  lifetime of new session keys (default ${DEFAULT_SESSION_KEY_TTL_SECONDS})
  SANDBOX_SETTLE_STEP_MS           time between a payment's steps (default ${DEFAULT_SETTLE_STEP_MS})
  SANDBOX_SETTLEMENT               steps (every SANDBOX_SETTLE_STEP_MS) or banking (banking days)
  SANDBOX_WEBHOOK_URL              where payment events are POSTed (default: none)
  SANDBOX_WEBHOOK_KEY              the key webhooks are signed with (default: random, printed)
  SANDBOX_REQUIRE_SIGNED_CHECKOUT  1: a purchase without jwtToken is a 400
  SANDBOX_DATA_DIR                 where the state is kept when --data-dir is not given
  SANDBOX_IN_MEMORY                1: keep nothing on disk; SANDBOX_DATA_DIR is ignored
  SANDBOX_CONSOLE_TOKEN            the token in the console address (default: random per start)

Exit status:
  0  stopped by Ctrl+C, SIGTERM or SIGHUP, or because the parent process exited
  1  could not start or stop: a port in use, a data file it cannot use
  2  a flag or variable it cannot use
`;

/** Smallest and largest value an integer setting takes. */
type Range = [min: number, max: number];
const PORTS: Range = [0, 65_535];

/** A flag or variable the command cannot use; the message names it. Exit status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface CommandSettings {
  port: number;
  host: string;
  /** Absolute; undefined keeps everything in memory. */
  dataDir: string | undefined;
  consoleToken: string | undefined;
  sandbox: Omit<SandboxOptions, 'log' | 'onError'> & {
    latencyMs: number;
    sessionKeyTtlSeconds: number;
    settleStepMs: number;
    settlement: Settlement;
    requireSignedCheckout: boolean;
  };
  /** Set when PORT is set but does not move the sandbox, to say so in the banner. */
  portIgnored: boolean;
}

/**
 * Reads the command line and the environment. Undefined means `--help` was asked for; anything
 * it cannot use throws a UsageError.
 */
export function readCommandLine(
  args: string[],
  env: NodeJS.ProcessEnv,
): CommandSettings | undefined {
  const flags = readFlags(args);
  if (flags.help) return undefined;
  const variable = (name: string): string | undefined => {
    const raw = env[name];
    return raw === undefined || raw.trim() === '' ? undefined : raw;
  };
  const integer = (name: string, raw: string | undefined, fallback: number, [min, max]: Range) => {
    if (raw === undefined) return fallback;
    const value = Number(raw.trim());
    if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
      throw new UsageError(
        `${name} must be an integer from ${min} to ${max}; received ${JSON.stringify(raw)}`,
      );
    }
    return value;
  };
  const integerVariable = (name: string, fallback: number, range: Range) =>
    integer(name, variable(name), fallback, range);

  const port =
    flags.port !== undefined
      ? integer('--port', flags.port, DEFAULT_PORT, PORTS)
      : integerVariable('SANDBOX_PORT', DEFAULT_PORT, PORTS);
  const inMemory = flags.inMemory || (flags.dataDir === undefined && env.SANDBOX_IN_MEMORY === '1');
  return {
    port,
    host: variable('SANDBOX_HOST') ?? DEFAULT_HOST,
    dataDir: inMemory
      ? undefined
      : resolve(flags.dataDir ?? variable('SANDBOX_DATA_DIR') ?? DEFAULT_DATA_DIR),
    consoleToken: variable('SANDBOX_CONSOLE_TOKEN'),
    sandbox: {
      merchantId: variable('SANDBOX_MERCHANT_ID'),
      apiKey: variable('SANDBOX_API_KEY'),
      jwtSecret: variable('SANDBOX_JWT_SECRET'),
      latencyMs: integerVariable('SANDBOX_LATENCY_MS', 0, [0, 60_000]),
      sessionKeyTtlSeconds: integerVariable(
        'SANDBOX_SESSION_KEY_TTL_SECONDS',
        DEFAULT_SESSION_KEY_TTL_SECONDS,
        [1, 31_536_000],
      ),
      settleStepMs: integerVariable(
        'SANDBOX_SETTLE_STEP_MS',
        DEFAULT_SETTLE_STEP_MS,
        [1, 3_600_000],
      ),
      settlement:
        flags.settlement !== undefined
          ? settlement('--settlement', flags.settlement)
          : settlement('SANDBOX_SETTLEMENT', variable('SANDBOX_SETTLEMENT') ?? 'steps'),
      webhookUrl: variable('SANDBOX_WEBHOOK_URL'),
      webhookKey: variable('SANDBOX_WEBHOOK_KEY'),
      requireSignedCheckout: env.SANDBOX_REQUIRE_SIGNED_CHECKOUT === '1',
    },
    portIgnored:
      variable('PORT') !== undefined &&
      flags.port === undefined &&
      variable('SANDBOX_PORT') === undefined,
  };
}

/** One of the settlement modes, by the name of the flag or variable that gave it. */
function settlement(name: string, raw: string): Settlement {
  const known = SETTLEMENT_MODES.find((mode) => mode === raw.trim());
  if (!known) {
    throw new UsageError(`${name} must be ${SETTLEMENT_CHOICES}; received ${JSON.stringify(raw)}`);
  }
  return known;
}

interface Flags {
  help: boolean;
  port: string | undefined;
  dataDir: string | undefined;
  inMemory: boolean;
  settlement: string | undefined;
}

/** The flags, each checked: a name it knows, a value where one is needed and none elsewhere. */
function readFlags(args: string[]): Flags {
  // Not strict: the checks below name the flag in one line, where parseArgs's own errors
  // run to several sentences.
  const { tokens } = parseArgs({
    args,
    strict: false,
    allowPositionals: true,
    tokens: true,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'in-memory': { type: 'boolean' },
      settlement: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const flags: Flags = {
    help: false,
    port: undefined,
    dataDir: undefined,
    inMemory: false,
    settlement: undefined,
  };
  for (const token of tokens) {
    if (token.kind === 'positional') {
      throw new UsageError(`unexpected argument ${JSON.stringify(token.value)}`);
    }
    if (token.kind === 'option-terminator') continue;
    switch (token.name) {
      case 'help':
      case 'in-memory':
        if (token.value !== undefined) throw new UsageError(`${token.rawName} takes no value`);
        if (token.name === 'help') flags.help = true;
        else flags.inMemory = true;
        break;
      case 'port':
      case 'data-dir':
      case 'settlement':
        // `--port --in-memory` forgot the port: a value taken from the next argument may not
        // look like a flag (`--data-dir=-odd` still may).
        if (token.value === undefined || (!token.inlineValue && token.value.startsWith('-'))) {
          throw new UsageError(`${token.rawName} needs a value`);
        }
        if (token.name === 'port') flags.port = token.value;
        else if (token.name === 'settlement') flags.settlement = token.value;
        else flags.dataDir = token.value;
        break;
      default:
        throw new UsageError(`unknown option ${token.rawName}`);
    }
  }
  if (flags.inMemory && flags.dataDir !== undefined) {
    throw new UsageError('--data-dir and --in-memory exclude each other');
  }
  return flags;
}

// createSandbox's options, checked in the order docs/testing.md lists them: a value it cannot use
// is a ConfigError naming the option. Options given win over what a kept state holds.
import { ConfigError, formatIssues } from '../../core/errors.js';
import { messages } from '../../core/messages.js';
import { parseSandboxState } from '../persistence/parse-state.js';
import type { SandboxState } from '../persistence/state.js';
import {
  DEFAULT_API_KEY,
  DEFAULT_MERCHANT_ID,
  DEFAULT_SESSION_KEY_TTL_SECONDS,
  type SandboxOptions,
} from '../sandbox.js';
import { secretBytes } from '../service/session-keys.js';
import { SETTLEMENT_CHOICES, SETTLEMENT_MODES, type Settlement } from '../service/settlement.js';

/** The options, checked; what was left out is undefined where the state decides. */
export interface SandboxSettings {
  /** The state to start from, brought up to this build's version. */
  state: SandboxState | undefined;
  merchantId: string;
  apiKey: string;
  /** The jwtSecret option's bytes, which sign session keys in place of the kept secret. */
  jwtSecret: Uint8Array | undefined;
  latencyMs: number;
  sessionKeyTtlSeconds: number;
  clock: () => number;
  settleStepMs: number;
  settlement: Settlement;
  webhookKey: string | undefined;
  webhookUrl: string | undefined;
}

export const DEFAULT_SETTLE_STEP_MS = 2_000;

/** The options, checked; `kept`, a state already checked, stands in for the `state` option. */
export function settingsOf(options: SandboxOptions, kept?: SandboxState): SandboxSettings {
  const clock = options.now ?? Date.now;
  const state =
    kept ?? (options.state === undefined ? undefined : stateOption(options.state, clock()));
  const merchantId = nonEmptyOption(
    'merchantId',
    options.merchantId,
    state?.merchantId ?? DEFAULT_MERCHANT_ID,
  );
  if (state && merchantId !== state.merchantId) {
    throw new ConfigError(
      'merchantId',
      messages.invalidOption(
        'merchantId',
        `must be the state's merchant, ${JSON.stringify(state.merchantId)}, whose keys, customers and payments it holds`,
      ),
    );
  }
  return {
    state,
    merchantId,
    apiKey: nonEmptyOption('apiKey', options.apiKey, DEFAULT_API_KEY),
    jwtSecret:
      options.jwtSecret === undefined
        ? undefined
        : secretBytes(nonEmptyOption('jwtSecret', options.jwtSecret, '')),
    latencyMs: numberOption('latencyMs', options.latencyMs, 0, 0),
    sessionKeyTtlSeconds: numberOption(
      'sessionKeyTtlSeconds',
      options.sessionKeyTtlSeconds,
      DEFAULT_SESSION_KEY_TTL_SECONDS,
      1,
    ),
    clock,
    settleStepMs: numberOption('settleStepMs', options.settleStepMs, DEFAULT_SETTLE_STEP_MS, 1),
    settlement: settlementOption(options.settlement),
    webhookKey:
      options.webhookKey === undefined
        ? undefined
        : nonEmptyOption('webhookKey', options.webhookKey, ''),
    webhookUrl:
      options.webhookUrl === undefined ? undefined : urlOption('webhookUrl', options.webhookUrl),
  };
}

/** An http(s) URL, normalised; a ConfigError naming `name` otherwise. */
export function urlOption(name: string, value: string): string {
  if (typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value)) {
    try {
      return new URL(value).href;
    } catch {
      // Reported below.
    }
  }
  throw new ConfigError(name, messages.invalidOption(name, 'must be an http(s) URL'));
}

function stateOption(value: unknown, nowMs: number): SandboxState {
  const parsed = parseSandboxState(value, nowMs);
  if (parsed.ok) return parsed.value;
  throw new ConfigError(
    'state',
    messages.invalidOption(
      'state',
      `is not a sandbox state this version reads: ${formatIssues(parsed.issues.slice(0, 3))}`,
    ),
  );
}

function settlementOption(value: Settlement | undefined): Settlement {
  if (value === undefined) return 'steps';
  const known = SETTLEMENT_MODES.find((mode) => mode === value);
  if (known) return known;
  throw new ConfigError(
    'settlement',
    messages.invalidOption('settlement', `must be ${SETTLEMENT_CHOICES}`),
  );
}

function nonEmptyOption(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(name, messages.invalidOption(name, 'must be a non-empty string'));
  }
  return value;
}

function numberOption(name: string, value: number | undefined, fallback: number, min: number) {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new ConfigError(
      name,
      messages.invalidOption(name, `must be a number of at least ${min}`),
    );
  }
  return value;
}

// A state checked on the way in, as it may come from a file a person edited (but for a
// state.json that matches its own seal, persistence/seal.ts), and brought up to this build's
// version; the data directory's journal checks each record it replays with the same schemas.
import { validate, type Validation } from '../../core/validate.js';
import {
  stateSchemas,
  type SandboxStateV1,
  type SandboxStateV2,
  type SandboxStateV3,
  type SandboxStateV4,
} from './state-schemas.js';
import {
  SANDBOX_STATE_VERSION,
  type RecordKind,
  type SandboxState,
  type StoredMerchant,
  type StoredRecords,
} from './state.js';

/**
 * The state, brought up to this build's version, when it has the shape of a version this build
 * reads; the problems by field otherwise. `nowMs` is the caller's clock: payer events of an older
 * state, which did not keep when they came, count as received at the sandbox's time then.
 */
export function parseSandboxState(
  input: unknown,
  nowMs: number = Date.now(),
): Validation<SandboxState> {
  const parsed = validate(stateSchemas().state, input);
  if (!parsed.ok) return parsed;
  const state = parsed.value;
  if (state.version === SANDBOX_STATE_VERSION) return { ok: true, value: state };
  // Versions 5 and 6 differ only in what the schemas fill in (idempotency digests are compared
  // either way; a payment's authorization defaults to null).
  if (state.version === 5 || state.version === 6) {
    return { ok: true, value: { ...state, version: SANDBOX_STATE_VERSION } };
  }
  const v4 = state.version === 4 ? state : version4Of(state, nowMs);
  return { ok: true, value: withoutCopiedBodies({ ...v4, version: SANDBOX_STATE_VERSION }) };
}

/**
 * The state without the bodies its deliveries copied from events the log holds: each reads its
 * event's from then on. Deliveries of version 4 or older each kept a body; so do the lines of a
 * journal that follows a state.json of such a version, which is why a replay of one ends here
 * too. The same body, to the byte, whichever it sends.
 */
export function withoutCopiedBodies(state: SandboxState): SandboxState {
  const bodies = new Map(
    state.webhookEvents.map((logged) => [logged.event.id, JSON.stringify(logged.event)]),
  );
  const deliveries = state.deliveries.map((delivery) => {
    const { body, ...named } = delivery;
    return body !== undefined && body === bodies.get(delivery.eventId) ? named : delivery;
  });
  return { ...state, deliveries };
}

/** A version 1, 2 or 3 state as version 4 held it. */
function version4Of(
  state: SandboxStateV3 | SandboxStateV2 | SandboxStateV1,
  nowMs: number,
): SandboxStateV4 {
  const v3 = state.version === 3 ? state : version3Of(state, nowMs);
  // Webhook events are kept from version 4 on: an older state has none to list. Their counter
  // was kept before, so new events still get new ids.
  return { ...v3, version: 4, webhookEvents: [] };
}

/** A version 1 or 2 state as version 3 held it. */
function version3Of(state: SandboxStateV2 | SandboxStateV1, nowMs: number): SandboxStateV3 {
  // Version 1 knew no refunds and had no clock of its own to move.
  const v2: SandboxStateV2 =
    state.version === 2 ? state : { ...state, version: 2, refundKeys: [], clock: { offsetMs: 0 } };
  const receivedAt = new Date(nowMs + v2.clock.offsetMs).toISOString();
  return {
    ...v2,
    version: 3,
    events: v2.events.map((event, index) => ({ id: `pe_${index + 1}`, receivedAt, event })),
    counters: { ...v2.counters, payments: v2.payments.length, payerEvents: v2.events.length },
  };
}

/** A record of one kind, checked as a state's list holds it. */
export function parseRecord<K extends RecordKind>(
  kind: K,
  input: unknown,
): Validation<StoredRecords[K]> {
  return validate(stateSchemas().records[kind], input) as Validation<StoredRecords[K]>;
}

/** The merchant's settings, checked as a state holds them. */
export function parseMerchant(input: unknown): Validation<StoredMerchant> {
  return validate(stateSchemas().merchant, input);
}

// The data directory's journal: what changed since state.json was written, one JSON object per
// line, appended as it happens. A line puts a whole record (the record as it is now, so lines
// can be replayed more than once), deletes one, clears a kind (a reset), or sets the merchant's
// settings. Every line carries a sequence number; state.json names the last one it holds, so a
// replay skips what a newer state.json already has, whatever moment a crash came at.
import { formatIssues } from '../../core/errors.js';
import type { ServiceState } from '../service/state.js';
import { storedRecord, tableOf } from './snapshot.js';
import { parseMerchant, parseRecord } from './parse-state.js';
import {
  RECORD_KINDS,
  type RecordKind,
  type SandboxState,
  type StoredMerchant,
  type StoredRecords,
} from './state.js';

export type JournalEntry =
  | { seq: number; merchant: StoredMerchant }
  | { seq: number; put: RecordKind; row: StoredRecords[RecordKind] }
  | { seq: number; delete: RecordKind; key: string }
  | { seq: number; clear: RecordKind };

/** Each kind's key, as the state's tables key their rows. */
const KEY_OF: { [K in RecordKind]: (row: StoredRecords[K]) => string } = {
  customers: (customer) => customer.record.customerId,
  events: (received) => received.id,
  payments: (payment) => payment.paymentId,
  webhookEvents: (logged) => logged.event.id,
  deliveries: (delivery) => delivery.id,
  idempotency: (purchase) => purchase.scope,
  paidTokens: (paid) => paid.tokenId,
  refundKeys: (refund) => refund.idempotencyKey,
};

/**
 * The journal text of every change to the state's tables since they were last asked, and of
 * the merchant's settings when `merchantText` (their JSON) is not what was written last;
 * numbered from `firstSeq`. Empty when nothing changed. Rows are read now: call it at once.
 */
export function journalText(
  state: ServiceState,
  firstSeq: number,
  merchantText: string | undefined,
): { text: string; lastSeq: number } {
  const lines: string[] = [];
  let seq = firstSeq - 1;
  const line = (entry: Omit<JournalEntry, 'seq'>) => {
    seq += 1;
    lines.push(JSON.stringify({ seq, ...entry }));
  };
  for (const kind of RECORD_KINDS) {
    const table = tableOf(state, kind);
    const { cleared, keys } = table.takeChanges();
    if (cleared) line({ clear: kind });
    for (const key of keys) {
      const row = table.get(key);
      if (row === undefined) line({ delete: kind, key });
      else line({ put: kind, row: storedRecord(kind, row) });
    }
  }
  // After the rows: the counters it holds count every row above.
  if (merchantText !== undefined) lines.push(`{"seq":${(seq += 1)},"merchant":${merchantText}}`);
  return { text: lines.map((text) => `${text}\n`).join(''), lastSeq: seq };
}

/** What a journal holds, replayed onto the state it follows. */
export interface Replayed {
  state: SandboxState;
  /** The last sequence number in the journal, or the state's own when it adds nothing. */
  lastSeq: number;
  /** The length of the journal's complete lines, in bytes: a torn last line is not counted. */
  validBytes: number;
}

/** A journal line that cannot be used; `line` counts from 1. */
export class JournalError extends Error {
  override name = 'JournalError';
}

/**
 * Replays `journal` onto `base`: lines numbered after `afterSeq` are applied in order, earlier
 * ones (already in `base`) skipped. A last line cut short by a crash is left out; any other line
 * that does not parse, or holds a record that does not check, is a JournalError.
 */
export function replayJournal(base: SandboxState, journal: string, afterSeq: number): Replayed {
  // Only the kinds of record the journal changes are copied: after a clean stop it holds a few
  // lines or none (writer.ts), which the largest state replays in no time.
  const changed = new Map<RecordKind, Map<string, unknown>>();
  const rowsOf = (kind: RecordKind) => {
    let rows = changed.get(kind);
    if (!rows) {
      rows = keyed(kind, base[kind]);
      changed.set(kind, rows);
    }
    return rows;
  };
  let merchant: StoredMerchant = {
    apiKeys: base.apiKeys,
    webhook: base.webhook,
    withdrawals: base.withdrawals,
    counters: base.counters,
    clock: base.clock,
  };
  let lastSeq = afterSeq;
  let validBytes = 0;
  let offset = 0;
  for (let number = 1; offset < journal.length; number++) {
    const end = journal.indexOf('\n', offset);
    // A last line without its newline was being written when the sandbox stopped.
    if (end === -1) break;
    const text = journal.slice(offset, end);
    offset = end + 1;
    validBytes += Buffer.byteLength(text) + 1;
    const entry = parseEntry(text, number);
    if (entry.seq <= lastSeq) continue;
    lastSeq = entry.seq;
    if ('merchant' in entry) merchant = entry.merchant;
    else if ('put' in entry) rowsOf(entry.put).set(keyOf(entry.put, entry.row), entry.row);
    else if ('delete' in entry) rowsOf(entry.delete).delete(entry.key);
    else rowsOf(entry.clear).clear();
  }
  const listOf = <K extends RecordKind>(kind: K) => {
    const rows = changed.get(kind);
    // Each row came from `base` or through parseRecord for its kind.
    return (rows ? [...rows.values()] : base[kind]) as StoredRecords[K][];
  };
  const state: SandboxState = {
    ...base,
    ...merchant,
    customers: listOf('customers'),
    events: listOf('events'),
    payments: listOf('payments'),
    webhookEvents: listOf('webhookEvents'),
    deliveries: listOf('deliveries'),
    idempotency: listOf('idempotency'),
    paidTokens: listOf('paidTokens'),
    refundKeys: listOf('refundKeys'),
  };
  return { state, lastSeq, validBytes };
}

function keyed<K extends RecordKind>(kind: K, list: StoredRecords[K][]): Map<string, unknown> {
  return new Map(list.map((row) => [KEY_OF[kind](row), row]));
}

function keyOf<K extends RecordKind>(kind: K, row: StoredRecords[K]): string {
  return KEY_OF[kind](row);
}

function parseEntry(text: string, number: number): JournalEntry {
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    // Not the parser's message: it would quote the line, and lines hold secrets.
    throw new JournalError(`line ${number} is not JSON`);
  }
  const fields = (entry ?? {}) as Record<string, unknown>;
  const { seq } = fields;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) {
    throw new JournalError(`line ${number} has no sequence number`);
  }
  if ('merchant' in fields) {
    const merchant = parseMerchant(fields.merchant);
    if (!merchant.ok) throw invalid(number, merchant.issues);
    return { seq, merchant: merchant.value };
  }
  const kind = fields.put ?? fields.delete ?? fields.clear;
  if (!isKind(kind)) throw new JournalError(`line ${number} names no kind of record`);
  if ('put' in fields) {
    const row = parseRecord(kind, fields.row);
    if (!row.ok) throw invalid(number, row.issues);
    return { seq, put: kind, row: row.value };
  }
  if ('delete' in fields) {
    if (typeof fields.key !== 'string') throw new JournalError(`line ${number} has no key`);
    return { seq, delete: kind, key: fields.key };
  }
  return { seq, clear: kind };
}

function isKind(value: unknown): value is RecordKind {
  return (RECORD_KINDS as readonly unknown[]).includes(value);
}

function invalid(number: number, issues: Parameters<typeof formatIssues>[0]): JournalError {
  return new JournalError(
    `line ${number} does not hold what it says (${formatIssues(issues.slice(0, 3))})`,
  );
}

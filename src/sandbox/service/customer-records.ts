// Customer records and the magic customer ids that give them special behaviour.
import type { FieldIssue } from '../../core/errors.js';
import type { Blockchain } from '../../core/headers.js';
import { NOT_BLOCKED, type BankAccount, type Customer } from '../../core/schemas.js';
import { hashHex, uuidFrom } from './ids.js';
import { dashboardName } from './names.js';

/**
 * Customer-id prefixes with special behaviour, matched by prefix so that every test can make a
 * fresh customer (`${MAGIC.blocked}-${crypto.randomUUID()}`). Any other id is an ordinary
 * customer with two bank accounts, the first RTP-eligible.
 */
export const MAGIC = {
  /** isBlocked is `Blocked`; checkout answers 423 customer_blocked. */
  blocked: 'test_blocked',
  /** No bank accounts. */
  noBankAccounts: 'test_no_bank',
  /** Must complete verification first; checkout answers 451 verification_required. */
  needsVerification: 'test_verify',
  /** chargebackProtectionEnabled is true, so checkout needs `x-device-id`. */
  chargebackProtection: 'test_cbp',
  /** Two accounts: payments from the first ("Declining checking", last4 0002) answer 402. */
  declining: 'test_decline',
  /** Session keys made for this customer have already expired; the customer endpoint answers 401. */
  expiredSessionKey: 'test_expired',
} as const;

/** One of the {@link MAGIC} customer-id prefixes. */
export type MagicPrefix = (typeof MAGIC)[keyof typeof MAGIC];

/** last4 of the bank account whose payments answer 402 payment_declined. */
export const DECLINING_ACCOUNT_LAST4 = '0002';

/** Routing number of every sandbox bank account (a valid ABA checksum, not a real bank). */
export const SANDBOX_ROUTING_NUMBER = '110000000';

export function hasMagic(customerId: string, prefix: MagicPrefix): boolean {
  return customerId.startsWith(prefix);
}

export interface SandboxWallet {
  blockchain: Blockchain;
  address: string;
}

/** A customer record as served, plus what the sandbox needs to know about it. */
export interface CustomerState {
  record: Customer & { wallet?: string };
  decliningTokens: ReadonlySet<string>;
  needsVerification: boolean;
}

interface AccountSeed {
  alias: string;
  last4: string;
  rtpEligible: boolean;
  declines?: boolean;
}

const ORDINARY_ACCOUNTS: AccountSeed[] = [
  { alias: 'Sandbox checking', last4: '6789', rtpEligible: true },
  { alias: 'Sandbox savings', last4: '4321', rtpEligible: false },
];

const DECLINING_ACCOUNTS: AccountSeed[] = [
  {
    alias: 'Declining checking',
    last4: DECLINING_ACCOUNT_LAST4,
    rtpEligible: false,
    declines: true,
  },
  { alias: 'Sandbox checking', last4: '6789', rtpEligible: true },
];

function accountSeeds(customerId: string): AccountSeed[] {
  if (hasMagic(customerId, MAGIC.noBankAccounts)) return [];
  if (hasMagic(customerId, MAGIC.declining)) return DECLINING_ACCOUNTS;
  return ORDINARY_ACCOUNTS;
}

export function createCustomer(
  merchantId: string,
  customerId: string,
  createdAt: number,
  wallet: SandboxWallet | undefined,
): CustomerState {
  const seed = `${merchantId}\u0000${customerId}`;
  const decliningTokens = new Set<string>();
  const bankAccounts = accountSeeds(customerId).map((account, index): BankAccount => {
    const token = accountToken(seed, index);
    if (account.declines) decliningTokens.add(token);
    return bankAccount(token, account);
  });
  const record: CustomerState['record'] = {
    _id: hashHex(`customer\u0000${seed}`, 24),
    blockchain: 'user',
    email: sandboxEmail(customerId),
    isBlocked: hasMagic(customerId, MAGIC.blocked) ? 'Blocked' : NOT_BLOCKED,
    chargebackProtectionEnabled: hasMagic(customerId, MAGIC.chargebackProtection),
    merchant: merchantId,
    failedAttemptSetting: 'Standard',
    verificationSetting: 'Enforced',
    exempt3DS: false,
    createdAt: new Date(createdAt).toISOString(),
    __v: 0,
    customerId,
    bankAccounts,
  };
  const state: CustomerState = {
    record,
    decliningTokens,
    needsVerification: hasMagic(customerId, MAGIC.needsVerification),
  };
  if (wallet) {
    record.blockchain = wallet.blockchain;
    record.wallet = wallet.address;
  }
  return state;
}

/** A customer as the dashboard shows it: the record and whether it must verify first. */
export type CustomerView = CustomerState['record'] & { verificationRequired: boolean };

export function customerView(state: CustomerState): CustomerView {
  return { ...state.record, verificationRequired: state.needsVerification };
}

/** What the dashboard can turn on and off for a customer. */
export interface CustomerChanges {
  blocked?: boolean;
  verificationRequired?: boolean;
  chargebackProtection?: boolean;
}

/** Applies the dashboard's switches; a change bumps `__v`, as the service's records do. */
export function changeCustomer(state: CustomerState, changes: CustomerChanges): void {
  const { record } = state;
  const before = JSON.stringify(customerView(state));
  if (changes.blocked !== undefined) record.isBlocked = changes.blocked ? 'Blocked' : NOT_BLOCKED;
  if (changes.verificationRequired !== undefined) {
    state.needsVerification = changes.verificationRequired;
  }
  if (changes.chargebackProtection !== undefined) {
    record.chargebackProtectionEnabled = changes.chargebackProtection;
  }
  if (JSON.stringify(customerView(state)) !== before) record.__v += 1;
}

/** A bank account the dashboard adds; what is left out gets the sandbox's defaults. */
export interface NewBankAccount {
  /** Default "Sandbox checking". 1 to 64 printable characters. */
  alias?: string;
  /** Default: four digits derived from the account's token. */
  last4?: string;
  /** Default true. */
  rtpEligible?: boolean;
}

const MAX_ALIAS_LENGTH = 64;
/** The most bank accounts a customer has in the sandbox, so that adds cannot grow a record without end. */
export const MAX_BANK_ACCOUNTS = 20;

/**
 * What is wrong with a new account's fields, by field: empty when nothing is. Checked here
 * because the fields may come from code that did not go through a schema.
 */
export function newBankAccountProblems(account: NewBankAccount): FieldIssue[] {
  if (typeof account !== 'object' || account === null) {
    return [{ path: '', problem: 'must be an object of alias, last4 and rtpEligible' }];
  }
  const issues: FieldIssue[] = [];
  const { alias, last4, rtpEligible } = account;
  if (
    alias !== undefined &&
    (typeof alias !== 'string' || dashboardName(alias, MAX_ALIAS_LENGTH) === undefined)
  ) {
    issues.push({
      path: 'alias',
      problem: `must be 1 to ${MAX_ALIAS_LENGTH} printable characters`,
    });
  }
  if (last4 !== undefined && (typeof last4 !== 'string' || !/^\d{4}$/.test(last4))) {
    issues.push({ path: 'last4', problem: 'must be four digits' });
  }
  if (rtpEligible !== undefined && typeof rtpEligible !== 'boolean') {
    issues.push({ path: 'rtpEligible', problem: 'must be true or false' });
  }
  return issues;
}

/**
 * Adds a bank account after the customer's others, as the service's dashboard would; checked
 * with newBankAccountProblems first. Its token follows the customer's accounts so far, so it is
 * new to this customer and the same on every run. An added account never declines. A change
 * bumps `__v`.
 */
export function addBankAccount(
  merchantId: string,
  state: CustomerState,
  account: NewBankAccount,
): BankAccount {
  const { record } = state;
  const seed = `${merchantId}\u0000${record.customerId}`;
  const taken = new Set(record.bankAccounts.map((existing) => existing.token));
  // A kept state that a person edited may hold any tokens: step past one already taken.
  let index = record.bankAccounts.length;
  while (taken.has(accountToken(seed, index))) index += 1;
  const token = accountToken(seed, index);
  const added = bankAccount(token, {
    alias: account.alias?.trim() ?? 'Sandbox checking',
    last4: account.last4 ?? last4From(token),
    rtpEligible: account.rtpEligible ?? true,
  });
  record.bankAccounts.push(added);
  record.__v += 1;
  // A copy: the record changes only through the dashboard's actions.
  return { ...added };
}

/** The customer's `index`th account's token: a UUID derived from the merchant and customer. */
function accountToken(customerSeed: string, index: number): string {
  return uuidFrom(`bank-account\u0000${customerSeed}\u0000${index}`);
}

function bankAccount(token: string, account: AccountSeed): BankAccount {
  return {
    alias: account.alias,
    token,
    routingNumber: SANDBOX_ROUTING_NUMBER,
    last4: account.last4,
    accountHash: hashHex(`account-hash\u0000${token}`, 64),
    rtpEligible: account.rtpEligible,
    reference: `ref_${hashHex(`reference\u0000${token}`, 16)}`,
  };
}

/** Four digits from the token, so that added accounts tell apart in a list. */
function last4From(token: string): string {
  return String(parseInt(hashHex(`last4\u0000${token}`, 8), 16) % 10_000).padStart(4, '0');
}

/** Records the Web3 headers a session-key request carried; a change bumps `__v`. */
export function recordWallet(state: CustomerState, wallet: SandboxWallet): void {
  const { record } = state;
  if (record.blockchain === wallet.blockchain && record.wallet === wallet.address) return;
  record.blockchain = wallet.blockchain;
  record.wallet = wallet.address;
  record.__v += 1;
}

function sandboxEmail(customerId: string): string {
  const local = customerId
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return `${local || `customer-${hashHex(customerId, 8)}`}@example.com`;
}

// What the sandbox console's page and its HTTP API (api.ts) agree on: the paths, the
// header, and the shape of every answer. Types and constants only (and the return codes' table
// from src/core), so the page's bundle takes nothing else from the sandbox.
import type { WebDebitReturnCode } from '../../core/return-codes.js';
import type {
  BankAccount,
  PayerEvent,
  PaymentAuthorization,
  PaymentStatus,
  Withdrawal,
} from '../../core/schemas.js';
export { PAYMENT_STATUSES } from '../../core/schemas.js';
export { describeReturn, WEB_DEBIT_RETURN_CODES } from '../../core/return-codes.js';
import type { ApiKeyInfo } from '../service/api-keys.js';
import type { CustomerChanges, CustomerView, NewBankAccount } from '../service/customer-records.js';
import type { PaymentEnding, SandboxPayment } from '../service/payment-lifecycle.js';
import type { WebhookDelivery } from '../service/webhook-deliveries.js';

export const CONSOLE_PATH = '/console';
export const CONSOLE_API_PATH = `${CONSOLE_PATH}/api`;
/** Sent with every console API call: proof that the console page made it. */
export const CONSOLE_HEADER = 'x-sandbox-console';

export type {
  ApiKeyInfo,
  BankAccount,
  CustomerChanges,
  NewBankAccount,
  PaymentAuthorization,
  PaymentEnding,
  PaymentStatus,
  WebDebitReturnCode,
  WebhookDelivery,
  Withdrawal,
};

/** The key a roll replaced, which signs beside the new one until `expiresAt`. */
export interface PreviousWebhookKey {
  key: string;
  expiresAt: string;
}

export interface ConsoleOverview {
  merchantId: string;
}

/** A payment as the console lists it, with its status history. */
export type ConsolePayment = Pick<
  SandboxPayment,
  | 'paymentId'
  | 'customerId'
  | 'subtotal'
  | 'status'
  | 'returnCode'
  | 'settledAt'
  | 'returnedAt'
  | 'refundedAt'
  | 'history'
  | 'authorization'
  | 'webhookInfo'
  | 'createdAt'
  | 'updatedAt'
>;

/** A customer as the console shows it; `blocked` reads the record's `isBlocked`. */
export type ConsoleCustomer = CustomerView & { blocked: boolean };

/** Every API route's answer, by `METHOD path`. */
export interface ConsoleAnswers {
  'GET /overview': ConsoleOverview;
  'GET /keys': { keys: ApiKeyInfo[] };
  'POST /keys': { key: ApiKeyInfo; secret: string };
  'POST /keys/:id/revoke': { key: ApiKeyInfo };
  'GET /webhook': { url: string | null; key: string; previousKey: PreviousWebhookKey | null };
  'POST /webhook': { url: string | null };
  'POST /webhook/key': { key: string };
  'POST /webhook/key/roll': { key: string; previousKey: PreviousWebhookKey | null };
  'POST /webhook/test': { delivery: WebhookDelivery };
  'GET /deliveries': { deliveries: WebhookDelivery[] };
  'POST /deliveries/:id/resend': { delivery: WebhookDelivery };
  'GET /payments': { payments: ConsolePayment[] };
  'POST /payments/:id/advance': { payment: ConsolePayment };
  'POST /payments/:id/refund': { payment: ConsolePayment };
  'GET /clock': { now: string };
  'POST /clock': { now: string; ran: number };
  'GET /customers': { customers: ConsoleCustomer[] };
  'POST /customers/:id': { customer: ConsoleCustomer };
  'POST /customers/:id/bank-accounts': { bankAccount: BankAccount };
  'GET /events': { events: PayerEvent[] };
  'GET /withdrawals': { withdrawals: Withdrawal[] };
}

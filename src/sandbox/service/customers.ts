// The merchant's customers: made on first sight (a session key for a new user id), read by the
// page through GET /api/customer/v2, and changed from the dashboard (switches, bank accounts).
import type { BankAccount } from '../../core/schemas.js';
import {
  addBankAccount,
  changeCustomer,
  createCustomer,
  customerView,
  MAX_BANK_ACCOUNTS,
  newBankAccountProblems,
  recordWallet,
  type CustomerChanges,
  type CustomerState,
  type CustomerView,
  type NewBankAccount,
  type SandboxWallet,
} from './customer-records.js';
import { HttpError, invalidFields, json } from './http.js';
import { sessionCustomer, type Route } from './route.js';
import type { ServiceState } from './state.js';

export interface Customers {
  /** The customer, made now if new: concurrent first requests for one id share one record. */
  ensure(customerId: string, wallet?: SandboxWallet): CustomerState;
  /** Records the Web3 headers a session-key request carried (making the customer if new). */
  recordWallet(customerId: string, wallet: SandboxWallet): void;
  /** Every customer, oldest first, as the dashboard shows them. */
  list(): CustomerView[];
  /** Turns a customer's block, verification and chargeback protection on or off. */
  update(customerId: string, changes: CustomerChanges): CustomerView;
  /** Adds a bank account after the customer's others (see customer-records.ts). */
  addBankAccount(customerId: string, account?: NewBankAccount): BankAccount;
  readonly routes: Route[];
}

export function createCustomers(state: ServiceState, now: () => number): Customers {
  const { customers } = state;

  function ensure(customerId: string, wallet?: SandboxWallet): CustomerState {
    let customer = customers.get(customerId);
    if (!customer) {
      customer = createCustomer(state.merchantId, customerId, now(), wallet);
      customers.put(customer);
    }
    return customer;
  }

  function known(customerId: string): CustomerState {
    const customer = customers.get(customerId);
    if (!customer) throw new HttpError(404, `No customer ${JSON.stringify(customerId)}.`);
    return customer;
  }

  return {
    ensure,
    recordWallet(customerId, wallet) {
      const existing = customers.get(customerId);
      if (!existing) {
        ensure(customerId, wallet);
        return;
      }
      recordWallet(existing, wallet);
      customers.changed(existing);
    },
    list: () => [...customers.values()].map(customerView),
    update(customerId, changes) {
      const customer = known(customerId);
      changeCustomer(customer, changes);
      customers.changed(customer);
      return customerView(customer);
    },
    addBankAccount(customerId, account = {}) {
      const customer = known(customerId);
      if (customer.record.bankAccounts.length >= MAX_BANK_ACCOUNTS) {
        throw new HttpError(
          409,
          `Customer ${JSON.stringify(customerId)} already has ${MAX_BANK_ACCOUNTS} bank accounts, the most the sandbox keeps.`,
        );
      }
      const problems = newBankAccountProblems(account);
      if (problems.length > 0) throw invalidFields('Invalid bank account', problems);
      const added = addBankAccount(state.merchantId, customer, account);
      customers.changed(customer);
      return added;
    },
    routes: [
      {
        method: 'GET',
        path: '/api/customer/v2',
        auth: 'sessionKey',
        handle: (context) => json(200, { customer: sessionCustomer(context).record }),
      },
    ],
  };
}

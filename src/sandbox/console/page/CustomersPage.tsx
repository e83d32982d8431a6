// Customers: each one the sandbox has seen, with the dashboard's switches (blocked, verification
// required, chargeback protection) and a bank account to add; the checkout follows them on its
// next read.
import type { ConsoleCustomer, CustomerChanges } from '../contract.js';
import { ActionButton, Loading, Problem, Time, useConsoleAction, useConsoleRead } from './ui.js';

const SWITCHES: {
  change: keyof CustomerChanges;
  label: string;
  read: (c: ConsoleCustomer) => boolean;
}[] = [
  { change: 'blocked', label: 'Blocked', read: (customer) => customer.blocked },
  {
    change: 'verificationRequired',
    label: 'Verification required',
    read: (customer) => customer.verificationRequired,
  },
  {
    change: 'chargebackProtection',
    label: 'Chargeback protection',
    read: (customer) => customer.chargebackProtectionEnabled,
  },
];

/** The switches a change turned, as the sandbox now has them: "Blocked turned on for cus_1." */
function turned(customer: ConsoleCustomer, changes: CustomerChanges): string {
  const switches = SWITCHES.filter(({ change }) => changes[change] !== undefined).map(
    ({ label, read }) => `${label} turned ${read(customer) ? 'on' : 'off'}`,
  );
  return `${switches.join(', ')} for ${customer.customerId}.`;
}

export function CustomersPage() {
  const customers = useConsoleRead('GET /customers', { follow: true });
  const update = useConsoleAction(
    'POST /customers/:id',
    ({ customer }, { body }: { id: string; body: CustomerChanges }) => turned(customer, body),
  );
  const addAccount = useConsoleAction(
    'POST /customers/:id/bank-accounts',
    ({ bankAccount }, { id }: { id: string; body: object }) =>
      `Bank account ${bankAccount.alias} ending in ${bankAccount.last4} added for ${id}.`,
  );
  // A switch shows where it is being turned until the sandbox's answer and the new read are in.
  const turning = (customerId: string, change: keyof CustomerChanges) =>
    update.isPending && update.variables?.id === customerId
      ? update.variables.body[change]
      : undefined;

  return (
    <>
      <p className="quiet">A customer appears when your server first asks for a session key.</p>
      <Problem error={update.error ?? addAccount.error ?? customers.error} />
      {!customers.data ? (
        !customers.error && <Loading what="customers" />
      ) : customers.data.customers.length === 0 ? (
        <p className="quiet">No customers yet.</p>
      ) : (
        <ul className="cards">
          {customers.data.customers.map((customer) => (
            <li key={customer.customerId} className="card">
              <h2 className="h3">{customer.customerId}</h2>
              <fieldset className="switches">
                <legend>Settings of {customer.customerId}</legend>
                {SWITCHES.map(({ change, label, read }) => (
                  <label key={change}>
                    <input
                      type="checkbox"
                      checked={turning(customer.customerId, change) ?? read(customer)}
                      // Not disabled while a change runs: that would drop the keyboard's focus.
                      aria-disabled={update.isPending || undefined}
                      onChange={(event) => {
                        if (update.isPending) return;
                        addAccount.reset();
                        update.mutate({
                          id: customer.customerId,
                          body: { [change]: event.target.checked },
                        });
                      }}
                    />
                    {label}
                  </label>
                ))}
              </fieldset>
              <p className="row">
                <ActionButton
                  busy={addAccount.isPending}
                  onClick={() => {
                    update.reset();
                    addAccount.mutate({ id: customer.customerId, body: {} });
                  }}
                >
                  Add bank account{' '}
                  <span className="visually-hidden">for {customer.customerId}</span>
                </ActionButton>
                <span className="quiet">
                  {customer.bankAccounts.length === 1
                    ? '1 bank account'
                    : `${customer.bankAccounts.length} bank accounts`}
                </span>
              </p>
              <details>
                <summary>Details of {customer.customerId}</summary>
                <dl className="facts">
                  <dt>Record id</dt>
                  <dd>
                    <code>{customer._id}</code>
                  </dd>
                  <dt>Email</dt>
                  <dd>{customer.email || 'none'}</dd>
                  <dt>Wallet</dt>
                  <dd>{customer.blockchain || 'none'}</dd>
                  <dt>Created</dt>
                  <dd>
                    <Time at={customer.createdAt} />
                  </dd>
                  <dt>Bank accounts</dt>
                  <dd>
                    {customer.bankAccounts.length === 0 ? (
                      'none'
                    ) : (
                      <ul>
                        {customer.bankAccounts.map((account) => (
                          <li key={account.token}>
                            {account.alias} ····{account.last4}
                          </li>
                        ))}
                      </ul>
                    )}
                  </dd>
                </dl>
              </details>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

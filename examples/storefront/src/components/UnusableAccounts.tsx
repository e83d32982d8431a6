// Above the checkout: the bank accounts the payer's bank said cannot take debits (a return such as
// R02, account closed), from the shop's server. The checkout lists the accounts the payments
// service has for the customer, and the shop cannot take one off that list, so it asks the payer
// not to choose it.
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '../api.js';
import { Notice } from './ui.js';

export function UnusableAccountsNotice() {
  const unusable = useQuery({
    queryKey: queryKeys.unusableBankAccounts,
    queryFn: api.unusableBankAccounts,
  });
  const accounts = unusable.data?.unusableBankAccounts ?? [];
  if (accounts.length === 0) return null;
  return (
    <Notice tone="warning" title="An account your bank sent a payment back from">
      <ul className="unusable-accounts">
        {accounts.map((account) => (
          <li key={account.paymentId}>
            Do not pay from{' '}
            {account.last4
              ? `the account ending in ${account.last4}`
              : `the account you paid order ${account.orderId} from`}
            : {account.title} ({account.returnCode}), order {account.orderId}.
          </li>
        ))}
      </ul>
      <p>Your bank said it cannot take payments. Choose another account in the checkout.</p>
    </Notice>
  );
}

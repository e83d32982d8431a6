// Above the checkout: the bank accounts the payer's bank said cannot take debits (a return such as
// R02, account closed), from the shop's server. The checkout lists the accounts the payments
// service has for the customer, and the shop cannot take one off that list, so it asks the payer
// not to choose it.
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '../api.js';
import { useLanguage } from '../language.js';
import { Notice } from './ui.js';

export function UnusableAccountsNotice() {
  const { text } = useLanguage();
  const unusable = useQuery({
    queryKey: queryKeys.unusableBankAccounts,
    queryFn: api.unusableBankAccounts,
  });
  const accounts = unusable.data?.unusableBankAccounts ?? [];
  if (accounts.length === 0) return null;
  return (
    <Notice tone="warning" title={text.unusableAccountsTitle}>
      <ul className="unusable-accounts">
        {accounts.map((account) => (
          <li key={account.paymentId}>
            {text.doNotPayFrom(
              account.last4
                ? text.accountEndingIn(account.last4)
                : text.accountOfOrder(account.orderId),
            )}
            {/* The code's title as the shop's server has it: in English, and marked so. */}
            <span lang="en">{account.title}</span> ({account.returnCode})
            {text.ofOrder(account.orderId)}
          </li>
        ))}
      </ul>
      <p>{text.unusableAccountsBody}</p>
    </Notice>
  );
}

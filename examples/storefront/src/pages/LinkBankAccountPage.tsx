// Where the checkout sends a payer with no bank account (its onAddBankAccount). With the real
// service a payer links an account through the service's own flow, which its published interface
// does not show; in test mode the shop's server adds a sandbox account instead, as a payment
// provider's test mode would, and the payer goes back to pay with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerQueryKey } from 'service-checkout/query';
import { api, useConfig, useMe } from '../api.js';
import { EmptyState, Notice, PageHeader, Spinner } from '../components/ui.js';
import { Link, navigate } from '../router.js';

export function LinkBankAccountPage({ next }: { next: string }) {
  const me = useMe();
  const config = useConfig();
  const queryClient = useQueryClient();
  const customer = me.data?.customer;
  const link = useMutation({
    mutationFn: api.linkTestBankAccount,
    onSuccess: async () => {
      // The checkout reads the customer afresh, so the new account shows at once.
      if (config.data && customer) {
        await queryClient.invalidateQueries({
          queryKey: customerQueryKey({ ...config.data, customerId: customer.customerId }),
        });
      }
      navigate(next);
    },
  });

  if (me.isPending || config.isPending) return <Spinner label="Loading…" />;
  if (!customer) {
    return (
      <>
        <PageHeader title="Link a bank account" />
        <EmptyState
          title="Sign in to link a bank account"
          action={{
            to: `/sign-in?next=${encodeURIComponent(`/link-bank-account?next=${next}`)}`,
            label: 'Sign in',
          }}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader eyebrow={customer.customerId} title="Link a bank account">
        <p>
          Payments here are made from a bank account saved with our payments provider. Once one is
          linked, the checkout lets you pay from it.
        </p>
      </PageHeader>
      <section className="panel" aria-labelledby="link-title">
        {config.data?.testBankAccounts ? (
          <>
            <h2 id="link-title">Test mode: link a sandbox account</h2>
            <p>
              The shop runs against the payments sandbox, so no real bank is involved: linking adds
              a sandbox checking account to your customer record, as the provider&apos;s own linking
              would, and takes you back to pay.
            </p>
            {link.error ? (
              <Notice tone="danger" title="The account was not linked">
                {link.error.message}
              </Notice>
            ) : null}
            <p className="panel-actions">
              <button
                type="button"
                className="button"
                aria-disabled={link.isPending || undefined}
                onClick={() => {
                  if (!link.isPending) link.mutate();
                }}
              >
                {link.isPending ? 'Linking…' : 'Link a test bank account'}
              </button>
              <Link to={next} className="link-button">
                Back without linking
              </Link>
            </p>
          </>
        ) : (
          <>
            <h2 id="link-title">Link with the payments provider</h2>
            <p>
              Linking a bank account happens with the payments provider. This shop runs in test mode
              only.
            </p>
            <Link to={next} className="link-button">
              Back
            </Link>
          </>
        )}
      </section>
    </>
  );
}

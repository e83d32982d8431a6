// Where the checkout sends a payer with no bank account (its onAddBankAccount). With the real
// service a payer links an account through the service's own flow, which its published interface
// does not show; in test mode the shop's server adds a sandbox account instead, as a payment
// provider's test mode would, and the payer goes back to pay with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerQueryKey } from 'service-checkout/query';
import { api, useConfig, useMe } from '../api.js';
import { EmptyState, Notice, PageHeader, Spinner } from '../components/ui.js';
import { useLanguage } from '../language.js';
import { Link, navigate } from '../router.js';

export function LinkBankAccountPage({ next }: { next: string }) {
  const me = useMe();
  const config = useConfig();
  const queryClient = useQueryClient();
  const { text } = useLanguage();
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

  if (me.isPending || config.isPending) return <Spinner label={text.loading} />;
  if (!customer) {
    return (
      <>
        <PageHeader title={text.linkBankAccount} />
        <EmptyState
          title={text.signInToLink}
          action={{
            to: `/sign-in?next=${encodeURIComponent(`/link-bank-account?next=${next}`)}`,
            label: text.signIn,
          }}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader eyebrow={customer.customerId} title={text.linkBankAccount}>
        <p>{text.linkLede}</p>
      </PageHeader>
      <section className="panel" aria-labelledby="link-title">
        {config.data?.testBankAccounts ? (
          <>
            <h2 id="link-title">{text.linkTestTitle}</h2>
            <p>{text.linkTestBody}</p>
            {link.error ? (
              <Notice tone="danger" title={text.notLinked}>
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
                {link.isPending ? text.linking : text.linkTestAccount}
              </button>
              <Link to={next} className="link-button">
                {text.backWithoutLinking}
              </Link>
            </p>
          </>
        ) : (
          <>
            <h2 id="link-title">{text.linkWithProvider}</h2>
            <p>{text.linkWithProviderBody}</p>
            <Link to={next} className="link-button">
              {text.back}
            </Link>
          </>
        )}
      </section>
    </>
  );
}

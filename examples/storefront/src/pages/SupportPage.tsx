// The shop's support page: where the checkout sends a payer the payments service has blocked
// (its onContactSupport), and anyone else who needs help.
import { useMe } from '../api.js';
import { SHOP_NAME, SUPPORT_EMAIL } from '../catalog.js';
import { PageHeader } from '../components/ui.js';
import { Link } from '../router.js';

export function SupportPage() {
  const customer = useMe().data?.customer;
  return (
    <>
      <PageHeader eyebrow={SHOP_NAME} title="Contact support">
        <p>We answer every message within one business day.</p>
      </PageHeader>
      <section className="panel" aria-labelledby="blocked-title">
        <h2 id="blocked-title">Payments unavailable for your account?</h2>
        <p>
          Our payments provider can stop payments from an account, for example to protect it after
          unusual activity. We can&apos;t lift that from the checkout, but we can look into it with
          the provider.
        </p>
        <p>
          Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          {customer ? (
            <>
              {' '}
              with your customer id, <strong>{customer.customerId}</strong>
            </>
          ) : null}
          .
        </p>
        <Link to="/orders" className="link-button">
          See your orders
        </Link>
      </section>
    </>
  );
}

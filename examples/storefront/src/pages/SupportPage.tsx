// The shop's support page: where the checkout sends a payer the payments service has blocked
// (its onContactSupport), and anyone else who needs help.
import { useMe } from '../api.js';
import { SHOP_NAME, SUPPORT_EMAIL } from '../catalog.js';
import { PageHeader } from '../components/ui.js';
import { useLanguage } from '../language.js';
import { Link } from '../router.js';

export function SupportPage() {
  const customer = useMe().data?.customer;
  const { text } = useLanguage();
  return (
    <>
      <PageHeader eyebrow={SHOP_NAME} title={text.contactSupport}>
        <p>{text.supportLede}</p>
      </PageHeader>
      <section className="panel" aria-labelledby="blocked-title">
        <h2 id="blocked-title">{text.paymentsBlockedTitle}</h2>
        <p>{text.paymentsBlockedBody}</p>
        <p>
          {text.writeTo} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          {customer ? (
            <>
              {' '}
              {text.withYourCustomerId} <strong>{customer.customerId}</strong>
            </>
          ) : null}
          {text.sentenceEnd}
        </p>
        <Link to="/orders" className="link-button">
          {text.seeYourOrders}
        </Link>
      </section>
    </>
  );
}

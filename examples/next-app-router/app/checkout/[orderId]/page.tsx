import { notFound } from 'next/navigation';
import { findOrder, merchant } from '../../../lib/shop';
import { CheckoutPanel } from './checkout-panel';

// Rendered per request on the server, which mints the signed-in customer's session key.
export default async function CheckoutPage({ params }: { params: Promise<{ orderId: string }> }) {
  const order = findOrder((await params).orderId);
  if (!order) notFound();
  const { key } = await merchant().getSessionKey(order.customerId);
  return (
    <CheckoutPanel
      orderId={order.id}
      sessionKey={key}
      checkoutToken={order.checkoutToken}
      merchantId={process.env.SERVICE_MERCHANT_ID ?? 'merchant_sandbox'}
      baseUrl={merchant().baseUrl}
    />
  );
}

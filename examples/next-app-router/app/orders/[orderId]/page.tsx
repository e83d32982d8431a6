import { notFound } from 'next/navigation';
import { findOrder } from '../../../lib/shop';

// What the server recorded from the service's verified webhooks, never what the page said.
export default async function OrderPage({ params }: { params: Promise<{ orderId: string }> }) {
  const order = findOrder((await params).orderId);
  if (!order) notFound();
  const open = [undefined, 'pending', 'batched'].includes(order.paymentStatus);
  return (
    <main>
      {/* Asked again every 2 s until the payment ends: ACH takes days live, seconds here. */}
      {open && <meta httpEquiv="refresh" content="2" />}
      <p data-testid="order-status">
        {order.fulfilled
          ? 'Paid: your Gem pack is delivered.'
          : `Payment status: ${order.paymentStatus ?? 'none yet'}. Nothing is delivered until it settles.`}
      </p>
    </main>
  );
}

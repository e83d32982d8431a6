import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Checkout, CheckoutProvider, type SessionKeyRenewal } from 'service-checkout';
import 'service-checkout/styles.css';

// Whom the payer's debit authorization names; a new order, its amount signed by the server.
const SHOP = { merchantName: 'Gem Shop', merchantContact: 'support@gemshop.example' };
type Order = { orderId: string; checkoutToken: string; merchantId: string; baseUrl: string };

// JSON only, so the server knows the request comes from a page of its own origin.
async function post<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}.`);
  return (await response.json()) as T;
}

// Kept in this page's memory only; a key the service refused goes back to be replaced.
async function sessionKey(renewal?: SessionKeyRenewal): Promise<string> {
  const headers: Record<string, string> = {};
  if (renewal?.rejectedKey) headers['x-service-auth-session-key'] = renewal.rejectedKey;
  return (await post<{ key: string }>('/api/session-key', headers)).key;
}

// What the server recorded from the service's webhooks, read every second: never the page's word.
function OrderStatus({ orderId }: { orderId: string }) {
  const [order, setOrder] = useState<{ paymentStatus?: string; fulfilled?: boolean }>({});
  useEffect(() => {
    // A read that fails keeps the last status on screen; the next, a second later, tries again.
    const read = () =>
      fetch(`/api/orders/${orderId}`)
        .then((answer) => answer.json())
        .then(setOrder, () => undefined);
    const timer = setInterval(read, 1000);
    return () => clearInterval(timer);
  }, [orderId]);
  const status = `Payment status: ${order.paymentStatus ?? 'none yet'}.`;
  const delivery = order.fulfilled
    ? 'Your Gem pack is delivered.'
    : 'Nothing is delivered until it settles.';
  return <p data-testid="order-status">{`${status} ${delivery}`}</p>;
}

function App() {
  const [order, setOrder] = useState<Order & { sessionKey: string }>();
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState('');
  const buy = async () => {
    const [created, key] = await Promise.all([post<Order>('/api/orders'), sessionKey()]);
    setOrder({ ...created, sessionKey: key });
  };
  if (submitted && order) return <OrderStatus orderId={order.orderId} />;
  if (order) {
    return (
      <CheckoutProvider {...order} {...SHOP} env="local" getSessionKey={sessionKey}>
        <Checkout jwtToken={order.checkoutToken} onSuccess={() => setSubmitted(true)} />
      </CheckoutProvider>
    );
  }
  return (
    <main>
      <button onClick={() => buy().catch((failure) => setError(String(failure)))}>
        Buy a Gem pack: $4.99
      </button>
      <p role="alert">{error}</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);

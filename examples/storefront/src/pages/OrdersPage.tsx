import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, useMe } from '../api.js';
import { EmptyState, formatDate, money, Notice, PageHeader, Spinner } from '../components/ui.js';
import { Link } from '../router.js';
import { OrderStatusBadge } from '../components/order-status.js';

export function OrdersPage() {
  const me = useMe();
  const customer = me.data?.customer;
  const orders = useQuery({
    queryKey: queryKeys.orders,
    queryFn: api.orders,
    enabled: Boolean(customer),
  });

  if (me.isPending) return <Spinner label="Loading…" />;
  if (!customer) {
    return (
      <>
        <PageHeader title="Your orders" />
        <EmptyState
          title="Sign in to see your orders"
          action={{ to: '/sign-in?next=%2Forders', label: 'Sign in' }}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader eyebrow={customer.customerId} title="Your orders" />
      {orders.isPending ? (
        <Spinner label="Loading your orders…" />
      ) : orders.error ? (
        <Notice tone="danger" title="Could not load your orders">
          {orders.error.message}
        </Notice>
      ) : orders.data.orders.length === 0 ? (
        <EmptyState title="No orders yet" action={{ to: '/', label: 'Browse the store' }}>
          Everything you buy shows up here, with its payment status.
        </EmptyState>
      ) : (
        <div className="table-wrap panel panel--flush">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Placed</th>
                <th scope="col">Items</th>
                <th scope="col">Order</th>
                <th scope="col">Status</th>
                <th scope="col" className="numeric">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((order) => (
                <tr key={order.orderId}>
                  <td>{formatDate(order.createdAt)}</td>
                  <td>{order.lines.map((line) => `${line.name} ×${line.quantity}`).join(', ')}</td>
                  <td>
                    <Link to={`/orders/${encodeURIComponent(order.orderId)}`}>
                      <code>{order.orderId}</code>
                    </Link>
                  </td>
                  <td>
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className="numeric">{money(order.totalCents, order.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

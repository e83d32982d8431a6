import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, queryKeys, useMe } from '../api.js';
import type { Goods, Order } from '../api-types.js';
import { EmptyState, formatDate, money, Notice, PageHeader, Spinner } from '../components/ui.js';
import { Link } from '../router.js';
import { OrderStatusBadge, reversalText } from '../components/order-status.js';
import { gemCount, itemCount } from '../goods.js';

/** An order whose payment may still arrive, and deliver. */
const isWaiting = (order: Order) =>
  order.status === 'awaiting_payment' || order.status === 'processing';

export function OrdersPage() {
  const me = useMe();
  const customer = me.data?.customer;
  // While a payment is on its way the page asks every 2 s, so the inventory is seen to grow when
  // it settles; a late return comes days later, and shows when the page is opened or focused.
  const orders = useQuery({
    queryKey: queryKeys.orders,
    queryFn: api.orders,
    enabled: Boolean(customer),
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.data?.orders.some(isWaiting) ? 2000 : false),
  });
  // The inventory changes only when an order is paid or reversed: it is read again whenever an
  // order's status changes, and meanwhile the last one read stays on screen.
  const statuses = orders.data?.orders.map((order) => `${order.orderId} ${order.status}`).join();
  const inventory = useQuery({
    queryKey: [...queryKeys.inventory, statuses],
    queryFn: api.inventory,
    enabled: statuses !== undefined,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });

  // Read after the orders: when they cannot be loaded, neither can it. What was read stays on
  // screen when a later read fails.
  const inventoryError = inventory.error ?? orders.error;

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
      <section className="panel inventory" aria-labelledby="inventory-title">
        <h2 id="inventory-title">Your inventory</h2>
        {inventory.data ? (
          <Inventory inventory={inventory.data.inventory} />
        ) : inventoryError ? (
          <Notice tone="danger" title="Could not load your inventory">
            {inventoryError.message}
          </Notice>
        ) : (
          <Spinner label="Loading your inventory…" />
        )}
      </section>
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
                    {order.reversal ? <p className="table-note">{reversalText(order)}</p> : null}
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

/** Gems and items, as paid orders delivered them and reversals took them back. */
function Inventory({ inventory }: { inventory: Goods }) {
  return (
    // Read out when it changes: a payment settling, or a reversal.
    <div className="inventory-body" aria-live="polite">
      <p className="inventory-gems" data-testid="inventory-gems">
        {gemCount(inventory.gems)}
      </p>
      {inventory.items.length > 0 ? (
        <ul className="inventory-items" data-testid="inventory-items">
          {inventory.items.map((item) => (
            <li key={item.name}>{itemCount(item)}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">No items yet.</p>
      )}
      <p className="muted inventory-rule">
        Delivered when a payment settles. If your bank later reverses a payment, or the shop refunds
        it, exactly what that order delivered is taken back.
      </p>
    </div>
  );
}

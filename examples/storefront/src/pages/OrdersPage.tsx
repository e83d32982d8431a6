import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, queryKeys, useMe } from '../api.js';
import type { Goods, Order } from '../api-types.js';
import { EmptyState, Notice, PageHeader, Spinner } from '../components/ui.js';
import { findProduct } from '../catalog.js';
import { useLanguage } from '../language.js';
import { Link } from '../router.js';
import { OrderStatusBadge, reversalText } from '../components/order-status.js';
import { gemCount, itemCount } from '../goods.js';

/** An order whose payment may still arrive, and deliver. */
const isWaiting = (order: Order) =>
  order.status === 'awaiting_payment' || order.status === 'processing';

export function OrdersPage() {
  const me = useMe();
  const language = useLanguage();
  const { text, money, date } = language;
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

  if (me.isPending) return <Spinner label={text.loading} />;
  if (!customer) {
    return (
      <>
        <PageHeader title={text.yourOrders} />
        <EmptyState
          title={text.signInToSeeOrders}
          action={{ to: '/sign-in?next=%2Forders', label: text.signIn }}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader eyebrow={customer.customerId} title={text.yourOrders} />
      <section className="panel inventory" aria-labelledby="inventory-title">
        <h2 id="inventory-title">{text.yourInventory}</h2>
        {inventory.data ? (
          <Inventory inventory={inventory.data.inventory} />
        ) : inventoryError ? (
          <Notice tone="danger" title={text.couldNotLoadInventory}>
            {inventoryError.message}
          </Notice>
        ) : (
          <Spinner label={text.loadingInventory} />
        )}
      </section>
      {orders.isPending ? (
        <Spinner label={text.loadingOrders} />
      ) : orders.error ? (
        <Notice tone="danger" title={text.couldNotLoadOrders}>
          {orders.error.message}
        </Notice>
      ) : orders.data.orders.length === 0 ? (
        <EmptyState title={text.noOrdersYet} action={{ to: '/', label: text.browseTheStore }}>
          {text.noOrdersBody}
        </EmptyState>
      ) : (
        <div className="table-wrap panel panel--flush">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{text.placed}</th>
                <th scope="col">{text.items}</th>
                <th scope="col">{text.order}</th>
                <th scope="col">{text.status}</th>
                <th scope="col" className="numeric">
                  {text.total}
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((order) => (
                <tr key={order.orderId}>
                  <td>{date(order.createdAt)}</td>
                  <td>
                    {order.lines
                      .map((line) => {
                        const product = findProduct(line.productId);
                        const name = product ? text.products[product.id].name : line.name;
                        return `${name} ×${line.quantity}`;
                      })
                      .join(', ')}
                  </td>
                  <td>
                    <Link to={`/orders/${encodeURIComponent(order.orderId)}`}>
                      <code>{order.orderId}</code>
                    </Link>
                  </td>
                  <td>
                    <OrderStatusBadge
                      status={order.status}
                      label={text.statusLabels[order.status]}
                    />
                    {order.reversal ? (
                      <p className="table-note">{reversalText(order, language)}</p>
                    ) : null}
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
  const { text } = useLanguage();
  return (
    // Read out when it changes: a payment settling, or a reversal.
    <div className="inventory-body" aria-live="polite">
      <p className="inventory-gems" data-testid="inventory-gems">
        {gemCount(inventory.gems, text.goods)}
      </p>
      {inventory.items.length > 0 ? (
        <ul className="inventory-items" data-testid="inventory-items">
          {inventory.items.map((item) => (
            <li key={item.name}>{itemCount(item, text.goods)}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{text.noItemsYet}</p>
      )}
      <p className="muted inventory-rule">{text.inventoryRule}</p>
    </div>
  );
}

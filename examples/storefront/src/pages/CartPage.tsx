import { useMe } from '../api.js';
import { useCart } from '../cart.js';
import { ProductArt } from '../components/ProductArt.js';
import { EmptyState, money, PageHeader, QuantityStepper } from '../components/ui.js';
import { Link } from '../router.js';

export function CartPage() {
  const cart = useCart();
  const me = useMe();
  const signedIn = Boolean(me.data?.customer);

  if (cart.priced.length === 0) {
    return (
      <>
        <PageHeader title="Your cart" />
        <EmptyState title="Your cart is empty" action={{ to: '/', label: 'Browse the store' }}>
          Gems, passes and expansions are waiting.
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Your cart" />
      <div className="cart-layout">
        <ul className="cart-lines" aria-label="Items in your cart">
          {cart.priced.map(({ product, quantity, totalCents }) => (
            <li key={product.id} className="cart-line">
              <Link
                to={`/products/${product.id}`}
                className="cart-line-art"
                tabIndex={-1}
                aria-hidden="true"
              >
                <ProductArt art={product.art} />
              </Link>
              <div className="cart-line-info">
                <Link to={`/products/${product.id}`} className="cart-line-name">
                  {product.name}
                </Link>
                <p className="cart-line-meta">
                  {product.category} · {money(product.priceCents)} each
                </p>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => cart.remove(product.id)}
                >
                  Remove<span className="visually-hidden"> {product.name}</span>
                </button>
              </div>
              <QuantityStepper
                value={quantity}
                onChange={(value) => cart.setQuantity(product.id, value)}
                label={`Quantity of ${product.name}`}
              />
              <p className="cart-line-total">{money(totalCents)}</p>
            </li>
          ))}
        </ul>
        <aside className="summary panel" aria-labelledby="summary-title">
          <h2 id="summary-title">Summary</h2>
          <dl className="summary-rows">
            <div>
              <dt>Items ({cart.count})</dt>
              <dd>{money(cart.totalCents)}</dd>
            </div>
            <div>
              <dt>Delivery</dt>
              <dd>Instant · free</dd>
            </div>
            <div className="summary-total">
              <dt>Total</dt>
              <dd>{money(cart.totalCents)}</dd>
            </div>
          </dl>
          <Link
            to={signedIn ? '/checkout' : '/sign-in?next=%2Fcheckout'}
            className="button button--block"
          >
            {signedIn ? 'Check out' : 'Sign in to check out'}
          </Link>
          <p className="fine-print">
            Pay by bank from an account you saved with the payments service.
          </p>
        </aside>
      </div>
    </>
  );
}

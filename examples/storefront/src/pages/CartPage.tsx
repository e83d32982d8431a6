import { useMe } from '../api.js';
import { useCart } from '../cart.js';
import { ProductArt } from '../components/ProductArt.js';
import { EmptyState, PageHeader, QuantityStepper } from '../components/ui.js';
import { useLanguage } from '../language.js';
import { Link } from '../router.js';

export function CartPage() {
  const cart = useCart();
  const me = useMe();
  const { text, money } = useLanguage();
  const signedIn = Boolean(me.data?.customer);

  if (cart.priced.length === 0) {
    return (
      <>
        <PageHeader title={text.yourCart} />
        <EmptyState title={text.cartEmpty} action={{ to: '/', label: text.browseTheStore }}>
          {text.cartEmptyBody}
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <PageHeader title={text.yourCart} />
      <div className="cart-layout">
        <ul className="cart-lines" aria-label={text.itemsInCart}>
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
                  {text.products[product.id].name}
                </Link>
                <p className="cart-line-meta">
                  {text.categories[product.category]} · {text.each(money(product.priceCents))}
                </p>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => cart.remove(product.id)}
                >
                  {text.remove}
                  <span className="visually-hidden"> {text.products[product.id].name}</span>
                </button>
              </div>
              <QuantityStepper
                value={quantity}
                onChange={(value) => cart.setQuantity(product.id, value)}
                label={text.quantityOf(text.products[product.id].name)}
              />
              <p className="cart-line-total">{money(totalCents)}</p>
            </li>
          ))}
        </ul>
        <aside className="summary panel" aria-labelledby="summary-title">
          <h2 id="summary-title">{text.summary}</h2>
          <dl className="summary-rows">
            <div>
              <dt>{text.itemsCount(cart.count)}</dt>
              <dd>{money(cart.totalCents)}</dd>
            </div>
            <div>
              <dt>{text.delivery}</dt>
              <dd>{text.instantFree}</dd>
            </div>
            <div className="summary-total">
              <dt>{text.total}</dt>
              <dd>{money(cart.totalCents)}</dd>
            </div>
          </dl>
          <Link
            to={signedIn ? '/checkout' : '/sign-in?next=%2Fcheckout'}
            className="button button--block"
          >
            {signedIn ? text.checkOut : text.signInToCheckOut}
          </Link>
          <p className="fine-print">{text.payByBankFinePrint}</p>
        </aside>
      </div>
    </>
  );
}

import { useState } from 'react';
import { useCart } from '../cart.js';
import { findProduct, PRODUCTS } from '../catalog.js';
import { ProductArt } from '../components/ProductArt.js';
import { CheckIcon, money, QuantityStepper, usePageTitle } from '../components/ui.js';
import { Link, navigate } from '../router.js';
import { NotFoundPage } from './NotFoundPage.js';
import { ProductCard } from './ShopPage.js';

export function ProductPage({ productId }: { productId: string }) {
  const product = findProduct(productId);
  usePageTitle(product?.name ?? 'Not found');
  const cart = useCart();
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState(false);
  if (!product) return <NotFoundPage />;

  const related = PRODUCTS.filter(
    (other) => other.id !== product.id && other.category === product.category,
  )
    .concat(
      PRODUCTS.filter((other) => other.id !== product.id && other.category !== product.category),
    )
    .slice(0, 3);

  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to="/">Store</Link>
        <span aria-hidden="true">/</span>
        <span>{product.category}</span>
      </nav>
      <article className="product-detail">
        <div className="product-detail-art">
          <ProductArt art={product.art} />
          {product.badge ? <span className="badge badge--float">{product.badge}</span> : null}
        </div>
        <div className="product-detail-info">
          <p className="eyebrow">{product.category}</p>
          <h1>{product.name}</h1>
          <p className="product-detail-tagline">{product.tagline}</p>
          <p className="price price--large">{money(product.priceCents)}</p>
          <p>{product.description}</p>
          <ul className="includes">
            {product.includes.map((line) => (
              <li key={line}>
                <CheckIcon />
                {line}
              </li>
            ))}
          </ul>
          <div className="buy-row">
            <QuantityStepper value={quantity} onChange={setQuantity} label="Quantity" />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                cart.add(product.id, quantity);
                setAdded(true);
              }}
            >
              Add to cart
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                cart.add(product.id, quantity);
                navigate('/checkout');
              }}
            >
              Buy now
            </button>
          </div>
          {added ? (
            <p className="added-note" role="status">
              <CheckIcon /> Added to your cart. <Link to="/cart">View cart</Link>
            </p>
          ) : null}
          <dl className="facts">
            <div>
              <dt>Delivery</dt>
              <dd>Instant, to your account</dd>
            </div>
            {product.expiration ? (
              <div>
                <dt>Redeem by</dt>
                <dd>
                  {new Date(`${product.expiration}T00:00:00Z`).toLocaleDateString('en-US', {
                    month: 'long',
                    day: 'numeric',
                    year: 'numeric',
                    timeZone: 'UTC',
                  })}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Checkout category</dt>
              <dd>
                <code>{product.productType}</code>
              </dd>
            </div>
          </dl>
        </div>
      </article>
      <section className="related" aria-labelledby="related-title">
        <h2 id="related-title">You might also like</h2>
        <ul className="product-grid product-grid--three">
          {related.map((other) => (
            <li key={other.id}>
              <ProductCard product={other} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

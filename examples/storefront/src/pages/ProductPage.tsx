import { useState } from 'react';
import { useCart } from '../cart.js';
import { findProduct, PRODUCTS } from '../catalog.js';
import { ProductArt } from '../components/ProductArt.js';
import { CheckIcon, QuantityStepper, usePageTitle } from '../components/ui.js';
import { useLanguage } from '../language.js';
import { Link, navigate } from '../router.js';
import { NotFoundPage } from './NotFoundPage.js';
import { ProductCard } from './ShopPage.js';

export function ProductPage({ productId }: { productId: string }) {
  const product = findProduct(productId);
  const { text, money, day } = useLanguage();
  const words = product ? text.products[product.id] : undefined;
  usePageTitle(words?.name ?? text.notFound);
  const cart = useCart();
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState(false);
  if (!product || !words) return <NotFoundPage />;

  const related = PRODUCTS.filter(
    (other) => other.id !== product.id && other.category === product.category,
  )
    .concat(
      PRODUCTS.filter((other) => other.id !== product.id && other.category !== product.category),
    )
    .slice(0, 3);

  return (
    <>
      <nav className="breadcrumbs" aria-label={text.breadcrumb}>
        <Link to="/">{text.store}</Link>
        <span aria-hidden="true">/</span>
        <span>{text.categories[product.category]}</span>
      </nav>
      <article className="product-detail">
        <div className="product-detail-art">
          <ProductArt art={product.art} />
          {words.badge ? <span className="badge badge--float">{words.badge}</span> : null}
        </div>
        <div className="product-detail-info">
          <p className="eyebrow">{text.categories[product.category]}</p>
          <h1>{words.name}</h1>
          <p className="product-detail-tagline">{words.tagline}</p>
          <p className="price price--large">{money(product.priceCents)}</p>
          <p>{words.description}</p>
          <ul className="includes">
            {words.includes.map((line) => (
              <li key={line}>
                <CheckIcon />
                {line}
              </li>
            ))}
          </ul>
          <div className="buy-row">
            <QuantityStepper value={quantity} onChange={setQuantity} label={text.quantity} />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                cart.add(product.id, quantity);
                setAdded(true);
              }}
            >
              {text.addToCart}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                cart.add(product.id, quantity);
                navigate('/checkout');
              }}
            >
              {text.buyNow}
            </button>
          </div>
          {added ? (
            <p className="added-note" role="status">
              <CheckIcon /> {text.addedToCart} <Link to="/cart">{text.viewCart}</Link>
            </p>
          ) : null}
          <dl className="facts">
            <div>
              <dt>{text.delivery}</dt>
              <dd>{text.instantToYourAccount}</dd>
            </div>
            {product.expiration ? (
              <div>
                <dt>{text.redeemBy}</dt>
                <dd>{day(product.expiration)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{text.checkoutCategory}</dt>
              <dd>
                <code>{product.productType}</code>
              </dd>
            </div>
          </dl>
        </div>
      </article>
      <section className="related" aria-labelledby="related-title">
        <h2 id="related-title">{text.youMightAlsoLike}</h2>
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

import { useState } from 'react';
import { useCart } from '../cart.js';
import { findProduct, GAME_NAME, PRODUCTS, type Product } from '../catalog.js';
import { ProductArt } from '../components/ProductArt.js';
import { money, usePageTitle } from '../components/ui.js';
import { Link } from '../router.js';

const CATEGORIES = ['All', ...new Set(PRODUCTS.map((product) => product.category))];

export function ShopPage() {
  usePageTitle('');
  const [category, setCategory] = useState('All');
  const shown =
    category === 'All' ? PRODUCTS : PRODUCTS.filter((product) => product.category === category);
  const featured = findProduct('season-pass');

  return (
    <>
      {featured ? (
        <section className="hero" aria-labelledby="hero-title">
          <div className="hero-copy">
            <p className="eyebrow eyebrow--light">Season 7 is live</p>
            <h1 id="hero-title">Emberfall has come to {GAME_NAME}</h1>
            <p>
              Seventy tiers of rewards, a new title and a thousand gems along the way. Get the
              premium pass and start climbing today.
            </p>
            <div className="hero-actions">
              <Link to={`/products/${featured.id}`} className="button button--light">
                Get the pass · {money(featured.priceCents)}
              </Link>
              <a href="#store" className="button button--ghost-light">
                Browse the store
              </a>
            </div>
          </div>
          <ProductArt art="pass" className="hero-art" />
        </section>
      ) : null}

      <section id="store" className="store" aria-labelledby="store-title">
        <div className="store-header">
          <h2 id="store-title">Store</h2>
          <div className="chips" role="group" aria-label="Category">
            {CATEGORIES.map((name) => (
              <button
                key={name}
                type="button"
                className="chip"
                aria-pressed={category === name}
                onClick={() => setCategory(name)}
              >
                {name}
              </button>
            ))}
          </div>
        </div>
        <ul className="product-grid">
          {shown.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </section>

      <section className="perks" aria-label="Why buy here">
        <div className="perk">
          <h3>Instant delivery</h3>
          <p>Everything lands in your {GAME_NAME} account the moment you pay.</p>
        </div>
        <div className="perk">
          <h3>Pay by bank</h3>
          <p>Pay straight from a saved bank account. No card number to type.</p>
        </div>
        <div className="perk">
          <h3>Protected purchases</h3>
          <p>Chargeback protection keeps prices low for everyone.</p>
        </div>
      </section>
    </>
  );
}

export function ProductCard({ product }: { product: Product }) {
  const cart = useCart();
  const [added, setAdded] = useState(false);

  function add() {
    cart.add(product.id);
    setAdded(true);
    window.setTimeout(() => setAdded(false), 1500);
  }

  return (
    <article className="product-card">
      <Link
        to={`/products/${product.id}`}
        className="product-card-art"
        tabIndex={-1}
        aria-hidden="true"
      >
        <ProductArt art={product.art} />
        {product.badge ? <span className="badge badge--float">{product.badge}</span> : null}
      </Link>
      <div className="product-card-body">
        <p className="product-category">{product.category}</p>
        <h3 className="product-name">
          <Link to={`/products/${product.id}`}>{product.name}</Link>
        </h3>
        <p className="product-tagline">{product.tagline}</p>
        <div className="product-card-footer">
          <span className="price">{money(product.priceCents)}</span>
          <button
            type="button"
            className={`button button--small${added ? ' button--done' : ''}`}
            onClick={add}
          >
            {added ? 'Added' : 'Add to cart'}
            <span className="visually-hidden">: {product.name}</span>
          </button>
        </div>
      </div>
    </article>
  );
}

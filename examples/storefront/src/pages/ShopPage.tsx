import { useState } from 'react';
import { useCart } from '../cart.js';
import { findProduct, GAME_NAME, PRODUCTS, type Category, type Product } from '../catalog.js';
import { ProductArt } from '../components/ProductArt.js';
import { usePageTitle } from '../components/ui.js';
import { useLanguage } from '../language.js';
import { Link } from '../router.js';

const CATEGORIES = [...new Set(PRODUCTS.map((product) => product.category))];

export function ShopPage() {
  usePageTitle('');
  const { text, money } = useLanguage();
  const [category, setCategory] = useState<Category | 'all'>('all');
  const shown =
    category === 'all' ? PRODUCTS : PRODUCTS.filter((product) => product.category === category);
  const featured = findProduct('season-pass');

  return (
    <>
      {featured ? (
        <section className="hero" aria-labelledby="hero-title">
          <div className="hero-copy">
            <p className="eyebrow eyebrow--light">{text.seasonLive}</p>
            <h1 id="hero-title">{text.heroTitle(GAME_NAME)}</h1>
            <p>{text.heroBody}</p>
            <div className="hero-actions">
              <Link to={`/products/${featured.id}`} className="button button--light">
                {text.getThePass(money(featured.priceCents))}
              </Link>
              <a href="#store" className="button button--ghost-light">
                {text.browseTheStore}
              </a>
            </div>
          </div>
          <ProductArt art="pass" className="hero-art" />
        </section>
      ) : null}

      <section id="store" className="store" aria-labelledby="store-title">
        <div className="store-header">
          <h2 id="store-title">{text.store}</h2>
          <div className="chips" role="group" aria-label={text.category}>
            {(['all', ...CATEGORIES] as const).map((name) => (
              <button
                key={name}
                type="button"
                className="chip"
                aria-pressed={category === name}
                onClick={() => setCategory(name)}
              >
                {name === 'all' ? text.all : text.categories[name]}
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

      <section className="perks" aria-label={text.whyBuyHere}>
        <div className="perk">
          <h3>{text.instantDelivery}</h3>
          <p>{text.instantDeliveryBody(GAME_NAME)}</p>
        </div>
        <div className="perk">
          <h3>{text.payByBank}</h3>
          <p>{text.payByBankBody}</p>
        </div>
        <div className="perk">
          <h3>{text.protectedPurchases}</h3>
          <p>{text.protectedPurchasesBody}</p>
        </div>
      </section>
    </>
  );
}

export function ProductCard({ product }: { product: Product }) {
  const cart = useCart();
  const { text, money } = useLanguage();
  const words = text.products[product.id];
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
        {words.badge ? <span className="badge badge--float">{words.badge}</span> : null}
      </Link>
      <div className="product-card-body">
        <p className="product-category">{text.categories[product.category]}</p>
        <h3 className="product-name">
          <Link to={`/products/${product.id}`}>{words.name}</Link>
        </h3>
        <p className="product-tagline">{words.tagline}</p>
        <div className="product-card-footer">
          <span className="price">{money(product.priceCents)}</span>
          <button
            type="button"
            className={`button button--small${added ? ' button--done' : ''}`}
            onClick={add}
          >
            {added ? text.added : text.addToCart}
            <span className="visually-hidden">: {words.name}</span>
          </button>
        </div>
      </div>
    </article>
  );
}

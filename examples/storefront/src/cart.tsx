// The cart: kept in this browser's localStorage so a reload keeps it (it holds no secrets).
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { MAX_QUANTITY, priceLines, totalCents, type CartLine, type PricedLine } from './catalog.js';

const STORAGE_KEY = 'skyreach.cart';

interface CartValue {
  lines: CartLine[];
  priced: PricedLine[];
  count: number;
  totalCents: number;
  add(productId: string, quantity?: number): void;
  setQuantity(productId: string, quantity: number): void;
  remove(productId: string): void;
  clear(): void;
}

const CartContext = createContext<CartValue | null>(null);
CartContext.displayName = 'CartContext';

function load(): CartLine[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored)
      ? priceLines(stored as CartLine[]).map((line) => ({
          productId: line.product.id,
          quantity: line.quantity,
        }))
      : [];
  } catch {
    return [];
  }
}

export function CartProvider({ children }: { children: ReactNode }) {
  const [lines, setLines] = useState<CartLine[]>(load);

  useEffect(() => {
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
    } catch {
      // Private mode: the cart lasts as long as the tab.
    }
  }, [lines]);

  // Another tab changed the cart.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) setLines(load());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setQuantity = useCallback((productId: string, quantity: number) => {
    setLines((current) => {
      const clamped = Math.max(0, Math.min(MAX_QUANTITY, Math.floor(quantity)));
      if (clamped === 0) return current.filter((line) => line.productId !== productId);
      if (!current.some((line) => line.productId === productId)) {
        return [...current, { productId, quantity: clamped }];
      }
      return current.map((line) =>
        line.productId === productId ? { ...line, quantity: clamped } : line,
      );
    });
  }, []);

  const add = useCallback((productId: string, quantity = 1) => {
    setLines((current) => {
      const existing = current.find((line) => line.productId === productId);
      if (!existing) return [...current, { productId, quantity: Math.min(quantity, MAX_QUANTITY) }];
      return current.map((line) =>
        line.productId === productId
          ? { ...line, quantity: Math.min(MAX_QUANTITY, line.quantity + quantity) }
          : line,
      );
    });
  }, []);

  const remove = useCallback((productId: string) => {
    setLines((current) => current.filter((line) => line.productId !== productId));
  }, []);

  const clear = useCallback(() => setLines([]), []);

  const value = useMemo(() => {
    const priced = priceLines(lines);
    return {
      lines,
      priced,
      count: priced.reduce((sum, line) => sum + line.quantity, 0),
      totalCents: totalCents(priced),
      add,
      setQuantity,
      remove,
      clear,
    };
  }, [lines, add, setQuantity, remove, clear]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartValue {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart() needs a <CartProvider> around the app.');
  return cart;
}

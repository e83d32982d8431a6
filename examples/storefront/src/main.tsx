import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { CartProvider } from './cart.js';
import { LanguageProvider } from './language.js';
// The checkout's stylesheet first, so the shop's own rules can adjust it.
import 'service-checkout/styles.css';
import './styles.css';

// One QueryClient for the shop's own data and, through <CheckoutProvider queryClient>, the checkout's.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html needs a <div id="root">.');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <CartProvider>
          <App />
        </CartProvider>
      </LanguageProvider>
    </QueryClientProvider>
  </StrictMode>,
);

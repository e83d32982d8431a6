// The sandbox console: the merchant dashboard of the service, running locally.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AnnouncerProvider } from './announcer.js';
import { App } from './App.js';
import './console.css';
import './controls.css';
import './records.css';

const client = new QueryClient({
  defaultOptions: {
    // The sandbox is local and changes by itself (payments settle, deliveries retry).
    queries: { retry: false, refetchOnWindowFocus: true, staleTime: 0 },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <AnnouncerProvider>
        <App />
      </AnnouncerProvider>
    </QueryClientProvider>
  </StrictMode>,
);

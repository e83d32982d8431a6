// Types of start.mjs: the demo storefront's programmatic starter (see the comment at its top).
import type { Sandbox } from 'service-checkout/sandbox';

/** What the shop's server takes, with the embedded sandbox or without. */
export interface ShopServerOptions {
  /** Storefront port; 0 picks a free one. Default 5173. */
  port?: number;
  /** Address the servers listen on. Default 127.0.0.1. */
  host?: string;
  /**
   * More addresses the shop answers at, such as `https://shop.example.com` behind a proxy that
   * passes the Host header on. The address it listens on and `http://localhost:<port>` always
   * are; a request for any other host is a 421.
   */
  publicOrigins?: string[];
  /**
   * A PostgreSQL server for accounts, sessions and orders, shared by every process of the shop
   * (`postgres://user:password@host:port/database`). Unset: PGlite, in `dataDir` or in memory.
   */
  databaseUrl?: string;
  /**
   * Directory kept across restarts, created (with its parents, 0700) when missing: the shop's
   * database (accounts and orders) in `shop/` when there is no `databaseUrl`, and the embedded
   * sandbox's state in `sandbox/`, both 0700 with their files 0600. Unset: in memory, gone at
   * close. `npm start` uses STOREFRONT_DATA_DIR, default `.storefront-data`.
   */
  dataDir?: string;
  /** Time a client has to send a request's headers before a 408. Default 10 000 ms. */
  headersTimeoutMs?: number;
  /** Time a client has to send a whole request, body included, before a 408. Default 30 000 ms. */
  requestTimeoutMs?: number;
  /** Receives one line per sign-in, order or failure. Default: silent. */
  log?: (line: string) => void;
  /** When to build the library and the storefront first. Default 'if-stale'. */
  build?: 'if-stale' | 'always' | 'never';
}

export interface StartStorefrontOptions extends ShopServerOptions {
  /** Sandbox port; 0 picks a free one. Default 4010. */
  sandboxPort?: number;
  /**
   * Lifetime of the sandbox's session keys. Default 86400. The checkout renews a key 60 s
   * before it expires, or at half its lifetime when it lives under two minutes: with 10, the
   * page renews about every 5 s, so a renewal happens mid-checkout.
   */
  sessionKeyTtlSeconds?: number;
  /** Time between a payment's steps (pending, batched, settled) in the sandbox. Default 2000. */
  settleStepMs?: number;
  /** Delay before every sandbox answer. Default 0. */
  latencyMs?: number;
  /** Sandbox merchant. Default `merchant_sandbox`. */
  merchantId?: string;
  /** Sandbox API key, held by the storefront's server. Default the sandbox's seeded key. */
  apiKey?: string;
  /** HS256 secret of the sandbox's session keys. Default random per start. */
  jwtSecret?: string;
  /**
   * The shop's clock, in milliseconds since the epoch. Default Date.now. Tests that move the
   * sandbox's clock (POST /api/sandbox/clock) move this one with it, so that tokens expire and
   * orders go at the same time for both.
   */
  now?: () => number;
}

export interface StartShopOptions extends ShopServerOptions {
  /** The service the shop talks to, instead of an embedded sandbox. */
  service: {
    /** Its address, such as `http://127.0.0.1:4010`. */
    url: string;
    merchantId: string;
    /** The merchant API key; stays in the shop's process. */
    apiKey: string;
    /** The key the service signs webhooks with; stays in the shop's process. */
    webhookKey: string;
  };
}

export interface Shop {
  /** The shop, such as `http://127.0.0.1:5173` (no trailing slash). */
  url: string;
  /** Absolute path of the built page files (index.html, assets/). */
  clientDir: string;
  /** Stops the shop's server. */
  close(): Promise<void>;
}

export interface Storefront {
  /** The shop, such as `http://127.0.0.1:5173` (no trailing slash). */
  url: string;
  /** The embedded sandbox, such as `http://127.0.0.1:4010`. */
  sandboxUrl: string;
  /** The sandbox console's address, with the token that opens it: print it, never serve it. */
  consoleUrl: string;
  /** The sandbox behind sandboxUrl: events, payments, mintSessionKey, reset. */
  sandbox: Sandbox;
  /** The merchant API key the storefront's server uses; never sent to the page. */
  apiKey: string;
  /** Where accounts and orders are kept; undefined when in memory. */
  dataDir?: string;
  /** Absolute path of the built page files (index.html, assets/). */
  clientDir: string;
  /** Stops the storefront and the sandbox. */
  close(): Promise<void>;
}

export function startStorefront(options?: StartStorefrontOptions): Promise<Storefront>;

/** The shop's server alone, against a service that runs elsewhere. */
export function startShop(options: StartShopOptions): Promise<Shop>;

/** Builds the library and the storefront when needed (once per process). */
export function buildStorefront(options?: {
  build?: 'if-stale' | 'always' | 'never';
  log?: (line: string) => void;
}): Promise<void>;

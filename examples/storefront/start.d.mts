// Types of start.mjs: the demo storefront's programmatic starter (see the comment at its top).
import type { Sandbox } from 'service-checkout/sandbox';

export interface StartStorefrontOptions {
  /** Storefront port; 0 picks a free one. Default 5173. */
  port?: number;
  /** Sandbox port; 0 picks a free one. Default 4010. */
  sandboxPort?: number;
  /** Address both servers listen on. Default 127.0.0.1. */
  host?: string;
  /**
   * Lifetime of the sandbox's session keys. Default 86400. The checkout renews a key 60 s
   * before it expires, or at half its lifetime when it lives under two minutes: with 10, the
   * page renews about every 5 s, so a renewal happens mid-checkout.
   */
  sessionKeyTtlSeconds?: number;
  /** Time between a payment's steps (pending, batched, settled) in the sandbox. Default 2000. */
  settleStepMs?: number;
  /**
   * Directory kept across restarts, created (with its parents, 0700) when missing: the shop's
   * database (accounts and orders) in `shop/` and the embedded sandbox's state in `sandbox/`,
   * both 0700 with their files 0600. Unset: in memory, gone at close. `npm start` uses
   * STOREFRONT_DATA_DIR, default `.storefront-data`.
   */
  dataDir?: string;
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
  /** Receives one line per sign-in, order or failure. Default: silent. */
  log?: (line: string) => void;
  /** When to build the library and the storefront first. Default 'if-stale'. */
  build?: 'if-stale' | 'always' | 'never';
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

/** Builds the library and the storefront when needed (once per process). */
export function buildStorefront(options?: {
  build?: 'if-stale' | 'always' | 'never';
  log?: (line: string) => void;
}): Promise<void>;

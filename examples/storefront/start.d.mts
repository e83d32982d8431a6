// Types of start.mjs: the demo storefront's programmatic starter (see the comment at its top).
// The shop's options and results are server/start.ts's; start.mjs builds the page first, so it
// takes no clientDir, answers with it, and takes when to build.
import type * as Server from './server/start.js';

/** When to build the library and the storefront first. Default 'if-stale'. */
export type BuildMode = 'if-stale' | 'always' | 'never';

export type StartStorefrontOptions = Omit<Server.StartStorefrontOptions, 'clientDir'> & {
  build?: BuildMode;
};
export type StartShopOptions = Omit<Server.StartShopOptions, 'clientDir'> & { build?: BuildMode };

/** Absolute path of the built page files (index.html, assets/), to scan for secrets. */
type BuiltPage = { clientDir: string };
export type Storefront = Server.Storefront & BuiltPage;
export type Shop = Server.Shop & BuiltPage;

export function startStorefront(options?: StartStorefrontOptions): Promise<Storefront>;

/** The shop's server alone, against a service that runs elsewhere. */
export function startShop(options: StartShopOptions): Promise<Shop>;

/** Builds the library and the storefront when needed (once per process). */
export function buildStorefront(options?: {
  build?: BuildMode;
  log?: (line: string) => void;
}): Promise<void>;

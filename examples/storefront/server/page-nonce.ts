/**
 * What the page's build (vite.config.ts) writes where each response's nonce goes: on every tag it
 * emits and in its `<meta property="csp-nonce">`. The server (page.ts) puts a new nonce there.
 */
export const PAGE_NONCE_PLACEHOLDER = 'SKYREACH_PAGE_NONCE';

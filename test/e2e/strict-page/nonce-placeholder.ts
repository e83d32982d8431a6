/** What the build writes where each response's nonce goes. */
export const NONCE_PLACEHOLDER = 'STRICT_PAGE_NONCE';

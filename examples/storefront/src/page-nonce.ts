/**
 * This response's Content-Security-Policy nonce, which the server wrote on the page's
 * `<meta property="csp-nonce">` (read as the `nonce` property: browsers hide the attribute).
 * The device script's tag carries it.
 */
export const pageNonce =
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;

// Prints the payer's copy of the authorization alone, not the merchant's page around it: the
// page is marked while the browser prints, and the stylesheet (src/react/authorization.css)
// then shows only `.sc-authorization-copy`.

/** Set on the root element while printing the authorization. */
export const PRINTING_CLASS = 'sc-print-authorization';

export function printAuthorization(): void {
  const root = document.documentElement;
  root.classList.add(PRINTING_CLASS);
  // After the print dialog closes; print() returns before that in some browsers.
  window.addEventListener('afterprint', () => root.classList.remove(PRINTING_CLASS), {
    once: true,
  });
  window.print();
}

// The page's one polite live region, through which every checkout speaks. It lives in
// document.body, outside React: what a checkout says is still heard when the app unmounts it at
// once (navigating away inside onSuccess, say), and every provider on the page shares it.

/** How long each announcement stays in the region, so a screen reader busy elsewhere still finds it. */
export const ANNOUNCEMENT_MS = 10_000;

// Found by this attribute, not held in a variable: two copies of the library on one page share
// one region.
const REGION_ATTRIBUTE = 'data-sc-live-region';

/**
 * Says `text` through the page's live region, adding the region on first use; in its language,
 * so that a screen reader reads it with the right voice.
 */
export function announce(text: string, language: { lang: string; dir: 'ltr' | 'rtl' }): void {
  if (typeof document === 'undefined' || text === '') return;
  const line = document.createElement('p');
  line.textContent = text;
  line.lang = language.lang;
  line.dir = language.dir;
  liveRegion().append(line);
  setTimeout(() => line.remove(), ANNOUNCEMENT_MS);
}

function liveRegion(): Element {
  const existing = document.body.querySelector(`[${REGION_ATTRIBUTE}]`);
  if (existing) return existing;
  const region = document.createElement('div');
  region.setAttribute(REGION_ATTRIBUTE, '');
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  // Each new line is read alone, not the whole region again.
  region.setAttribute('aria-atomic', 'false');
  region.className = 'sc-visually-hidden';
  document.body.append(region);
  return region;
}

/** Empties the region, as on a freshly loaded page (for tests). */
export function resetLiveRegion(): void {
  document.body.querySelector(`[${REGION_ATTRIBUTE}]`)?.replaceChildren();
}

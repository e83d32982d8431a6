// Loads a third-party <script> once per page. A plain module, outside React: components call
// it from effects only, and importing it does nothing.
import { ScriptLoadError } from '../core/errors.js';
import { resetTrustedScriptUrls, scriptUrl } from './trusted-script-url.js';

/** Options of {@link loadScript}. */
export interface LoadScriptOptions {
  /** CSP nonce, set as the tag's real `nonce` attribute. */
  nonce?: string;
  /** Give up (and allow a retry) after this long. */
  timeoutMs?: number;
  /**
   * Tells whether the script has already run. Used for a tag that was on the page before we
   * looked: its `load` event may have fired long ago, so waiting for it could hang.
   */
  isLoaded?: () => boolean;
}

export const DEFAULT_SCRIPT_TIMEOUT_MS = 15_000;

// The tag carries its own state, so a second loader (another bundle copy, a remount) joins it.
const STATUS_ATTR = 'data-sc-status';

const pending = new Map<string, Promise<void>>();

/**
 * Resolves when the script at `src` has loaded; one promise per src per page. Resolves to
 * `null` on the server. A failure clears the cache and removes the tag it injected, so the
 * next call tries again. Under Trusted Types the address is set as a plain string (the library's
 * own policy makes only its device script's), so it needs a policy of the page's; a refusal
 * rejects with ScriptLoadError.
 */
export function loadScript(src: string, options: LoadScriptOptions = {}): Promise<void> | null {
  if (typeof document === 'undefined') return null;
  const cached = pending.get(src);
  if (cached) return cached;
  const loading = inject(src, options);
  pending.set(src, loading);
  loading.catch(() => {
    if (pending.get(src) === loading) pending.delete(src);
  });
  return loading;
}

function inject(src: string, options: LoadScriptOptions): Promise<void> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SCRIPT_TIMEOUT_MS;
  return new Promise<void>((resolve, reject) => {
    let script = findScript(src);
    const status = script?.getAttribute(STATUS_ATTR);
    if (script && (status === 'loaded' || options.isLoaded?.())) return resolve();
    if (script && status === 'error') {
      script.remove();
      script = undefined;
    }
    const injected = !script;
    if (!script) {
      script = document.createElement('script');
      try {
        script.src = scriptUrl(src);
      } catch (error) {
        // Trusted Types: the page refused the library's policy, or this address as a string.
        return reject(
          new ScriptLoadError(src, error instanceof Error ? error.message : String(error)),
        );
      }
      script.async = true;
      if (options.nonce) script.nonce = options.nonce;
      script.setAttribute(STATUS_ATTR, 'loading');
      document.head.appendChild(script);
    }
    const tag = script;

    // Settles on the first of load, error and the timeout; `failure` says why it failed.
    const settle = (failure?: string) => {
      clearTimeout(timer);
      tag.removeEventListener('load', onLoad);
      tag.removeEventListener('error', onError);
      if (failure === undefined) {
        tag.setAttribute(STATUS_ATTR, 'loaded');
        return resolve();
      }
      // A tag we added is removed so a retry fetches again; a merchant's own tag stays.
      if (injected) tag.remove();
      else tag.setAttribute(STATUS_ATTR, 'error');
      reject(new ScriptLoadError(src, failure));
    };
    const onLoad = () => settle();
    const onError = () => settle('the request failed');
    const timer = setTimeout(() => settle(`no load event within ${timeoutMs} ms`), timeoutMs);
    tag.addEventListener('load', onLoad);
    tag.addEventListener('error', onError);
  });
}

// Compared as resolved URLs: a tag written with a relative address is the same script.
function findScript(src: string): HTMLScriptElement | undefined {
  const wanted = new URL(src, document.baseURI).href;
  return Array.from(document.scripts).find((script) => script.src === wanted);
}

/** For tests: forget every load, and the Trusted Types policy, as on a fresh page. */
export function resetScriptCache(): void {
  pending.clear();
  resetTrustedScriptUrls();
}

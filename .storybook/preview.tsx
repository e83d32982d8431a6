import type { Decorator, Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { LOCAL_SANDBOX_URL } from '../src/index.js';
import { resetDeviceIds } from '../src/checkout/device-id-store.js';
import { resetScriptCache } from '../src/checkout/script-loader.js';
import { CATALOGUES, resolveLocale } from '../src/checkout/messages/locales.js';
import { fitDocsFrame } from './fit-docs-frame.js';
import './preview.css';

type Theme = 'light' | 'dark';

// Every story reaches the service through MSW. A call to the service that no handler answers is
// a broken story, so it fails; Storybook's own files and assets pass through untouched.
async function startWorker() {
  const worker = setupWorker();
  await worker.start({
    quiet: true,
    onUnhandledRequest(request, print) {
      if (request.url.startsWith(LOCAL_SANDBOX_URL)) print.error();
    },
  });
  return worker;
}

// The device id lives outside React, once per page: each story starts as a fresh page would.
function freshPage() {
  resetDeviceIds();
  resetScriptCache();
  document.querySelectorAll('script[src*="/chargeback/"]').forEach((script) => script.remove());
  delete (window as { ServiceDeviceFingerprint?: unknown }).ServiceDeviceFingerprint;
}

// On a docs page each story is a frame inside the docs frame. A play function that moves focus
// (to a payment's outcome) would scroll the whole docs page to that story, so there it doesn't.
if (typeof window !== 'undefined' && window.parent !== window.top) {
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function focusWithoutScroll(options?: FocusOptions) {
    focus.call(this, { ...options, preventScroll: true });
  };
}

if (typeof window !== 'undefined') fitDocsFrame();

// The toolbar's theme and locale reach the checkout as its `theme` and `locale` props (unless a
// story sets them), and the stage behind it follows, as a storefront's page would: its colours,
// its language and its direction.
const withThemeAndLocale: Decorator = (Story, context) => {
  const theme = ((context.args.theme as Theme | undefined) ?? context.globals.theme) as Theme;
  const locale = (context.args.locale ?? context.globals.locale ?? 'en') as string;
  const { catalogue, dir } = resolveLocale(locale);
  return (
    <div className="sb-stage" data-theme={theme} lang={catalogue} dir={dir}>
      <Story args={{ ...context.args, theme, locale }} />
    </div>
  );
};

/** A locale's name in its own language: "español", "العربية". */
const nativeName = (tag: string) =>
  new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;

const preview: Preview = {
  loaders: [mswLoader(startWorker)],
  beforeEach: freshPage,
  decorators: [withThemeAndLocale],
  globalTypes: {
    theme: {
      description: 'Checkout theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: "The checkout's language: every locale it speaks",
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: CATALOGUES.map((tag) => ({ value: tag, title: `${tag}: ${nativeName(tag)}` })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true, sort: 'requiredFirst' },
    // Every story fails its test on an accessibility violation.
    a11y: { test: 'error' },
    docs: {
      // One iframe per story: each has its own page, sandbox and device script, as in the canvas.
      // Its height until the story has rendered, whose own it then takes (fit-docs-frame.ts).
      story: { inline: false, height: '560px' },
      codePanel: true,
    },
    options: {
      storySort: {
        order: ['Introduction', 'Checkout', 'Locales', 'CheckoutProvider', 'useCustomer'],
      },
    },
  },
};

export default preview;

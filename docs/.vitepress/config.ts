// The docs site: the guides in docs/ and the API reference TypeDoc writes into docs/api
// (`npm run docs:build` runs TypeDoc first). A dead link fails the build: ignoreDeadLinks is
// left unset on purpose.
import { existsSync, readFileSync } from 'node:fs';
import { defineConfig, type DefaultTheme } from 'vitepress';

const guides: DefaultTheme.SidebarItem[] = [
  { text: 'React checkout', link: '/react' },
  { text: "Every payer's language", link: '/locales' },
  { text: 'Server and webhooks', link: '/server' },
  { text: 'Payments and the long tail of ACH', link: '/payments' },
  { text: 'Sandbox, console and time travel', link: '/sandbox' },
  { text: 'Testing with the sandbox', link: '/testing' },
  { text: 'Strict pages (CSP)', link: '/security' },
  { text: 'Runtimes and bundlers', link: '/runtimes' },
  { text: 'Examples to copy', link: '/examples' },
  { text: 'The demo shop', link: '/demo' },
  { text: 'Errors', link: '/errors' },
  { text: 'Performance and size', link: '/performance' },
  { text: 'Working on this repository', link: '/contributing' },
  { text: 'Design', link: '/design' },
];

/** The API reference's sidebar, written by TypeDoc; absent before its first run. */
function apiSidebar(): DefaultTheme.SidebarItem[] {
  const file = new URL('../api/typedoc-sidebar.json', import.meta.url);
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')) as DefaultTheme.SidebarItem[];
}

export default defineConfig({
  title: 'service-checkout',
  description: 'React checkout, server client and local sandbox for the merchant payments service.',
  themeConfig: {
    nav: [
      { text: 'Guides', link: '/react' },
      { text: 'API', link: '/api/' },
      { text: 'Design', link: '/design' },
    ],
    sidebar: [
      { text: 'Guides', items: guides },
      { text: 'API reference', link: '/api/', items: apiSidebar() },
    ],
    search: { provider: 'local' },
  },
});

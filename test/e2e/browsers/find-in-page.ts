// How firefox.ts finds a target: inside the page, in one round trip, as Playwright's locators do
// in chromium.ts. Firefox's own accessibility tree can be asked over WebDriver BiDi, but each
// query took about a second on the checkout page, too slow to wait on; and it does not report
// names, which a RegExp would need.

/** What an element must be for a call to use it. */
export type Need = 'present' | 'visible' | 'enabled';

/** Text matched whole, or a RegExp's parts (a RegExp cannot cross into the page). */
export type Pattern = { whole: string } | { source: string; flags: string };

export type Query = { nth?: number; need: Need } & (
  | { kind: 'role'; role: string; name?: Pattern }
  | { kind: 'label'; label: Pattern }
  | { kind: 'text'; text: Pattern }
  | { kind: 'css'; css: string }
);

export const toPattern = (wanted: string | RegExp): Pattern =>
  typeof wanted === 'string' ? { whole: wanted } : { source: wanted.source, flags: wanted.flags };

/**
 * Runs in the page, so it is self-contained. Answers the one element of the query (or its
 * `nth`) when it is what `need` asks, else why not: "none", "many <count>", "hidden" or
 * "disabled".
 */
export function findInPage(query: Query): Element | string {
  const normal = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const matches = (pattern: Pattern, text: string) =>
    'whole' in pattern
      ? text === pattern.whole
      : new RegExp(pattern.source, pattern.flags).test(text);

  // A form field's label: aria-labelledby, aria-label, or its <label> elements.
  const labelOf = (element: Element): string | null => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) {
      const parts = labelledBy.split(/\s+/).map((id) => document.getElementById(id)?.textContent);
      return normal(parts.join(' '));
    }
    if (element.hasAttribute('aria-label')) return normal(element.getAttribute('aria-label'));
    const labels = 'labels' in element ? (element.labels as NodeListOf<HTMLLabelElement>) : null;
    return labels?.length ? normal([...labels].map((label) => label.textContent).join(' ')) : null;
  };

  // The role an element has without a role attribute (the common HTML ones).
  const implicitRole = (element: Element): string | null => {
    const tag = element.tagName.toLowerCase();
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'a' || tag === 'area') return element.hasAttribute('href') ? 'link' : null;
    if (tag === 'input') {
      const type = (element as HTMLInputElement).type;
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      const byType: Record<string, string> = {
        checkbox: 'checkbox',
        radio: 'radio',
        range: 'slider',
        number: 'spinbutton',
        search: 'searchbox',
      };
      return byType[type] ?? (type === 'hidden' ? null : 'textbox');
    }
    if (tag === 'select') {
      const select = element as HTMLSelectElement;
      return select.multiple || select.size > 1 ? 'listbox' : 'combobox';
    }
    if (tag === 'section') return labelOf(element) ? 'region' : null;
    if (tag === 'img') return element.getAttribute('alt') === '' ? 'presentation' : 'img';
    if (tag === 'th') return element.getAttribute('scope') === 'row' ? 'rowheader' : 'columnheader';
    const byTag: Record<string, string> = {
      article: 'article',
      aside: 'complementary',
      button: 'button',
      dialog: 'dialog',
      fieldset: 'group',
      form: 'form',
      hr: 'separator',
      li: 'listitem',
      main: 'main',
      nav: 'navigation',
      ol: 'list',
      ul: 'list',
      option: 'option',
      output: 'status',
      progress: 'progressbar',
      table: 'table',
      tbody: 'rowgroup',
      thead: 'rowgroup',
      tfoot: 'rowgroup',
      td: 'cell',
      tr: 'row',
      textarea: 'textbox',
    };
    return byTag[tag] ?? null;
  };
  const roleOf = (element: Element) =>
    element.getAttribute('role')?.trim().split(/\s+/)[0] || implicitRole(element);

  // The accessible name, in the order the specification gives: labelledby, label, <label>,
  // alt, the element's own text for roles named by their content, then title or placeholder.
  const NAMED_BY_CONTENT =
    /^(button|link|heading|cell|columnheader|rowheader|checkbox|radio|option|tab|menuitem|menuitemcheckbox|menuitemradio|switch|treeitem|tooltip|row)$/;
  const nameOf = (element: Element, role: string): string => {
    const label = labelOf(element);
    if (label) return label;
    const alt = element.getAttribute('alt');
    if (alt) return normal(alt);
    if (element instanceof HTMLInputElement && role === 'button') return normal(element.value);
    if (NAMED_BY_CONTENT.test(role) && element instanceof HTMLElement) {
      const text = normal(element.innerText);
      if (text) return text;
    }
    return normal(element.getAttribute('title') ?? element.getAttribute('placeholder'));
  };
  // Hidden from assistive technology: not rendered, or under aria-hidden.
  const inAccessibilityTree = (element: Element) =>
    element.checkVisibility({ visibilityProperty: true }) && !element.closest('[aria-hidden=true]');

  const all = () => [...document.body.querySelectorAll('*')];
  let found: Element[];
  if (query.kind === 'role') {
    const { role, name } = query;
    found = all().filter(
      (element) =>
        roleOf(element) === role &&
        inAccessibilityTree(element) &&
        (!name || matches(name, nameOf(element, role))),
    );
  } else if (query.kind === 'label') {
    found = all().filter((element) => {
      const label =
        /^(input|select|textarea|button)$/i.test(element.tagName) || element.hasAttribute('role')
          ? labelOf(element)
          : null;
      return label !== null && matches(query.label, label);
    });
  } else if (query.kind === 'text') {
    // The innermost element holding the text counts, not each of its ancestors.
    found = all().filter((element) => {
      if (element.closest('script, style, template')) return false;
      const text = normal(element.textContent);
      return (
        text !== '' &&
        matches(query.text, text) &&
        ![...element.children].some((child) => matches(query.text, normal(child.textContent)))
      );
    });
  } else {
    found = [...document.querySelectorAll(query.css)];
  }

  if (query.nth === undefined && found.length > 1) return `many ${found.length}`;
  const element = found[query.nth ?? 0];
  if (!element) return 'none';
  if (query.need === 'present') return element;
  const visible =
    element.checkVisibility({ visibilityProperty: true }) && element.getClientRects().length > 0;
  if (!visible) return 'hidden';
  const enabled = !element.matches(':disabled') && element.getAttribute('aria-disabled') !== 'true';
  return query.need === 'enabled' && !enabled ? 'disabled' : element;
}

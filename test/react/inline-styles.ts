// A page under `style-src 'self'` refuses every `style` attribute and inline <style> element
// (a violation, and the style is dropped). This watches the document for both while a test runs,
// so every view a component test passes through is checked, not only the one it ends on.

/** Starts watching; `found()` lists what appeared since, such as `<p class="x"> style`. */
export function watchInlineStyles(): { found(): string[]; stop(): void } {
  const seen = new Set<string>();
  // React hides a tree that suspends again, and shows it once it is back, through the CSSOM
  // (element.style), which no policy restricts: that display toggle alone is let through.
  const suspenseToggle = (element: Element) =>
    /^(display: none !important;)?$/.test(element.getAttribute('style') ?? '');
  const name = (element: Element) =>
    `<${element.localName}${element.className ? ` class="${String(element.className)}"` : ''}>`;
  // Added subtrees are read whole: one may arrive with its styles already set.
  const added = (node: Node) => {
    if (!(node instanceof Element)) return;
    for (const element of [node, ...Array.from(node.querySelectorAll('*'))]) {
      if (element.localName === 'style') seen.add(`${name(element)} element`);
      if (element.hasAttribute('style') && !suspenseToggle(element)) {
        seen.add(`${name(element)} style`);
      }
    }
  };
  const read = (mutations: MutationRecord[]) => {
    for (const mutation of mutations) {
      if (mutation.type === 'attributes' && mutation.target instanceof Element) {
        if (!suspenseToggle(mutation.target)) seen.add(`${name(mutation.target)} style`);
      } else mutation.addedNodes.forEach(added);
    }
  };
  const observer = new MutationObserver(read);
  observer.observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['style'],
  });
  added(document.documentElement);
  return {
    found() {
      // Changes not yet delivered to the observer count too.
      read(observer.takeRecords());
      return [...seen];
    },
    stop: () => observer.disconnect(),
  };
}

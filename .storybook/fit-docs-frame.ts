// On a docs page each story is a frame inside a box of a fixed height (parameters.docs.story
// .height), which clips a story taller than the box behind a scroll bar of its own: the Pay
// button, a notice. Inside such a frame, the box grows to the story's height instead, as it
// renders and as its play function changes it, and comes back to the given height at the least.

/** The id Storybook's docs page gives a story's frame: `iframe--<story id>`. */
const DOCS_FRAME_ID = /^iframe--/;

export function fitDocsFrame(): void {
  // The docs page is this page's origin, so its frame element is reachable.
  const frame = window.frameElement;
  const box = frame?.parentElement;
  if (frame?.tagName !== 'IFRAME' || !DOCS_FRAME_ID.test(frame.id) || !box) return;
  // Never below it: a frame shrunk to nothing before the story renders is hidden, and a hidden
  // frame is not laid out again, so it would stay at nothing.
  const givenHeight = box.getBoundingClientRect().height;
  // The stage then takes the story's height, not the frame's (preview.css).
  document.documentElement.dataset.docsFrame = '';
  new ResizeObserver(() => {
    // One pixel spare: the frame's viewport is snapped to whole pixels from where the docs
    // page puts it, which can be a fraction down the page and take a pixel off.
    const storyHeight = Math.ceil(document.body.getBoundingClientRect().height) + 1;
    box.style.height = `${Math.max(storyHeight, givenHeight)}px`;
  }).observe(document.body);
}

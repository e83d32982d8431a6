// Types of storybook-static.mjs.

/** The directory `npm run build-storybook` writes. */
export const STORYBOOK_STATIC: string;
/** Serves `root` (default storybook-static) on a free port of 127.0.0.1. */
export function serveStorybook(root?: string): Promise<{ url: string; close(): Promise<void> }>;

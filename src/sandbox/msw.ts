/**
 * The sandbox behind Mock Service Worker, for component tests and Storybook. An entry of its
 * own, so only the projects that use it need `msw` installed.
 *
 * @module service-checkout/sandbox/msw
 */
// The handlers are in transports/msw.ts.
export { sandboxHandlers, type SandboxHandlersOptions } from './transports/msw.js';

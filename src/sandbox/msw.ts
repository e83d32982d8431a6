// service-checkout/sandbox/msw: the sandbox behind Mock Service Worker. An entry of its own, so
// only the projects that use it need msw installed. The handlers are in transports/msw.ts.
export { sandboxHandlers, type SandboxHandlersOptions } from './transports/msw.js';

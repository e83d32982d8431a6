// The core vocabulary: no React, no Node-only APIs. Shared by every entry point.
export * from './config.js';
export * from './errors.js';
export * from './headers.js';
export * from './http.js';
export * from './messages.js';
export * from './money.js';
export * from './schemas.js';
export * from './session-key.js';
export * from './validate.js';

// The name of the library's Trusted Types policy, which the page's script loader creates and the
// server's Content-Security-Policy lists in its trusted-types directive.

/** The Trusted Types policy the device script loads through: list it in `trusted-types`. */
export const TRUSTED_TYPES_POLICY_NAME = 'service-checkout';

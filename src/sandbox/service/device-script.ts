// The stand-in device-fingerprint script served at GET /chargeback/device.js.
import { corsHeaders } from './http.js';
import type { Route } from './route.js';

/** localStorage key under which the stand-in script keeps a browser's device id. */
export const DEVICE_ID_STORAGE_KEY = 'service-checkout.sandbox.device-id';

/**
 * Defines `window.ServiceDeviceFingerprint.getDeviceId(): Promise<string>`: a stable id per
 * browser (`sandbox-device-<uuid>`), kept in localStorage, or per page when storage is off.
 */
export const DEVICE_SCRIPT = `(function () {
  'use strict';
  var STORAGE_KEY = ${JSON.stringify(DEVICE_ID_STORAGE_KEY)};
  if (window.ServiceDeviceFingerprint) return;
  function randomId() {
    if (window.crypto && typeof window.crypto.randomUUID === 'function') {
      return window.crypto.randomUUID();
    }
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map
      .call(bytes, function (b) { return (b + 0x100).toString(16).slice(1); })
      .join('');
    return hex.slice(0, 8) + '-' + hex.slice(8, 12) + '-' + hex.slice(12, 16) + '-' +
      hex.slice(16, 20) + '-' + hex.slice(20);
  }
  var deviceId = null;
  try {
    deviceId = window.localStorage.getItem(STORAGE_KEY);
  } catch (e) {}
  if (!deviceId) {
    deviceId = 'sandbox-device-' + randomId();
    try {
      window.localStorage.setItem(STORAGE_KEY, deviceId);
    } catch (e) {}
  }
  window.ServiceDeviceFingerprint = {
    getDeviceId: function () {
      return Promise.resolve(deviceId);
    },
  };
})();
`;

/** GET /chargeback/device.js: the stand-in script, for any page (no credential, CORS open). */
export const deviceScriptRoute: Route = {
  method: 'GET',
  path: '/chargeback/device.js',
  auth: 'none',
  handle: () =>
    new Response(DEVICE_SCRIPT, {
      status: 200,
      headers: {
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'public, max-age=300',
        ...corsHeaders(),
      },
    }),
};

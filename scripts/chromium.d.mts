// Types of chromium.mjs.
import type { Browser } from 'playwright-core';

export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
/** Headless Debian Chromium; `extraArgs` are added to CHROMIUM_ARGS. */
export function launchChromium(extraArgs?: string[]): Promise<Browser>;

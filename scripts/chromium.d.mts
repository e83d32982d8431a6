// Types of chromium.mjs.
import type { Browser } from 'playwright-core';

export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
export function launchChromium(): Promise<Browser>;

// The engines every cross-engine end-to-end test runs in, for `describe.each(ENGINES)`.
import type { Engine } from './browser.js';
import { chromium } from './chromium.js';
import { firefox } from './firefox.js';

export const ENGINES: readonly Engine[] = [chromium, firefox];

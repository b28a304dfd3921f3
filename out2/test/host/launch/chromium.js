"use strict";
// Debian's Chromium, headless, driven by playwright-core (never a downloaded browser).
Object.defineProperty(exports, "__esModule", { value: true });
exports.CHROMIUM_ARGS = void 0;
exports.launchChromium = launchChromium;
/** Headless Chromium flags that work on these machines (as root, no GPU, no network extras). */
exports.CHROMIUM_ARGS = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    '--disable-crash-reporter',
    '--disable-breakpad',
];
/** Debian's Chromium, headless, with the flags that work here; signals are left to our own cleanup. */
async function launchChromium(executablePath, env) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { chromium } = require('playwright-core');
    return chromium.launch({ executablePath, headless: true, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false, args: exports.CHROMIUM_ARGS, ...(env ? { env } : {}) });
}
//# sourceMappingURL=chromium.js.map
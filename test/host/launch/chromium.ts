// Debian's Chromium, headless, driven by playwright-core (never a downloaded browser).

/** Headless Chromium flags that work on these machines (as root, no GPU, no network extras). */
export const CHROMIUM_ARGS = [
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

/**
 * Debian's Chromium, headless, with the flags that work here; signals are left to our own cleanup.
 * Up to 2 minutes to start (Playwright's default is 30 s; a machine whose cores are busy can take longer).
 */
export async function launchChromium(executablePath: string, env?: Record<string, string | undefined>): Promise<import('playwright-core').Browser> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { chromium } = require('playwright-core') as typeof import('playwright-core');
  return chromium.launch({
    executablePath,
    headless: true,
    timeout: 120_000,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: CHROMIUM_ARGS,
    ...(env ? { env } : {}),
  });
}

// Typing into the Settings editor's search box as a person does on a busy machine: type, look, and type
// again when the box lost keystrokes.

import type { Page } from 'playwright-core';

/**
 * Types `text` into the Settings editor's search box and waits until the box shows it. On a busy machine
 * the editor can set up its search box while the first keystrokes arrive and lose them (a run saw "ath"
 * for "cursorAgent.path"): a person sees that and types it again.
 */
export async function typeSettingsSearch(page: Page, text: string): Promise<void> {
  const box = page.locator('.settings-editor .settings-header .monaco-editor').first();
  let shown = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (attempt > 1) {
      console.log(`[ui]      (the Settings search shows ${JSON.stringify(shown)}: typing ${JSON.stringify(text)} again)`);
      await box.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
    }
    await page.keyboard.type(text, { delay: 10 });
    const until = Date.now() + 5_000;
    for (;;) {
      shown = (await box.innerText({ timeout: 5_000 }).catch(() => '')).replace(/\u00a0/g, ' ').trim();
      if (shown === text) return;
      if (Date.now() > until) break;
      await page.waitForTimeout(100);
    }
  }
  throw new Error(`the Settings search box shows ${JSON.stringify(shown)}, not ${JSON.stringify(text)}, after typing it three times`);
}

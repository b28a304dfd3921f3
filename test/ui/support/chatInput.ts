// Sending what is typed in the chat input, as a person does on a busy machine too: Enter once the
// input shows every keystroke, with no suggestion list open; Enter again only when the first one
// went to a suggestion (the list can open a moment after typing) and nothing was sent.

import type { Page } from 'playwright-core';

const CHAT_INPUT = '.interactive-input-part .monaco-editor';

/** What the chat input shows (the editor draws spaces as no-break spaces). */
async function chatInputText(page: Page): Promise<string> {
  const input = page.locator(CHAT_INPUT).filter({ visible: true }).first();
  return (await input.innerText({ timeout: 5_000 }).catch(() => '')).replace(/\u00a0/g, ' ');
}

/** How many requests in the chat list show `q`, and how many responses there are. */
function chatItems(page: Page, q: string): Promise<{ asked: number; responses: number }> {
  return page.evaluate((text) => {
    const doc = globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ innerText: string }> } };
    const requests = Array.from(doc.document.querySelectorAll('.interactive-item-container.interactive-request'));
    return {
      asked: requests.filter((r) => r.innerText.replace(/\s+/g, ' ').includes(text)).length,
      responses: doc.document.querySelectorAll('.interactive-item-container.interactive-response').length,
    };
  }, q);
}

/**
 * Sends the chat input's question (`typed`: its text after the participant) with Enter; returns
 * once it is sent: the input no longer holds it, or it shows as a new request.
 */
export async function sendChatInput(page: Page, typed: string, timeoutMs = 30_000): Promise<void> {
  const want = typed.replace(/\s+/g, ' ').trim();
  const holds = async () => (await chatInputText(page)).replace(/\s+/g, ' ').includes(want);
  const until = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > until) throw new Error(`the chat input shows ${JSON.stringify(await chatInputText(page))}, not ${JSON.stringify(typed)}`);
    await page.waitForTimeout(100);
  }
  // (The suggestion list is an overflow widget: not inside the input part.)
  const suggest = page.locator('.suggest-widget.visible');
  const before = await chatItems(page, want);
  const sent = async () => {
    if (!(await holds())) return true;
    const now = await chatItems(page, want);
    return now.asked > before.asked || now.responses > before.responses;
  };
  for (let attempt = 1; ; attempt++) {
    if (await suggest.count()) await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    // Sent: the input empties, the question shows as a request, or a response starts. None of
    // them a while after Enter: it only accepted a suggestion (never Enter again once something
    // was sent: that would send it twice).
    const retryBy = Date.now() + 3_000;
    for (;;) {
      if (await sent()) return;
      if (Date.now() > until) throw new Error(`the question ${JSON.stringify(typed)} was not sent: it is still in the chat input`);
      if (Date.now() > retryBy && attempt < 3) break;
      await page.waitForTimeout(100);
    }
    console.log(`[ui]      (Enter again: ${JSON.stringify(typed)} was not sent ${attempt === 1 ? 'by the first Enter' : 'yet'})`);
  }
}

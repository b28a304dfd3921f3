// Finding, in the chat list, the answer to the question just asked: by its place in the list.
//
// The chat list is a virtualized monaco list: it renders only the rows in view, reuses row
// elements for other items, and (VS Code 1.110) scrolls a new question to the top, unrendering
// the turns above it. So neither "the number of rendered responses" nor "the nth rendered
// response" names a turn: both move the moment the list re-renders. On a busy machine that read
// the previous answer as the new one, and left a locator matching nothing for 30 s. Each row
// carries its place in the whole list (`data-index`) and the list's length (`aria-setsize`): the
// question sent when the list held N items is item N, and its answer the first response after it.

import type { Locator, Page } from 'playwright-core';

const LIST = '.interactive-list';
/** A question in the chat list. */
const REQUEST = '.interactive-item-container.interactive-request';
/** A response in the chat list (flow.ts's SEL.response). */
export const RESPONSE = '.interactive-item-container.interactive-response';
/** The class VS Code gives a response that is still coming in (and still being rendered word by word). */
export const LOADING = 'chat-response-loading';

type El = {
  getAttribute(n: string): string | null;
  querySelector(s: string): El | null;
  querySelectorAll(s: string): ArrayLike<El>;
  getClientRects(): ArrayLike<unknown>;
};

/** How many items the visible chat list holds, rendered or not (0 before the first question). */
export function chatLength(page: Page): Promise<number> {
  return page.evaluate((list) => {
    const doc = (globalThis as unknown as { document: El }).document;
    const shown = Array.from(doc.querySelectorAll(list)).find((l) => l.getClientRects().length > 0);
    let n = 0;
    for (const row of Array.from(shown?.querySelectorAll('.monaco-list-row[data-index]') ?? [])) {
      n = Math.max(n, Number(row.getAttribute('data-index')) + 1, Number(row.getAttribute('aria-setsize') ?? 0) || 0);
    }
    return n;
  }, LIST);
}

/** The list place of the first response at or after place `from`, while it is rendered. */
export function answerPlace(page: Page, from: number): Promise<number | undefined> {
  return page.evaluate(
    ([list, response, start]) => {
      const doc = (globalThis as unknown as { document: El }).document;
      const shown = Array.from(doc.querySelectorAll(list)).find((l) => l.getClientRects().length > 0);
      const places = Array.from(shown?.querySelectorAll('.monaco-list-row[data-index]') ?? [])
        .filter((row) => row.querySelector(response))
        .map((row) => Number(row.getAttribute('data-index')))
        .filter((i) => i >= start)
        .sort((a, b) => a - b);
      return places[0];
    },
    [LIST, RESPONSE, from] as const,
  );
}

/** The response at list place `place` (re-resolved on each use: the row element it is in changes). */
export function responseAt(page: Page, place: number): Locator {
  return page.locator(LIST).filter({ visible: true }).first().locator(`.monaco-list-row[data-index="${place}"] ${RESPONSE}`);
}

/** True while VS Code still streams (and progressively renders) this response, or while it is not rendered. */
export function isLoading(response: Locator): Promise<boolean> {
  return response.evaluate((el, cls) => el.classList.contains(cls), LOADING, { timeout: 2_000 }).catch(() => true);
}

/** A response's visible text (its rendered markdown), without the list's style sheets. */
export function responseText(response: Locator, timeoutMs?: number): Promise<string> {
  return response.evaluate(
    (el) => {
      const parts = [...el.querySelectorAll('.rendered-markdown, .chat-used-context-label, .chat-progress-content, .value > .chat-markdown-part')];
      const text = parts.map((p) => (p as unknown as { innerText: string }).innerText).join('\n');
      return text || (el as unknown as { innerText: string }).innerText;
    },
    undefined,
    timeoutMs === undefined ? undefined : { timeout: timeoutMs },
  );
}

/**
 * Where the answer to `question` is looked for: after the last rendered request showing it, when that is later than
 * `askedAt` (the list's length when it was sent). Right after a window reload the restored list may not have rendered
 * its last rows yet when the question is sent, so its length then reads short, and the first response after it is an
 * earlier turn's (seen on 1.139: a restored question read as the new answer).
 */
export function questionPlace(page: Page, question: string, askedAt: number): Promise<number> {
  return page.evaluate(
    ([list, request, text, start]) => {
      const doc = (globalThis as unknown as { document: El & { querySelectorAll(s: string): ArrayLike<El & { innerText: string }> } }).document;
      const shown = Array.from(doc.querySelectorAll(list)).find((l) => l.getClientRects().length > 0) as
        (El & { querySelectorAll(s: string): ArrayLike<El & { innerText: string }> }) | undefined;
      const want = text.replace(/\s+/g, ' ').trim();
      let at = start;
      for (const row of Array.from(shown?.querySelectorAll('.monaco-list-row[data-index]') ?? [])) {
        const req = row.querySelector(request) as (El & { innerText: string }) | null;
        if (want && req && req.innerText.replace(/\s+/g, ' ').includes(want)) at = Math.max(at, Number(row.getAttribute('data-index')) + 1);
      }
      return at;
    },
    [LIST, REQUEST, question.replace(/^@\S+\s*/, ''), askedAt] as const,
  );
}

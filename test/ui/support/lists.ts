// Choosing a row in one of the workbench's lists (the quick input, the chat's model picker, the
// editor's suggestions) the way a person does, also on a busy machine: wait until the list has
// settled (nothing in it changed for a moment, no progress bar), move the keyboard focus to the
// row, press Enter.
//
// Not Playwright's click on a row: it waits until the row holds still for two animation frames,
// which a list that re-renders under the pointer, or a renderer starved of CPU, may not give it
// within a step (VS Code 1.110 with both cores busy: "Chat: Open Chat" waited 30 s there). And a
// list that is still filling in (a quick pick marked busy while it reads its items, the command
// palette adding "similar commands") can move the focus, or replace the row, after it was found.

import type { Page } from 'playwright-core';

/** The lists, by the element that holds their rows. */
export const LIST = {
  quickInput: '.quick-input-widget',
  actionWidget: '.action-widget',
  suggest: '.suggest-widget.visible',
} as const;
export type ListKind = keyof typeof LIST;

/**
 * How long a list must stay unchanged to count as settled. More than the quick input's 800 ms
 * before it shows the progress bar of a busy quick pick: a list quiet for longer is not busy.
 */
const QUIET_MS = 1_000;

export interface ListRow {
  label: string;
  focused: boolean;
  checked: boolean;
  index: number;
}

export interface ListState {
  found: boolean;
  /** Milliseconds since anything in the list last changed (a row, a class, the progress bar). */
  quietMs: number;
  /** The quick input's progress bar is running (a quick pick marked busy). */
  busy: boolean;
  rows: ListRow[];
}

/** Reads the visible list under `container` in the page (its rows in list order); the first read starts watching it for changes. */
export function readList(page: Page, container: string): Promise<ListState> {
  return page.evaluate((sel) => {
    // Runs in the browser (no DOM lib in this tsconfig: loosely typed).
    type El = {
      getAttribute(n: string): string | null;
      classList: { contains(c: string): boolean };
      querySelector(s: string): El | null;
      querySelectorAll(s: string): ArrayLike<El>;
      getClientRects(): ArrayLike<unknown>;
      __uiChangedAt?: number;
    };
    const g = globalThis as unknown as {
      document: { querySelectorAll(s: string): ArrayLike<El> };
      performance: { now(): number };
      MutationObserver: new (cb: () => void) => { observe(t: El, o: Record<string, boolean>): void };
    };
    const visible = (el: El) => el.getClientRects().length > 0;
    const root = Array.from(g.document.querySelectorAll(sel)).find(visible);
    if (!root) return { found: false, quietMs: 0, busy: false, rows: [] };
    if (root.__uiChangedAt === undefined) {
      const el = root;
      el.__uiChangedAt = g.performance.now();
      new g.MutationObserver(() => (el.__uiChangedAt = g.performance.now())).observe(el, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    }
    const rows = Array.from(root.querySelectorAll('.monaco-list-row'))
      .filter(visible)
      .map((r) => ({
        label: r.getAttribute('aria-label') ?? '',
        focused: r.classList.contains('focused'),
        checked:
          r.getAttribute('aria-checked') === 'true' ||
          !!r.querySelector('input[type=checkbox]:checked, .monaco-checkbox.checked, [aria-checked="true"]'),
        index: Number(r.getAttribute('data-index') ?? -1),
      }))
      .sort((a, b) => a.index - b.index);
    return {
      found: true,
      quietMs: g.performance.now() - (root.__uiChangedAt ?? 0),
      busy: !!root.querySelector('.quick-input-progress.active'),
      rows,
    };
  }, container);
}

const labels = (s: ListState | undefined) => s?.rows.map((r) => r.label).join(' | ') || '(none)';

/**
 * Waits until the list `kind` has settled and shows a row matching `match` ('any': settled, with
 * or without rows); returns the state then. `what` names the row in the error.
 */
export async function waitForRow(
  page: Page,
  kind: ListKind,
  match: ((label: string) => boolean) | 'any',
  what: string,
  timeoutMs = 20_000,
): Promise<ListState> {
  const until = Date.now() + timeoutMs;
  let state: ListState | undefined;
  for (;;) {
    state = await readList(page, LIST[kind]);
    if (state.found && !state.busy && state.quietMs >= QUIET_MS && (match === 'any' || state.rows.some((r) => match(r.label)))) return state;
    if (Date.now() > until) {
      const why = !state.found
        ? 'the list is not open'
        : state.busy
          ? 'the list is still busy'
          : state.quietMs < QUIET_MS
            ? 'the list keeps changing'
            : 'no such row';
      throw new Error(`no ${JSON.stringify(what)} to pick within ${timeoutMs / 1000}s (${why}); rows: ${labels(state)}`);
    }
    await page.waitForTimeout(100);
  }
}

/**
 * Moves the keyboard focus (arrow keys) to the settled list's row matching `match`, then presses
 * `key` (Enter accepts a quick pick's or the model picker's row; Tab a suggestion; none: only
 * focus it). Returns the row's label.
 */
export async function pickRow(
  page: Page,
  kind: ListKind,
  match: (label: string) => boolean,
  what: string,
  opts: { key?: 'Enter' | 'Tab'; timeoutMs?: number } = {},
): Promise<string> {
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const until = Date.now() + timeoutMs;
  let settled = await waitForRow(page, kind, match, what, timeoutMs);
  for (;;) {
    const state = await readList(page, LIST[kind]);
    // The list changed after it settled (new rows, not just the focus moving): wait for it again.
    if (labels(state) !== labels(settled) || state.busy) {
      settled = await waitForRow(page, kind, match, what, Math.max(1_000, until - Date.now()));
      continue;
    }
    const target = state.rows.findIndex((r) => match(r.label));
    const focused = state.rows.findIndex((r) => r.focused);
    if (target >= 0 && focused === target) {
      if (opts.key) await page.keyboard.press(opts.key);
      return state.rows[target]!.label;
    }
    if (Date.now() > until)
      throw new Error(`could not move the focus to ${JSON.stringify(what)} within ${timeoutMs / 1000}s; rows: ${labels(state)}`);
    await page.keyboard.press(focused < 0 || focused < target ? 'ArrowDown' : 'ArrowUp');
  }
}

/**
 * Ticks the checkbox of the settled list's row matching `match` (a multi-select quick pick) with
 * a click where it is, and waits until the row shows it checked; a click that a re-render
 * swallowed is repeated.
 */
export async function checkRow(page: Page, kind: ListKind, match: (label: string) => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    const state = await waitForRow(page, kind, match, what, Math.max(1_000, until - Date.now()));
    const row = state.rows.find((r) => match(r.label));
    if (row?.checked) return;
    const el = page.locator(`${LIST[kind]} .monaco-list-row[data-index="${row?.index}"]`).first();
    const box = el.locator('.monaco-checkbox, input[type=checkbox], .quick-input-list-checkbox').first();
    const at = (await box.count()) ? await box.boundingBox() : await el.boundingBox();
    if (at) await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
    const settleBy = Date.now() + 5_000;
    while (Date.now() < settleBy) {
      const now = await readList(page, LIST[kind]);
      if (now.rows.find((r) => match(r.label))?.checked) return;
      await page.waitForTimeout(100);
    }
    if (Date.now() > until || attempt >= 3) throw new Error(`${JSON.stringify(what)} is not checked after ${attempt} clicks; rows: ${labels(state)}`);
  }
}

/** Waits until the quick input's box shows what was typed (every keystroke has arrived). */
export async function waitForQuickInputValue(page: Page, ok: (value: string) => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const box = page.locator(`${LIST.quickInput} .quick-input-box input`);
  const until = Date.now() + timeoutMs;
  let value = '';
  while (!ok((value = await box.inputValue({ timeout: timeoutMs }).catch(() => '')))) {
    if (Date.now() > until) throw new Error(`the quick input shows ${JSON.stringify(value)}, not ${JSON.stringify(what)}`);
    await page.waitForTimeout(100);
  }
}

/**
 * Opens the quick input with `key` (F1: the command palette, Ctrl+P: Quick Open) and types `text`
 * into it, until its box shows the text. When the box lost the focus meanwhile (an editor that
 * takes it back, a terminal closing: seen on a busy machine, the rest of the keystrokes landing in
 * the Settings editor's search), a person opens it again and retypes: so does this, up to 3 times.
 */
export async function typeIntoQuickInput(page: Page, key: string, text: string, log: (m: string) => void): Promise<void> {
  const box = page.locator(`${LIST.quickInput} .quick-input-box input`);
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Escape');
    await page.keyboard.press(key);
    // A workbench still restoring after a reload (seconds on a busy machine) may not take the key yet: press it again.
    const opened = await box.waitFor({ state: 'visible', timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    if (!opened) {
      if (attempt >= 3) throw new Error(`the quick input did not open on ${key} (3 tries, 15 s each)`);
      log(`     (the quick input did not open on ${key}: pressing it again)`);
      continue;
    }
    await page.keyboard.type(text, { delay: 5 });
    const until = Date.now() + 15_000;
    let value = '';
    let why = '';
    for (;;) {
      value = await box.inputValue({ timeout: 5_000 }).catch(() => '');
      if (value.endsWith(text)) return;
      const focused = await box
        .evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)
        .catch(() => false);
      if (!focused) why = 'it lost the focus';
      else if (Date.now() > until) why = 'the keystrokes never arrived';
      if (why) break;
      await page.waitForTimeout(100);
    }
    const message = `the quick input shows ${JSON.stringify(value)}, not ${JSON.stringify(text)} (${why})`;
    if (attempt >= 3) throw new Error(message);
    log(`     (${message}: opening it again)`);
  }
}

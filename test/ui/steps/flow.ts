// What a person does in their first minutes with the extension, as Playwright steps
// against the real workbench (code-server in headless Chromium). Shared by
// `npm run test:ui` and `npm run screenshots` (test/ui/acpChat.ts, sandbox.ts).
//
// Only the keyboard, the mouse and what is on screen: the command palette (F1), the
// chat input, the model picker, the status bar item, the Settings UI. No workbench
// command is run from code, and nothing is read from the extension's own API.
//
// Selectors are the workbench's DOM (VS Code 1.139 in code-server 4.139.1); when a
// VS Code update renames one, the step that uses it fails with a screenshot of the
// screen at that moment (test-output/ui/<step>-FAILED.png).

import * as fs from 'fs';
import * as path from 'path';
import type { Locator, Page } from 'playwright-core';
import { CLASSIC_MODELS, type ListedModel, shownLabel } from '../../support/models';
import { answerPlace, chatLength, isLoading, questionPlace, RESPONSE, responseAt, responseText } from '../support/chatAnswers';
import { sendChatInput } from '../support/chatInput';
import { pickRow, typeIntoQuickInput } from '../support/lists';

export const SEL = {
  statusItem: '[id="cursor-vscode-chat.cursor-agent-vscode.cursorAgent.status"]',
  quickInput: '.quick-input-widget',
  quickInputBox: '.quick-input-widget .quick-input-box input',
  quickInputRow: '.quick-input-widget .quick-input-list .monaco-list-row',
  quickInputTitle: '.quick-input-widget .quick-input-title',
  chatPanel: '.part.auxiliarybar, .part.sidebar, .part.panel, .editor-group-container',
  chatInput: '.interactive-input-part .monaco-editor',
  response: RESPONSE,
  // The picker's button: VS Code 1.139's own class, or (1.110–1.116) the generic input
  // picker item whose label says "Pick Model".
  modelPicker: '.model-picker-item, .chat-input-picker-item:has(> a[aria-label^="Pick Model"])',
  modelPickerName: '.model-picker-item .model-picker-name, .chat-input-picker-item:has(> a[aria-label^="Pick Model"]) .chat-input-picker-label',
  actionWidgetRow: '.action-widget .monaco-list-row',
  // "Other Models": a toggle row of its own class in 1.139, a plain row in 1.110–1.116.
  otherModelsToggle: '.action-widget .chat-model-picker-section-toggle, .action-widget .monaco-list-row[aria-label="Other Models"]',
  hover: '.workbench-hover, .monaco-hover',
  settingsEditor: '.settings-editor',
  settingItem: '.settings-editor .setting-item',
};

/**
 * The listing the main UI flow's fake prints: the four classic models, `auto` marked as the account's
 * default. (The fake's own default is a real account's ~200 models; the continuity flow uses that.)
 */
export const FAKE_LISTING: ListedModel[] = CLASSIC_MODELS;
/** Those models as VS Code names them ([id, label], the `(default)` marker dropped). */
export const FAKE_MODELS: ListedModel[] = FAKE_LISTING.map(([id, label]) => [id, shownLabel(label)]);

export interface FlowOptions {
  /** Folder for the step screenshots. */
  outDir: string;
  /** Prefix of every answer ('[demo] ' in the sandbox's demo scenario). */
  answerPrefix?: string;
  log: (msg: string) => void;
}

export interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  error?: string;
}

export class UiFlow {
  readonly results: StepResult[] = [];
  /** Screenshot files by name (the last one taken under each name). */
  readonly shots = new Map<string, string>();

  constructor(
    readonly page: Page,
    readonly opts: FlowOptions,
  ) {
    fs.mkdirSync(opts.outDir, { recursive: true });
  }

  // ------------------------------------------------------------------ plumbing

  async shot(name: string, clip?: { x: number; y: number; width: number; height: number }): Promise<string> {
    const file = path.join(this.opts.outDir, `${name}.png`);
    await this.page.screenshot({ path: file, timeout: 15_000, ...(clip ? { clip } : {}) });
    this.shots.set(name, file);
    return file;
  }

  /** Runs one step; a failure is recorded (with a screenshot) and the flow goes on. */
  async step(name: string, fn: () => Promise<void>, timeoutMs = 45_000): Promise<boolean> {
    const t0 = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        fn(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`step timed out after ${timeoutMs / 1000}s`)), timeoutMs);
        }),
      ]);
      const seconds = (Date.now() - t0) / 1000;
      this.results.push({ name, ok: true, seconds });
      this.opts.log(`ok   ${name} (${seconds.toFixed(1)}s)`);
      return true;
    } catch (err) {
      const seconds = (Date.now() - t0) / 1000;
      const error = (err as Error).message.split('\n').slice(0, 6).join('\n');
      this.results.push({ name, ok: false, seconds, error });
      this.opts.log(`FAIL ${name} (${seconds.toFixed(1)}s): ${error}`);
      const slug = name
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .toLowerCase();
      await this.shot(`FAILED-${String(this.results.length).padStart(2, '0')}-${slug}`).catch(() => undefined);
      // Leave no popup open for the next step.
      for (let i = 0; i < 3; i++) await this.page.keyboard.press('Escape').catch(() => undefined);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** F1, type the command's title, pick exactly that entry (Enter on it once the palette has settled). */
  async runCommand(title: string): Promise<void> {
    await typeIntoQuickInput(this.page, 'F1', title, this.opts.log);
    // The palette labels a row "<title>, <keybinding>" or "<title>, similar commands".
    await this.pickQuickInputRow((label) => label === title || label.startsWith(`${title},`), title);
  }

  /**
   * Waits for the quick input row whose aria-label matches, once the list has settled, and
   * accepts it with Enter (test/ui/support/lists.ts: why not a click).
   */
  async pickQuickInputRow(match: (ariaLabel: string) => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    await pickRow(this.page, 'quickInput', match, what, { key: 'Enter', timeoutMs });
  }

  /** Waits until the quick input lists a row containing each of `want` (its items may arrive after it opens); returns the rows. */
  async waitForQuickInputRows(want: string[], what: string, timeoutMs = 15_000): Promise<string[]> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const rows = await this.quickInputRows();
      const missing = want.filter((w) => !rows.some((r) => r.includes(w)));
      if (!missing.length) return rows;
      if (Date.now() > until)
        throw new Error(`${what} lacks ${missing.map((m) => JSON.stringify(m)).join(', ')}: ${rows.join(' | ') || '(no rows)'}`);
      await this.page.waitForTimeout(100);
    }
  }

  quickInputRows(): Promise<string[]> {
    return this.page.locator(SEL.quickInputRow).evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
  }

  /** Waits until the status bar item says Cursor is ready (a check mark), returns its text. */
  async waitForReadyStatus(timeoutMs = 30_000): Promise<string> {
    const item = this.page.locator(SEL.statusItem);
    await item.locator('.codicon-check').waitFor({ state: 'visible', timeout: timeoutMs });
    return (await item.innerText()).trim();
  }

  private get chatInput(): Locator {
    return this.page.locator(SEL.chatInput).filter({ visible: true }).first();
  }

  /** Types into the chat input, replacing what is there (the sticky `@cursor` too), and sends with Enter. */
  async ask(text: string): Promise<void> {
    const input = this.chatInput;
    await input.waitFor({ state: 'visible', timeout: 15_000 });
    await input.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Backspace');
    await this.page.keyboard.type(text, { delay: 15 });
    await this.sendTyped(text);
  }

  /** Sends what the chat input holds (`text`: the question, its participant too if typed) as the next question. */
  async sendTyped(text: string): Promise<void> {
    this.lastAsked = text;
    // The question becomes the list's next item: its answer is the first response from there (chatAnswers.ts).
    this.askedAt = await chatLength(this.page);
    await sendChatInput(this.page, text.replace(/^@\S+\s*/, ''));
  }

  /** Where the answer to the last question is looked for (chatAnswers.ts's questionPlace). */
  private answerFrom(): Promise<number> {
    return questionPlace(this.page, this.lastAsked ?? '', this.askedAt);
  }

  /** The text of the last question sent with ask(), and the chat list's length when it was sent. */
  private lastAsked: string | undefined;
  private askedAt = 0;

  /** Waits until the answer to the last question asked shows `expected`; returns its text. */
  async waitForAnswer(expected: string, timeoutMs = 30_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    let text = '';
    while (Date.now() < until) {
      const at = await answerPlace(this.page, await this.answerFrom());
      if (at !== undefined) {
        const response = responseAt(this.page, at);
        text = (await responseText(response, 2_000).catch(() => undefined)) ?? text;
        if (text.includes(expected)) return text;
        const err = await response.locator('.chat-notification-widget, .interactive-response-error-details, .chat-error-confirmation').count();
        if (err > 0 && !/Completed/.test(text)) throw new Error(`the answer is an error: ${text.slice(0, 300)}`);
      }
      await this.page.waitForTimeout(200);
    }
    throw new Error(
      `no answer containing ${JSON.stringify(expected)} to ${JSON.stringify(this.lastAsked)} within ${timeoutMs / 1000}s; it shows: ${JSON.stringify(text.slice(0, 300))}`,
    );
  }

  /** Waits until the answer to the last question asked has finished: its usage line ("… output tokens") is shown. */
  async waitForFinishedAnswer(timeoutMs = 30_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const at = await answerPlace(this.page, await this.answerFrom());
      const response = at === undefined ? undefined : responseAt(this.page, at);
      if (response && (await response.getByText(/output tokens/).count()) > 0 && !(await isLoading(response))) {
        // The row may be unrendered between finding the answer and reading it: look again then.
        const text = await responseText(response, 2_000).catch(() => undefined);
        if (text !== undefined) return text;
      }
      if (Date.now() > until) {
        // Say which state it stuck in: the question never answered, or an answer that did not finish.
        const shown = response ? (await responseText(response, 2_000).catch(() => '')).slice(0, 300) : '';
        const state = response ? ((await isLoading(response)) ? 'still loading' : 'done') : '';
        const seen = response
          ? `the answer (${state}, list item ${at}) shows ${JSON.stringify(shown)}`
          : `no response after list item ${this.askedAt}`;
        throw new Error(`no finished answer (with its usage line) to ${JSON.stringify(this.lastAsked)} within ${timeoutMs / 1000}s: ${seen}`);
      }
      await this.page.waitForTimeout(200);
    }
  }

  /** The answer to the last question asked, once it shows. */
  async answer(timeoutMs = 5_000): Promise<Locator> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const at = await answerPlace(this.page, await this.answerFrom());
      if (at !== undefined) return responseAt(this.page, at);
      if (Date.now() > until)
        throw new Error(`no response after list item ${this.askedAt} (the question ${JSON.stringify(this.lastAsked)}) within ${timeoutMs / 1000}s`);
      await this.page.waitForTimeout(200);
    }
  }

  /** Waits until VS Code has finished this response: every part of it is rendered. */
  static async waitUntilFinished(response: Locator, timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (await isLoading(response)) {
      if (Date.now() > until) throw new Error(`the response was still loading after ${timeoutMs / 1000}s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The answer the fake gives to `question` with `model` (its default scenario). */
  expectedAnswer(model: string, question: string): string {
    return `${this.opts.answerPrefix ?? ''}Demo answer from ${model}: you asked "${question}".`;
  }

  /** Drags the sash left of the chat panel (auxiliary bar) so answers have room; returns the new width. */
  async widenChat(by: number): Promise<number> {
    const page = this.page;
    const box = await page.locator('.part.auxiliarybar').boundingBox();
    if (!box) return 0;
    await page.mouse.move(box.x - 1, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 1 - by, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    return (await page.locator('.part.auxiliarybar').boundingBox())?.width ?? 0;
  }

  /** Opens a workspace file in the editor through Quick Open (Ctrl+P), as a person would. */
  async openFile(relPath: string): Promise<void> {
    const page = this.page;
    await typeIntoQuickInput(page, 'ControlOrMeta+P', relPath, this.opts.log);
    const base = path.basename(relPath);
    await this.pickQuickInputRow((label) => label === base || label.startsWith(`${base},`) || label.startsWith(`${base} `), base);
    await page.locator('.tabs-container .tab.active').filter({ hasText: base }).waitFor({ timeout: 15_000 });
  }

  /** Opens the chat's model picker; returns the labels of its rows ("Sonnet 4.5, Cursor", …), "Other Models" expanded. */
  async openModelPicker(): Promise<string[]> {
    const page = this.page;
    await page.locator(SEL.modelPickerName).filter({ visible: true }).first().click();
    await page.locator(SEL.actionWidgetRow).first().waitFor({ state: 'visible', timeout: 10_000 });
    const toggle = page.locator(SEL.otherModelsToggle);
    // "Other Models" is collapsed at first: a person clicks it to see every model.
    const rowCount = () => page.locator(SEL.actionWidgetRow).count();
    if (
      (await toggle.count()) > 0 &&
      (await page.locator(`${SEL.actionWidgetRow}:not(.chat-model-picker-section-toggle):not(.separator)`).count()) < FAKE_MODELS.length
    ) {
      const before = await rowCount();
      // A click where the row is (in VS Code 1.110 the list re-renders under the pointer, and
      // Playwright's own click waits for it to hold still); the keyboard (→ expands) if the
      // click did not open the section.
      const box = await toggle.first().boundingBox();
      if (box) await page.mouse.click(box.x + Math.min(40, box.width / 2), box.y + box.height / 2);
      if (!(await this.rowsGrow(rowCount, before, 5_000))) {
        await toggle
          .first()
          .focus()
          .catch(() => undefined);
        await page.keyboard.press('ArrowRight');
        if (!(await this.rowsGrow(rowCount, before, 10_000))) throw new Error(`"Other Models" did not open (still ${await rowCount()} rows)`);
      }
    }
    return page.locator(SEL.actionWidgetRow).evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? '').filter(Boolean));
  }

  /** Waits until `count()` is more than `before`. */
  private async rowsGrow(count: () => Promise<number>, before: number, timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while ((await count()) <= before) {
      if (Date.now() > until) return false;
      await this.page.waitForTimeout(100);
    }
    return true;
  }

  /** Picks the model picker's row (open: openModelPicker) whose label starts with `label`, with the keyboard once the list has settled. */
  async pickInModelPicker(label: string): Promise<void> {
    // The pointer away from the list: hovering a row moves the list's focus (and its hover card).
    await this.page.mouse.move(10, 880);
    await pickRow(this.page, 'actionWidget', (l) => l === label || l.startsWith(`${label},`), `${label} in the model picker`, { key: 'Enter' });
  }

  /** `npm run screenshots`: media/<name> ← the step's screenshot, only when every step passed. */
  copyToMedia(media: ReadonlyArray<readonly [string, string]>, mediaDir: string, allPassed: boolean): void {
    if (!allPassed) {
      this.opts.log('not copying screenshots into media/: a step failed');
      return;
    }
    for (const [name, shot] of media) {
      const from = this.shots.get(shot);
      if (!from) throw new Error(`screenshot ${shot} was not taken`);
      fs.copyFileSync(from, path.join(mediaDir, name));
      this.opts.log(`media/${name} ← ${path.relative(path.dirname(mediaDir), from)}`);
    }
  }

  /** The answer must be rendered exactly once in the response (a renderer that repeats chunks shows it twice). */
  expectShownOnce(rendered: string, expected: string): void {
    const times = rendered.split(expected).length - 1;
    if (times !== 1) throw new Error(`the answer is shown ${times} times in the chat, not once: ${JSON.stringify(rendered)}`);
  }

  /** Reads the real status bar item: its text, the tooltip on hover, and the menu a click opens. */
  async expectStatusItem(want: { text: string; tooltip: string[]; menu: string[] }): Promise<void> {
    const item = this.page.locator(SEL.statusItem);
    const text = (await item.innerText()).trim();
    if (text !== want.text) throw new Error(`the status bar item says ${JSON.stringify(text)}, not ${JSON.stringify(want.text)}`);
    await this.page.mouse.move(700, 400);
    await item.hover();
    const hover = this.page.locator(SEL.hover).filter({ hasText: want.tooltip[0] }).filter({ visible: true }).first();
    await hover.waitFor({ timeout: 10_000 });
    const tip = await hover.innerText();
    for (const w of want.tooltip) if (!tip.includes(w)) throw new Error(`the tooltip lacks ${JSON.stringify(w)}: ${JSON.stringify(tip)}`);
    await item.click();
    await this.waitForQuickInputRows(want.menu, 'the status menu');
    await this.page.keyboard.press('Escape');
  }

  /** The model picker's label once it shows `want`, else what it shows after `timeoutMs`. */
  async waitForPickerLabel(want: string, timeoutMs: number): Promise<string> {
    const until = Date.now() + timeoutMs;
    let label = await this.pickerLabel();
    for (; label !== want && Date.now() < until; label = await this.pickerLabel()) await this.page.waitForTimeout(100);
    return label;
  }

  /** Moves the pointer to (x, y) and waits (a little, at most) for any hover card to go, before a screenshot. */
  async pointerAway(x: number, y: number): Promise<void> {
    await this.page.mouse.move(x, y);
    await this.page
      .locator(SEL.hover)
      .filter({ visible: true })
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);
  }

  async pickerLabel(): Promise<string> {
    return (
      await this.page
        .locator(SEL.modelPickerName)
        .filter({ visible: true })
        .first()
        .innerText({ timeout: 2_000 })
        .catch(() => '')
    ).trim();
  }
}

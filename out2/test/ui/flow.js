"use strict";
// What a person does in their first minutes with the extension, as Playwright steps
// against the real workbench (code-server in headless Chromium). Shared by
// `npm run test:ui` and `npm run screenshots` (test/ui/run.ts).
//
// Only the keyboard, the mouse and what is on screen: the command palette (F1), the
// chat input, the model picker, the status bar item, the Settings UI. No workbench
// command is run from code, and nothing is read from the extension's own API.
//
// Selectors are the workbench's DOM (VS Code 1.139 in code-server 4.139.1); when a
// VS Code update renames one, the step that uses it fails with a screenshot of the
// screen at that moment (test-output/ui/<step>-FAILED.png).
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.UiFlow = exports.FAKE_MODELS = exports.SEL = void 0;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
exports.SEL = {
    statusItem: '[id="cursor-vscode-chat.cursor-agent-vscode.cursorAgent.status"]',
    quickInput: '.quick-input-widget',
    quickInputBox: '.quick-input-widget .quick-input-box input',
    quickInputRow: '.quick-input-widget .quick-input-list .monaco-list-row',
    quickInputTitle: '.quick-input-widget .quick-input-title',
    chatPanel: '.part.auxiliarybar, .part.sidebar, .part.panel, .editor-group-container',
    chatInput: '.interactive-input-part .monaco-editor',
    response: '.interactive-item-container.interactive-response',
    // VS Code marks a response that is still coming in (and still being rendered word by
    // word) with this class; without it, every part of the answer is on screen.
    loadingResponse: '.chat-response-loading',
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
/** The fake CLI's models ([id, label], as `cursor-agent models` prints them). */
exports.FAKE_MODELS = [
    ['auto', 'Auto'],
    ['composer-2.5-fast', 'Composer 2.5 Fast'],
    ['claude-4.5-sonnet', 'Sonnet 4.5'],
    ['gpt-5', 'GPT-5'],
];
class UiFlow {
    page;
    opts;
    results = [];
    /** Screenshot files by name (the last one taken under each name). */
    shots = new Map();
    constructor(page, opts) {
        this.page = page;
        this.opts = opts;
        fs.mkdirSync(opts.outDir, { recursive: true });
    }
    // ------------------------------------------------------------------ plumbing
    async shot(name, clip) {
        const file = path.join(this.opts.outDir, `${name}.png`);
        await this.page.screenshot({ path: file, timeout: 15_000, ...(clip ? { clip } : {}) });
        this.shots.set(name, file);
        return file;
    }
    /** Runs one step; a failure is recorded (with a screenshot) and the flow goes on. */
    async step(name, fn, timeoutMs = 45_000) {
        const t0 = Date.now();
        let timer;
        try {
            await Promise.race([
                fn(),
                new Promise((_, reject) => {
                    timer = setTimeout(() => reject(new Error(`step timed out after ${timeoutMs / 1000}s`)), timeoutMs);
                }),
            ]);
            const seconds = (Date.now() - t0) / 1000;
            this.results.push({ name, ok: true, seconds });
            this.opts.log(`ok   ${name} (${seconds.toFixed(1)}s)`);
            return true;
        }
        catch (err) {
            const seconds = (Date.now() - t0) / 1000;
            const error = err.message.split('\n').slice(0, 6).join('\n');
            this.results.push({ name, ok: false, seconds, error });
            this.opts.log(`FAIL ${name} (${seconds.toFixed(1)}s): ${error}`);
            const slug = name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase();
            await this.shot(`FAILED-${String(this.results.length).padStart(2, '0')}-${slug}`).catch(() => undefined);
            // Leave no popup open for the next step.
            for (let i = 0; i < 3; i++)
                await this.page.keyboard.press('Escape').catch(() => undefined);
            return false;
        }
        finally {
            clearTimeout(timer);
        }
    }
    /** F1, type the command's title, pick exactly that entry. */
    async runCommand(title) {
        const page = this.page;
        await page.keyboard.press('Escape');
        await page.keyboard.press('F1');
        const box = page.locator(exports.SEL.quickInputBox);
        await box.waitFor({ state: 'visible', timeout: 10_000 });
        await page.keyboard.type(title, { delay: 5 });
        // The palette labels a row "<title>, <keybinding>" or "<title>, similar commands".
        await this.clickQuickInputRow((label) => label === title || label.startsWith(`${title},`), title);
    }
    /** Waits for the quick input row whose aria-label matches, and clicks it. */
    async clickQuickInputRow(match, what, timeoutMs = 10_000) {
        const rows = this.page.locator(exports.SEL.quickInputRow);
        const until = Date.now() + timeoutMs;
        let labels = [];
        while (Date.now() < until) {
            labels = await this.quickInputRows();
            const i = labels.findIndex(match);
            if (i >= 0) {
                await rows.nth(i).click();
                return;
            }
            await this.page.waitForTimeout(100);
        }
        throw new Error(`no ${JSON.stringify(what)} in the quick input; rows: ${labels.join(' | ') || '(none)'}`);
    }
    quickInputRows() {
        return this.page.locator(exports.SEL.quickInputRow).evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
    }
    /** Waits until the status bar item says Cursor is ready (a check mark), returns its text. */
    async waitForReadyStatus(timeoutMs = 30_000) {
        const item = this.page.locator(exports.SEL.statusItem);
        await item.locator('.codicon-check').waitFor({ state: 'visible', timeout: timeoutMs });
        return (await item.innerText()).trim();
    }
    get chatInput() {
        return this.page.locator(exports.SEL.chatInput).filter({ visible: true }).first();
    }
    /** Types into the chat input, replacing what is there (the sticky `@cursor` too), and sends with Enter. */
    async ask(text) {
        const input = this.chatInput;
        await input.waitFor({ state: 'visible', timeout: 10_000 });
        await input.click();
        await this.page.keyboard.press('ControlOrMeta+A');
        await this.page.keyboard.press('Backspace');
        await this.page.keyboard.type(text, { delay: 15 });
        this.lastAsked = text;
        // Close the @-mention suggestions (if any are still open) so Enter sends.
        const suggest = this.page.locator('.interactive-input-part .suggest-widget.visible');
        if (await suggest.count())
            await this.page.keyboard.press('Escape');
        await this.page.keyboard.press('Enter');
    }
    /** Waits for a new response (after `before` existing ones) that contains `expected`; returns its text. */
    /** The text of the last question sent with ask(). */
    lastAsked;
    /**
     * Which of the rendered responses answers the last question asked: the one after the last
     * request showing that question. (VS Code 1.110 scrolls a new question to the top and stops
     * rendering the turns above it, so counting responses does not find the new one there.)
     * Falls back to "a response more than `before`".
     */
    async answerIndex(before) {
        const asked = this.lastAsked;
        if (asked) {
            const i = await this.page.evaluate(([question, responseSel]) => {
                const doc = globalThis;
                const items = Array.from(doc.document.querySelectorAll('.interactive-item-container'));
                const responses = items.filter((el) => el.matches(responseSel));
                let req = -1;
                items.forEach((el, k) => {
                    if (el.matches('.interactive-request') && el.innerText.replace(/\s+/g, ' ').includes(question))
                        req = k;
                });
                const resp = req >= 0 ? items.slice(req + 1).find((el) => el.matches(responseSel)) : undefined;
                return resp ? responses.indexOf(resp) : -1;
            }, [asked.replace(/\s+/g, ' ').trim(), exports.SEL.response]);
            if (i >= 0)
                return i;
        }
        const n = await this.page.locator(exports.SEL.response).count();
        return n > before ? n - 1 : undefined;
    }
    async waitForAnswer(before, expected, timeoutMs = 30_000) {
        const responses = this.page.locator(exports.SEL.response);
        const until = Date.now() + timeoutMs;
        let text = '';
        while (Date.now() < until) {
            const at = await this.answerIndex(before);
            if (at !== undefined) {
                const n = at + 1;
                text = await this.responseText(responses.nth(n - 1));
                if (text.includes(expected))
                    return text;
                const err = await responses.nth(n - 1).locator('.chat-notification-widget, .interactive-response-error-details, .chat-error-confirmation').count();
                if (err > 0 && !/Completed/.test(text))
                    throw new Error(`the answer is an error: ${text.slice(0, 300)}`);
            }
            await this.page.waitForTimeout(200);
        }
        throw new Error(`no answer containing ${JSON.stringify(expected)} within ${timeoutMs / 1000}s; last response: ${JSON.stringify(text.slice(0, 300))}`);
    }
    /** Waits until the new response (after `before`) has finished: its usage line ("… output tokens") is shown. */
    async waitForFinishedAnswer(before, timeoutMs = 30_000) {
        const responses = this.page.locator(exports.SEL.response);
        const until = Date.now() + timeoutMs;
        for (;;) {
            const at = await this.answerIndex(before);
            const response = responses.nth(at ?? 0);
            if (at !== undefined && (await response.getByText(/output tokens/).count()) > 0 && !(await UiFlow.isLoading(response))) {
                // The list may re-render (and unrender earlier turns) between finding the answer and reading it: look again then.
                const text = await this.responseText(responses.nth(at), 2_000).catch(() => undefined);
                if (text !== undefined)
                    return text;
            }
            if (Date.now() > until)
                throw new Error(`no finished answer (with its usage line) to ${JSON.stringify(this.lastAsked)} within ${timeoutMs / 1000}s`);
            await this.page.waitForTimeout(200);
        }
    }
    /** True while VS Code still streams (and progressively renders) this response. */
    static isLoading(response) {
        return response.evaluate((el, cls) => el.classList.contains(cls), exports.SEL.loadingResponse.slice(1)).catch(() => true);
    }
    /** Waits until VS Code has finished this response: every part of it is rendered. */
    static async waitUntilFinished(response, timeoutMs = 30_000) {
        const until = Date.now() + timeoutMs;
        while (await UiFlow.isLoading(response)) {
            if (Date.now() > until)
                throw new Error(`the response was still loading after ${timeoutMs / 1000}s`);
            await new Promise((r) => setTimeout(r, 100));
        }
    }
    responseCount() {
        return this.page.locator(exports.SEL.response).count();
    }
    /** A response's visible text (its rendered markdown), without the list's style sheets. */
    responseText(response, timeoutMs) {
        return response.evaluate((el) => {
            const parts = [...el.querySelectorAll('.rendered-markdown, .chat-used-context-label, .chat-progress-content, .value > .chat-markdown-part')];
            const text = parts.map((p) => p.innerText).join('\n');
            return text || el.innerText;
        }, undefined, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
    }
    /** The answer the fake gives to `question` with `model` (its default scenario). */
    expectedAnswer(model, question) {
        return `${this.opts.answerPrefix ?? ''}Demo answer from ${model}: you asked "${question}".`;
    }
    /** Drags the sash left of the chat panel (auxiliary bar) so answers have room; returns the new width. */
    async widenChat(by) {
        const page = this.page;
        const box = await page.locator('.part.auxiliarybar').boundingBox();
        if (!box)
            return 0;
        await page.mouse.move(box.x - 1, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x - 1 - by, box.y + box.height / 2, { steps: 8 });
        await page.mouse.up();
        return (await page.locator('.part.auxiliarybar').boundingBox())?.width ?? 0;
    }
    /** Opens a workspace file in the editor through Quick Open (Ctrl+P), as a person would. */
    async openFile(relPath) {
        const page = this.page;
        await page.keyboard.press('Escape');
        await page.keyboard.press('ControlOrMeta+P');
        await page.locator(exports.SEL.quickInputBox).waitFor({ state: 'visible', timeout: 10_000 });
        await page.keyboard.type(relPath, { delay: 5 });
        const base = path.basename(relPath);
        await this.clickQuickInputRow((label) => label === base || label.startsWith(`${base},`) || label.startsWith(`${base} `), base);
        await page.locator('.tabs-container .tab.active').filter({ hasText: base }).waitFor({ timeout: 10_000 });
    }
    /** Opens the chat's model picker; returns the labels of its rows ("Sonnet 4.5, Cursor", …), "Other Models" expanded. */
    async openModelPicker() {
        const page = this.page;
        await page.locator(exports.SEL.modelPickerName).filter({ visible: true }).first().click();
        await page.locator(exports.SEL.actionWidgetRow).first().waitFor({ state: 'visible', timeout: 10_000 });
        const toggle = page.locator(exports.SEL.otherModelsToggle);
        // "Other Models" is collapsed at first: a person clicks it to see every model.
        const rowCount = () => page.locator(exports.SEL.actionWidgetRow).count();
        if ((await toggle.count()) > 0 && (await page.locator(`${exports.SEL.actionWidgetRow}:not(.chat-model-picker-section-toggle):not(.separator)`).count()) < exports.FAKE_MODELS.length) {
            const before = await rowCount();
            // A click where the row is (in VS Code 1.110 the list re-renders under the pointer, and
            // Playwright's own click waits for it to hold still); the keyboard (→ expands) if the
            // click did not open the section.
            const box = await toggle.first().boundingBox();
            if (box)
                await page.mouse.click(box.x + Math.min(40, box.width / 2), box.y + box.height / 2);
            await page.waitForTimeout(300);
            if ((await rowCount()) <= before) {
                await toggle.first().focus().catch(() => undefined);
                await page.keyboard.press('ArrowRight');
                await page.waitForTimeout(300);
            }
        }
        return page.locator(exports.SEL.actionWidgetRow).evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? '').filter(Boolean));
    }
    /** `npm run screenshots`: media/<name> ← the step's screenshot, only when every step passed. */
    copyToMedia(media, mediaDir, allPassed) {
        if (!allPassed) {
            this.opts.log('not copying screenshots into media/: a step failed');
            return;
        }
        for (const [name, shot] of media) {
            const from = this.shots.get(shot);
            if (!from)
                throw new Error(`screenshot ${shot} was not taken`);
            fs.copyFileSync(from, path.join(mediaDir, name));
            this.opts.log(`media/${name} ← ${path.relative(path.dirname(mediaDir), from)}`);
        }
    }
    /** The answer must be rendered exactly once in the response (a renderer that repeats chunks shows it twice). */
    expectShownOnce(rendered, expected) {
        const times = rendered.split(expected).length - 1;
        if (times !== 1)
            throw new Error(`the answer is shown ${times} times in the chat, not once: ${JSON.stringify(rendered)}`);
    }
    /** Reads the real status bar item: its text, the tooltip on hover, and the menu a click opens. */
    async expectStatusItem(want) {
        const item = this.page.locator(exports.SEL.statusItem);
        const text = (await item.innerText()).trim();
        if (text !== want.text)
            throw new Error(`the status bar item says ${JSON.stringify(text)}, not ${JSON.stringify(want.text)}`);
        await this.page.mouse.move(700, 400);
        await item.hover();
        const hover = this.page.locator(exports.SEL.hover).filter({ hasText: want.tooltip[0] }).filter({ visible: true }).first();
        await hover.waitFor({ timeout: 10_000 });
        const tip = await hover.innerText();
        for (const w of want.tooltip)
            if (!tip.includes(w))
                throw new Error(`the tooltip lacks ${JSON.stringify(w)}: ${JSON.stringify(tip)}`);
        await item.click();
        await this.page.locator(exports.SEL.quickInputRow).first().waitFor({ state: 'visible', timeout: 10_000 });
        const rows = await this.quickInputRows();
        for (const w of want.menu)
            if (!rows.some((r) => r.includes(w)))
                throw new Error(`the status menu lacks ${JSON.stringify(w)}: ${rows.join(' | ')}`);
        await this.page.keyboard.press('Escape');
    }
    async pickerLabel() {
        return (await this.page.locator(exports.SEL.modelPickerName).filter({ visible: true }).first().innerText()).trim();
    }
}
exports.UiFlow = UiFlow;
//# sourceMappingURL=flow.js.map
"use strict";
// `npm run test:ui` (third part): a plan from the ACP backend in the real chat panel. A real
// VS Code (code-server) driven with Playwright, the fake cursor-agent speaking ACP and
// replaying the real `cursor/create_plan` capture (syntaur-cursor-08-create-plan): `@cursor`
// asked for a plan shows it rendered in the chat panel: the plan's name as a heading, the
// overview, the plan, its to-dos as a checklist. Checked in the rendered DOM, and in what the
// fake received (the turn ran over ACP, the plan request was accepted).
//
// `--screenshots`: also copies the plan's screenshot to media/acp-plan.png (when every step passed).
// Output: test-output/ui-acp/*.png. Last line: `ui-acp: N passed, N failed`.
// CURSOR_AGENT_VSCODE=newest|lowest|all (default all), as for the other UI runs.
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
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const captures_1 = require("../fixtures/acp/captures");
const common_1 = require("../host/launch/common");
const versions_1 = require("../host/versions");
const flow_1 = require("./flow");
const workbench_1 = require("./workbench");
(0, common_1.setLogPrefix)('ui-acp');
const screenshotsMode = process.argv.includes('--screenshots');
function log(msg) {
    console.log(`[ui-acp] ${msg}`);
}
const TODOS = [
    'Create src/utils/hello-world.ts with exported helloWorld(name?)',
    'Add src/__tests__/hello-world.test.ts covering default and custom name',
    'Run npm run typecheck and vitest on the new test file',
];
async function runOn(target) {
    const t0 = Date.now();
    const outDir = path.join(common_1.outputRoot, 'ui-acp' + (0, versions_1.outputSuffix)(target));
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(outDir, { recursive: true });
    const vsix = process.env.CURSOR_AGENT_UI_VSIX ? path.resolve(process.env.CURSOR_AGENT_UI_VSIX) : workbench_1.VSIX;
    const wb = await (0, workbench_1.startWorkbench)({
        name: 'ui-acp',
        cli: 'fake',
        fakeScenario: {},
        fakeAcp: { turn: { kind: 'capture', file: captures_1.CAPTURES.createPlan }, timing: 0.05, commandsBytes: 4000 },
        fakeOnPath: true,
        // (No sessions list beside the chat: the answer gets the panel's width.)
        userSettings: { 'cursorAgent.backend': 'acp', 'chat.viewSessions.enabled': false },
        vsix,
        keep: !!process.env.CURSOR_AGENT_UI_KEEP,
        target,
    }, log);
    const fake = wb.fake;
    if (!fake)
        throw new Error('no fake CLI');
    // A tall window: the whole plan, heading to checklist, in one screenshot.
    const { page } = await (0, workbench_1.openBrowser)(wb.toolchain, wb.root, outDir, { width: 1400, height: 1500 });
    const flow = new flow_1.UiFlow(page, { outDir, log });
    await flow.step('workbench opens with the chat and Cursor ready (cursorAgent.backend: acp)', async () => {
        await page.goto(wb.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
        await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
        await flow.waitForReadyStatus(60_000);
        await flow.runCommand('Chat: Open Chat');
        await page.locator(flow_1.SEL.chatInput).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
        await flow.widenChat(420);
        await page.waitForFunction((sel) => /\S/.test(document.querySelector(sel)?.innerText ?? ''), flow_1.SEL.modelPickerName, { timeout: 30_000 });
    }, 120_000);
    await flow.step('the chat model picker lists the ACP server’s models by name and variant ("claude-opus-5 300K High Thinking"), never raw parameters', async () => {
        const rows = (await flow.openModelPicker()).filter((r) => r.includes(', Cursor'));
        await flow.shot('acp-model-picker');
        await page.keyboard.press('Escape');
        if (!rows.some((r) => r.startsWith('claude-opus-5 300K High Thinking, Cursor')))
            throw new Error(`the picker lacks "claude-opus-5 300K High Thinking": ${rows.join(' | ')}`);
        const raw = rows.filter((r) => /[=[\]]/.test(r));
        if (raw.length)
            throw new Error(`the picker shows raw model parameters: ${raw.join(' | ')}`);
    }, 60_000);
    await flow.step('@cursor asked for a plan shows the plan in the chat: name as a heading, overview, plan, to-dos as a checklist', async () => {
        const before = await flow.responseCount();
        await flow.ask('@cursor make a brief plan for adding a hello-world function');
        await flow.waitForAnswer(before, TODOS[2], 60_000);
        await page.waitForTimeout(1_500); // the rest of the turn (the tool's completion, end_turn)
        const response = page.locator(flow_1.SEL.response).last();
        const dom = await response.evaluate((el) => {
            const root = el;
            const headings = Array.from(root.querySelectorAll('h1, h2, h3')).map((h) => h.innerText.trim());
            const items = Array.from(root.querySelectorAll('li')).map((li) => {
                const box = li.querySelector('input[type="checkbox"]');
                return { text: (li.textContent ?? '').replace(/\s+/g, ' ').trim(), checkbox: !!box, checked: !!box?.checked };
            });
            return { headings, items, text: root.innerText };
        });
        fs.writeFileSync(path.join(outDir, 'plan-dom.json'), JSON.stringify(dom, null, 2));
        if (!dom.headings.includes('Hello World Function'))
            throw new Error(`no "Hello World Function" heading; headings: ${JSON.stringify(dom.headings)}`);
        if (!dom.text.includes('Add a minimal exported helloWorld utility'))
            throw new Error('the overview is not shown');
        if (!dom.headings.includes('Step 1 — Add the utility module'))
            throw new Error(`the markdown plan's own headings are not rendered: ${JSON.stringify(dom.headings)}`);
        if (!dom.text.includes('To-dos'))
            throw new Error('no To-dos label over the checklist');
        for (const todo of TODOS) {
            const item = dom.items.find((i) => i.text.includes(todo));
            if (!item)
                throw new Error(`to-do ${JSON.stringify(todo)} is not a list item: ${JSON.stringify(dom.items.slice(-6))}`);
            // A checklist: a checkbox (unchecked: every to-do is pending), or where the renderer keeps the brackets, "[ ]".
            if (!(item.checkbox ? !item.checked : item.text.startsWith('[ ]')))
                throw new Error(`to-do ${JSON.stringify(todo)} is not an open checklist item: ${JSON.stringify(item)}`);
        }
        if (dom.text.includes('output tokens'))
            throw new Error('a usage line under an ACP answer (ACP sends no token counts)');
        // The turn ran over ACP, and the agent's plan request was answered.
        const lines = [...fake.acpLog().values()].flat();
        if (!lines.some((l) => l.dir === 'in' && l.msg.method === 'session/prompt'))
            throw new Error('no session/prompt reached the ACP agent');
        const ask = lines.find((l) => l.dir === 'out' && l.msg.method === 'cursor/create_plan');
        const answer = ask && lines.find((l) => l.dir === 'in' && l.msg.id === ask.msg.id && l.msg.method === undefined);
        if (JSON.stringify(answer?.msg.result) !== '{"accepted":true}')
            throw new Error(`cursor/create_plan answered ${JSON.stringify(answer?.msg)}`);
        if (fake.invocations().some((i) => i.argv.includes('-p')))
            throw new Error('a print-mode turn ran');
        // The plan in view for the screenshot: its heading near the top of the chat panel (the chat
        // list scrolls itself: wheel it, as a person would).
        const heading = response.locator('h2', { hasText: 'Hello World Function' }).first();
        const chat = await page.locator('.part.auxiliarybar').boundingBox();
        for (let i = 0; i < 20 && chat; i++) {
            const box = await heading.boundingBox();
            const dy = box ? box.y - (chat.y + 150) : 0;
            if (Math.abs(dy) < 15)
                break;
            await page.mouse.move(chat.x + chat.width / 2, chat.y + chat.height / 2);
            await page.mouse.wheel(0, dy);
            await page.waitForTimeout(300);
        }
        await page.mouse.move(10, 450);
        await page.waitForTimeout(600);
        await flow.shot('media-acp-plan', chat ?? undefined);
    }, 120_000);
    fs.copyFileSync(wb.serverLog, path.join(outDir, 'code-server.log'));
    await (0, common_1.runCleanups)();
    const passed = flow.results.filter((r) => r.ok).length;
    const failed = flow.results.length - passed;
    if (screenshotsMode && target.role === 'newest')
        flow.copyToMedia([['acp-plan.png', 'media-acp-plan']], path.join(common_1.repoRoot, 'media'), failed === 0);
    log(`VS Code ${target.vscode}: screenshots in ${path.relative(process.cwd(), outDir)}/ (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
    return { passed, failed };
}
async function main() {
    let passed = 0;
    let failed = 0;
    for (const target of (0, versions_1.selectedTargets)()) {
        const r = await runOn(target);
        passed += r.passed;
        failed += r.failed;
    }
    console.log(`ui-acp: ${passed} passed, ${failed} failed`);
    return failed === 0 && !(0, common_1.isInterrupted)() ? 0 : 1;
}
main()
    .then((code) => process.exit(code))
    .catch(async (err) => {
    console.error(`[ui-acp] ${err.stack ?? err}`);
    await (0, common_1.runCleanups)();
    console.log('ui-acp: 0 passed, 1 failed');
    process.exit(1);
});
//# sourceMappingURL=acpPlan.js.map
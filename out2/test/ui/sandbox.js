"use strict";
// `npm run sandbox`: try the extension in a real VS Code in your browser, in a minute.
//
// Builds and packages the extension (npm script), then starts code-server (the real VS
// Code workbench; cached by scripts/vscode-toolchain.sh) with cursor-agent-vscode.vsix
// installed into a temporary extensions folder and a small sample project open, and
// prints the URL. Ctrl+C stops it and removes the temporary folder.
//
// The CLI: your own `cursor-agent` when one is on PATH (written to the Machine setting
// cursorAgent.path; it keeps using your login). Otherwise a clearly labelled DEMO: the project's fake
// cursor-agent (test/fixtures/fake-cursor-agent.js) answers every question with a
// "[demo] …" line, and the status bar item says "Cursor (demo)"
// (CURSOR_AGENT_VSCODE_DEMO=1 for the extension).
//
// Everything code-server writes stays in the temporary folder: user data, extensions,
// XDG_* folders, TMPDIR, its config file; in the demo, HOME too. (With your real CLI,
// HOME and XDG_CONFIG_HOME stay yours: that is where cursor-agent keeps its login.)
//
// Options (after `npm run sandbox --`):
//   --demo        use the demo CLI even if cursor-agent is on PATH
//   --port <n>    listen on 127.0.0.1:<n> (default: a free port)
//   --keep        keep the temporary folder when stopping
//   --smoke       check it instead of serving: open it in headless Chromium, ask @cursor a
//                 question, save test-output/sandbox/*.png, stop (exit 0 when it answered)
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
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const common_1 = require("../host/launch/common");
const flow_1 = require("./flow");
const workbench_1 = require("./workbench");
(0, common_1.setLogPrefix)('sandbox');
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const portArg = argv.indexOf('--port') >= 0 ? Number(argv[argv.indexOf('--port') + 1]) : undefined;
function log(msg) {
    console.log(`[sandbox] ${msg}`);
}
/** The user's `cursor-agent` on PATH, if any. */
function realCli() {
    const r = (0, child_process_1.spawnSync)('sh', ['-c', 'command -v cursor-agent'], { encoding: 'utf8' });
    const found = r.status === 0 ? r.stdout.trim() : '';
    return found || undefined;
}
async function smoke(wb, demo) {
    const outDir = path.join(common_1.outputRoot, 'sandbox');
    fs.rmSync(outDir, { recursive: true, force: true });
    const { page } = await (0, workbench_1.openBrowser)(wb.toolchain, wb.root, outDir);
    const flow = new flow_1.UiFlow(page, { outDir, answerPrefix: demo ? '[demo] ' : '', log });
    await flow.step('the workbench opens with the sample project and the Cursor status bar item', async () => {
        await page.goto(wb.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
        const text = await flow.waitForReadyStatus(60_000);
        const want = demo ? 'Cursor (demo)' : 'Cursor';
        if (!text.startsWith(want))
            throw new Error(`status bar item says ${JSON.stringify(text)}, not ${want}`);
        await page.locator('.explorer-folders-view').getByText('src').first().waitFor({ timeout: 10_000 });
        await flow.shot('sandbox-start');
    }, 90_000);
    await flow.step(demo ? '@cursor answers, labelled as a demo' : '@cursor answers', async () => {
        await flow.runCommand('Chat: Open Chat');
        const before = await flow.responseCount();
        const q = 'what does src/hello.ts do?';
        // The picker must hold a Cursor model before a request can go out.
        await page.locator('.model-picker-item .model-picker-name').filter({ hasText: /\S/ }).first().waitFor({ timeout: 20_000 });
        await flow.ask(`@cursor ${q}`);
        const text = demo ? await flow.waitForAnswer(before, flow.expectedAnswer('auto', q)) : await flow.waitForFinishedAnswer(before, 120_000);
        log(`answer: ${text.split('\n').find((l) => l.trim() && !/^(Completed|Used)/.test(l)) ?? text}`);
        await flow.shot('sandbox-answer');
    }, 150_000);
    const ok = flow.results.every((r) => r.ok);
    log(`screenshots: ${path.relative(process.cwd(), outDir)}/`);
    return ok;
}
async function main() {
    const real = flag('--demo') ? undefined : realCli();
    const demo = !real;
    // Registered first, so it runs last on Ctrl+C (cleanups run newest first).
    let root;
    common_1.cleanups.add(() => {
        if (root)
            log(flag('--keep') ? `stopped; kept ${root}` : `stopped; removed ${root}`);
    });
    const wb = await (0, workbench_1.startWorkbench)({
        name: 'sandbox',
        cli: demo ? 'fake' : 'real',
        realCliPath: real,
        demo,
        // `demo: true` makes the fake prefix every answer with "[demo] "; a visible stream.
        fakeScenario: { demo: true, turn: { kind: 'default', delayMs: 60 } },
        port: portArg,
        keep: flag('--keep'),
    }, log);
    root = wb.root;
    if (flag('--smoke')) {
        const ok = await smoke(wb, demo);
        await (0, common_1.runCleanups)();
        console.log(`sandbox: ${ok ? 'ok' : 'FAILED'}`);
        return ok ? 0 : 1;
    }
    const line = '─'.repeat(72);
    console.log([
        '',
        line,
        ' Cursor for VS Code Chat: sandbox (a real VS Code in your browser)',
        '',
        ` Open     ${wb.url}`,
        demo
            ? ' CLI      DEMO: no cursor-agent on PATH, so a simulated CLI answers.\n' +
                '          Answers start with "[demo]"; the status bar says "Cursor (demo)".'
            : ` CLI      your cursor-agent: ${real} (found on PATH; uses your login)`,
        ` Try      in the chat panel (or F1 → "Chat: Open Chat"), type: @cursor what does src/hello.ts do?`,
        '          pick a Cursor model in the chat\'s model picker; click "Cursor" in the status bar',
        ` Files    ${wb.root}`,
        ` Stop     Ctrl+C${flag('--keep') ? '' : ' (removes the folder above)'}`,
        line,
        '',
    ].join('\n'));
    const why = await wb.exited;
    // Ctrl+C: run.ts's signal handler is stopping everything and exits when done.
    if ((0, common_1.isInterrupted)())
        await new Promise(() => undefined);
    log(`${why}; see ${wb.serverLog}`);
    await (0, common_1.runCleanups)();
    return 1;
}
main()
    .then((code) => process.exit(code))
    .catch(async (err) => {
    console.error(`[sandbox] ${err.stack ?? err}`);
    await (0, common_1.runCleanups)();
    process.exit(1);
});
//# sourceMappingURL=sandbox.js.map
"use strict";
// A real VS Code in the browser (code-server) with the PACKAGED extension installed,
// for `npm run sandbox`, `npm run test:ui` and `npm run screenshots`.
//
// Built from the host harness's launchers in test/host/launch/ (toolchain, the code-server
// command line, ports, fake CLI, process groups, cleanup on Ctrl+C). Unlike the host suites, this installs cursor-agent-vscode.vsix
// with `--install-extension` (a separate, non-serving code-server invocation) into a
// temporary extensions folder, exactly as a user would get it, and starts code-server
// without the smoke-test driver: what runs is what a person would see.
//
// Everything code-server writes goes under one temporary folder (user data,
// extensions, XDG_* folders, TMPDIR, its config.yaml; in demo mode HOME too), which
// stop() removes.
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
exports.SAMPLE_FILES = exports.VSIX = void 0;
exports.workbenchSettings = workbenchSettings;
exports.startWorkbench = startWorkbench;
exports.openBrowser = openBrowser;
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const fakeCli_1 = require("../fixtures/fakeCli");
const fakeAcpCli_1 = require("../fixtures/acp/fakeAcpCli");
const chromium_1 = require("../host/launch/chromium");
const codeServer_1 = require("../host/launch/codeServer");
const common_1 = require("../host/launch/common");
const suite_1 = require("../host/launch/suite");
const toolchain_1 = require("../host/launch/toolchain");
exports.VSIX = path.join(common_1.repoRoot, 'cursor-agent-vscode.vsix');
/** The sample workspace a newcomer sees: a few small source files. */
exports.SAMPLE_FILES = {
    'README.md': '# Sample project\n\nA small folder to try `@cursor` on. In the chat panel (or F1 → **Chat: Open Chat**) ask, for example:\n\n' +
        '    @cursor what does src/hello.ts do?\n',
    'src/hello.ts': "import { add } from './math';\n\n" +
        '/** Greets someone by name. */\n' +
        'export function hello(name: string): string {\n  return `Hello, ${name}!`;\n}\n\n' +
        'export function main(): void {\n  console.log(hello("world"), add(2, 3));\n}\n',
    'src/math.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n\n' +
        'export function mean(values: number[]): number {\n  return values.length === 0 ? 0 : values.reduce(add, 0) / values.length;\n}\n',
    'scripts/report.py': 'import json\nimport sys\n\n\ndef summarize(path):\n    with open(path) as f:\n        rows = json.load(f)\n' +
        '    return {"count": len(rows), "total": sum(r["amount"] for r in rows)}\n\n\n' +
        'if __name__ == "__main__":\n    print(summarize(sys.argv[1]))\n',
    'package.json': '{\n  "name": "sample-project",\n  "version": "1.0.0",\n  "private": true\n}\n',
};
/**
 * User settings for a first-run workbench without distractions.
 * - `chat.disableAIFeatures: false`: the chat UI (panel, model picker, @-participants)
 *   is only shown while AI features are enabled; `true` hides it entirely (vscode.lm
 *   still works). false is the default, written explicitly so the UI test does not
 *   depend on it.
 * - No Copilot is installed in code-server, and none is needed: our participant and
 *   our language model provider are enough for `@cursor` (the workbench offers Agent
 *   mode only, and our models declare tool calling so the picker lists them there).
 */
function workbenchSettings(extra = {}) {
    return {
        ...(0, suite_1.userSettings)({ folder: 'ui', trust: 'disabled' }),
        'chat.disableAIFeatures': false,
        'workbench.colorTheme': 'Default Dark Modern',
        'window.commandCenter': true,
        'editor.minimap.enabled': false,
        'files.autoSave': 'off',
        // The terminal draws its text as DOM rows (not on a canvas), so the UI test can read it.
        'terminal.integrated.gpuAcceleration': 'off',
        ...extra,
    };
}
function timed(label, fn, report) {
    const t0 = Date.now();
    const r = fn();
    report(`${label} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
    return r;
}
/**
 * Starts code-server with the packaged extension installed and the sample workspace
 * open. Registers its cleanup with run.ts's registry, so Ctrl+C (SIGINT/SIGTERM/SIGHUP)
 * kills the process group and removes the temporary folder too.
 */
async function startWorkbench(opts, report) {
    const vsix = opts.vsix ?? exports.VSIX;
    if (!fs.existsSync(vsix))
        throw new Error(`${vsix} missing: run \`npm run package\` first`);
    const tc = (0, toolchain_1.ensureToolchain)(opts.target);
    const root = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), `cursor-${opts.name}-`));
    const dirs = {
        workspace: path.join(root, 'sample-project'),
        userData: path.join(root, 'user-data'),
        extensions: path.join(root, 'extensions'),
        xdg: path.join(root, 'xdg'),
        home: path.join(root, 'home'),
        tmp: path.join(root, 'tmp'),
    };
    for (const d of Object.values(dirs))
        fs.mkdirSync(d, { recursive: true });
    let server;
    let fake;
    let stopped = false;
    const stop = async () => {
        if (stopped)
            return;
        stopped = true;
        common_1.cleanups.delete(stop);
        if (server)
            await (0, common_1.killGroup)(server.child, 'code-server');
        fake?.cleanup();
        if (!opts.keep)
            fs.rmSync(root, { recursive: true, force: true });
    };
    common_1.cleanups.add(stop);
    try {
        for (const [rel, text] of Object.entries(exports.SAMPLE_FILES)) {
            const file = path.join(dirs.workspace, rel);
            fs.mkdirSync(path.dirname(file), { recursive: true });
            fs.writeFileSync(file, text);
        }
        (0, common_1.writeJson)(path.join(dirs.userData, 'User', 'settings.json'), workbenchSettings(opts.userSettings));
        if (opts.cli === 'fake') {
            const fakeOpts = { dir: path.join(root, 'fake-cli'), scenario: opts.fakeScenario ?? {} };
            fake = opts.fakeAcp ? (0, fakeAcpCli_1.createFakeAcpCli)({ ...fakeOpts, acp: opts.fakeAcp }) : (0, fakeCli_1.createFakeCli)(fakeOpts);
            // A code-server window is remote: machine-scoped settings are read from Machine/.
            if (opts.fakeOnPath) {
                (0, suite_1.installOnUserPath)(dirs.home, fake.binPath);
            }
            else {
                (0, common_1.writeJson)(path.join(dirs.userData, 'Machine', 'settings.json'), { 'cursorAgent.path': fake.binPath });
            }
        }
        if (opts.cli === 'real' && opts.realCliPath) {
            (0, common_1.writeJson)(path.join(dirs.userData, 'Machine', 'settings.json'), { 'cursorAgent.path': opts.realCliPath });
        }
        // With the real CLI, HOME and XDG_CONFIG_HOME stay the user's: that is where cursor-agent
        // keeps its login (code-server's own config file goes to --config). With the fake nothing
        // of the user's is needed, so HOME and XDG_CONFIG_HOME are ours too.
        const env = (0, codeServer_1.codeServerEnv)(tc, {
            xdg: dirs.xdg,
            tmp: dirs.tmp,
            pathFirst: fake && opts.fakeOnPath ? [path.join(dirs.home, '.local', 'bin')] : [],
            ...(opts.cli === 'fake' ? { home: dirs.home } : {}),
            runtimeDir: true,
        });
        if (opts.demo)
            env.CURSOR_AGENT_VSCODE_DEMO = '1';
        const folders = { config: path.join(root, 'code-server.yaml'), userData: dirs.userData, extensions: dirs.extensions };
        fs.writeFileSync(folders.config, 'auth: none\n');
        // 1. Install the .vsix (a separate invocation: it installs and exits, serving nothing).
        const install = timed(`installed ${path.basename(vsix)}`, () => (0, child_process_1.spawnSync)(tc.node, (0, codeServer_1.installExtensionArgs)(tc, folders, vsix), {
            cwd: root,
            env,
            encoding: 'utf8',
            timeout: 120_000,
        }), report);
        if (install.status !== 0 || !/successfully installed/i.test(install.stdout + install.stderr)) {
            throw new Error(`code-server --install-extension failed (exit ${install.status}):\n${install.stdout}${install.stderr}`);
        }
        // 2. Serve.
        const port = opts.port ?? (await (0, common_1.freePort)());
        const serverLog = path.join(root, 'code-server.log');
        const logStream = fs.createWriteStream(serverLog);
        const args = (0, codeServer_1.codeServerArgs)(tc, { ...folders, port, workspace: dirs.workspace, disableTrust: true });
        const t0 = Date.now();
        server = (0, codeServer_1.startCodeServer)(tc, args, {
            cwd: dirs.workspace,
            env,
            onOutput: (chunk) => {
                logStream.write(chunk);
                opts.echo?.(chunk.toString());
            },
        });
        const base = `http://127.0.0.1:${port}`;
        await (0, codeServer_1.waitForCodeServer)(server, base, t0 + 90_000, serverLog);
        report(`code-server up on ${base} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
        return {
            url: `${base}/?folder=${encodeURIComponent(dirs.workspace)}`,
            port,
            root,
            workspace: dirs.workspace,
            userData: dirs.userData,
            extensions: dirs.extensions,
            serverLog,
            fake,
            toolchain: tc,
            exited: server.exited,
            stop,
        };
    }
    catch (err) {
        await stop();
        throw err;
    }
}
/**
 * Headless Debian Chromium (never a downloaded browser) with a fresh profile; its HOME and
 * XDG folders go under `root` (a workbench's temporary folder), so it leaves nothing behind.
 */
/**
 * Starts Chromium for the workbench at `root`; the page's console and uncaught errors go
 * to `outDir`/browser.log.
 */
async function openBrowser(tc, root, outDir, viewport = { width: 1400, height: 900 }) {
    const home = path.join(root, 'browser-home');
    fs.mkdirSync(home, { recursive: true });
    const browser = await (0, chromium_1.launchChromium)(tc.chromium, { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache'), TMPDIR: home });
    const close = () => browser.close().catch(() => undefined);
    common_1.cleanups.add(close);
    browser.on('disconnected', () => common_1.cleanups.delete(close));
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    // Clipboard access for the workbench (copy buttons) without a permission prompt.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
    const page = await context.newPage();
    fs.mkdirSync(outDir, { recursive: true });
    const browserLog = fs.createWriteStream(path.join(outDir, 'browser.log'));
    page.on('console', (m) => browserLog.write(`[${m.type()}] ${m.text()}\n`));
    page.on('pageerror', (e) => browserLog.write(`[pageerror] ${e.message}\n`));
    return { browser, page };
}
//# sourceMappingURL=workbench.js.map
"use strict";
// Runs one host suite in code-server: the server in its own process group with the smoke-test
// driver on, the workbench in headless Chromium with a payload naming our extension
// (extensionDevelopmentPath) and the suite's compiled index (extensionTestsPath); the extension
// host's console goes to stdout and the exit code comes from codeAutomationExit().
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
exports.runSuiteInCodeServer = runSuiteInCodeServer;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const util_1 = require("util");
const mochaRunner_1 = require("../mochaRunner");
const screenshot_1 = require("../screenshot");
const versions_1 = require("../versions");
const common_1 = require("./common");
const chromium_1 = require("./chromium");
const codeServer_1 = require("./codeServer");
const suite_1 = require("./suite");
/**
 * Every workbench log line arrives here, the extension host's console among them: the suite's
 * result line sets the counts, a screenshot marker takes a screenshot, other host lines go to stdout.
 */
function onWorkbenchLog(page, output, hostLog, setCounts) {
    return (type, args) => {
        const text = Array.isArray(args) ? (0, util_1.format)(...args) : String(args);
        hostLog.write(`[${type}] ${text}\n`);
        const at = text.indexOf(mochaRunner_1.CONSOLE_MARKER);
        if (at >= 0) {
            const line = text.slice(at + mochaRunner_1.CONSOLE_MARKER.length);
            const m = line.indexOf(mochaRunner_1.RESULT_MARKER);
            if (m >= 0) {
                try {
                    setCounts(JSON.parse(line.slice(m + mochaRunner_1.RESULT_MARKER.length).trim().split('\n')[0]));
                }
                catch {
                    /* ignore */
                }
                return;
            }
            const shot = line.indexOf(screenshot_1.SCREENSHOT_MARKER);
            if (shot >= 0) {
                const name = line.slice(shot + screenshot_1.SCREENSHOT_MARKER.length).trim().replace(/[^A-Za-z0-9._-]+/g, '_');
                const file = path.join(output, `${name}.png`);
                void page
                    .screenshot({ path: file, timeout: 10_000 })
                    .then(() => fs.writeFileSync(file + '.done', ''))
                    .catch((e) => (0, common_1.log)(`screenshot ${name} failed: ${e.message}`));
                return;
            }
            process.stdout.write(`${line}\n`);
        }
        else if (type === 'error' && text.includes(common_1.EXTENSION_ID)) {
            // e.g. "Activating extension '…' failed: …"
            process.stdout.write(`[workbench:error] ${text}\n`);
        }
    };
}
function saveWorkbenchLogs(logs, dir) {
    if (!Array.isArray(logs))
        return;
    for (const entry of logs) {
        if (!entry?.relativePath || typeof entry.contents !== 'string')
            continue;
        const file = path.join(dir, entry.relativePath.replace(/^(\.\.[/\\])+/, ''));
        if (!file.startsWith(dir))
            continue;
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, entry.contents);
    }
}
async function runSuiteInCodeServer(suite, tc) {
    const t0 = Date.now();
    const testsIndex = path.join(common_1.repoRoot, 'out', 'test', 'host', suite.folder, 'index.js');
    const dirs = (0, suite_1.prepareSuite)(suite, suite.folder + (0, versions_1.outputSuffix)(tc.target));
    const fake = (0, suite_1.createFake)(dirs.fakeDir, suite.fakeScenario, suite.fake);
    const localCleanups = [];
    const addCleanup = (fn) => {
        localCleanups.push(fn);
        common_1.cleanups.add(fn);
    };
    addCleanup(() => {
        fake.cleanup();
        if (!process.env.CURSOR_AGENT_HOST_KEEP)
            fs.rmSync(dirs.root, { recursive: true, force: true });
    });
    (0, common_1.writeJson)(path.join(dirs.userData, 'User', 'settings.json'), (0, suite_1.userSettings)(suite));
    // A code-server window is remote: machine-scoped settings (cursorAgent.path) live in Machine/.
    const userBinary = (0, suite_1.installFakeForUser)(suite, dirs, fake, path.join(dirs.userData, 'Machine', 'settings.json'));
    const port = await (0, common_1.freePort)();
    const env = {
        ...(0, codeServer_1.codeServerEnv)(tc, {
            xdg: path.join(dirs.root, 'xdg'),
            tmp: path.join(dirs.root, 'tmp'),
            pathFirst: suite.binary === 'setting' ? [] : [path.join(dirs.home, '.local', 'bin')],
            home: dirs.home,
        }),
        ...(0, suite_1.suiteEnv)(suite, dirs, fake, userBinary),
    };
    const args = (0, codeServer_1.codeServerArgs)(tc, { port, workspace: dirs.workspace, userData: dirs.userData, extensions: dirs.extensions, disableTrust: suite.trust === 'disabled', smokeTestDriver: true });
    const serverLogFile = path.join(dirs.output, 'code-server.log');
    const serverLog = fs.createWriteStream(serverLogFile);
    const hostLog = fs.createWriteStream(path.join(dirs.output, 'host.log'));
    addCleanup(() => new Promise((r) => {
        hostLog.end();
        serverLog.end(() => r());
    }));
    (0, common_1.log)(`${suite.folder}: starting code-server ${tc.target.codeServer} (VS Code ${tc.target.vscode}) on 127.0.0.1:${port} (trust: ${suite.trust})`);
    const verbose = !!process.env.CURSOR_AGENT_HOST_VERBOSE;
    const server = (0, codeServer_1.startCodeServer)(tc, args, {
        cwd: dirs.workspace,
        env,
        onOutput: (chunk) => {
            serverLog.write(chunk);
            if (verbose)
                process.stdout.write(`[code-server] ${chunk.toString()}`);
        },
    });
    addCleanup(() => (0, common_1.killGroup)(server.child, 'code-server'));
    const timeoutMs = Number(process.env.CURSOR_AGENT_HOST_TIMEOUT_MS ?? 600_000);
    const deadline = Date.now() + timeoutMs;
    const base = `http://127.0.0.1:${port}`;
    let result = { folder: suite.folder, on: `VS Code ${tc.target.vscode}`, exitCode: 1, passed: 0, failed: 0, pending: 0, seconds: 0 };
    let counts;
    try {
        // 1. wait for the server
        await (0, codeServer_1.waitForCodeServer)(server, base, Math.min(deadline, Date.now() + 90_000), serverLogFile);
        (0, common_1.log)(`${suite.folder}: code-server up after ${((Date.now() - t0) / 1000).toFixed(1)}s`);
        // 2. the browser
        const browser = await (0, chromium_1.launchChromium)(tc.chromium);
        addCleanup(() => browser.close().catch(() => undefined));
        const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
        if (!(0, codeServer_1.supportsVscodeOption)(tc))
            await (0, codeServer_1.enableSmokeTestDriverInPage)(page);
        let exitWith;
        const exited = new Promise((resolve) => (exitWith = resolve));
        await page.exposeFunction('codeAutomationExit', (code, logs) => {
            exitWith?.({ code: Number(code), logs });
        });
        await page.exposeFunction('codeAutomationLog', onWorkbenchLog(page, dirs.output, hostLog, (c) => (counts = c)));
        page.on('pageerror', (err) => hostLog.write(`[pageerror] ${err.message}\n`));
        page.on('console', (msg) => hostLog.write(`[browser:${msg.type()}] ${msg.text()}\n`));
        let pageCrash;
        const crashed = new Promise((resolve) => (pageCrash = resolve));
        page.on('crash', () => pageCrash?.('the workbench page crashed'));
        const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
        const payload = [
            ['extensionDevelopmentPath', remote(common_1.repoRoot)],
            ['extensionTestsPath', remote(testsIndex)],
        ];
        const url = `${base}/?folder=${encodeURIComponent(dirs.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
        await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
        (0, common_1.log)(`${suite.folder}: workbench loading; running tests`);
        let timer;
        const timedOut = new Promise((resolve) => {
            timer = setTimeout(() => resolve(`timed out after ${timeoutMs / 1000}s`), Math.max(0, deadline - Date.now()));
        });
        const outcome = await Promise.race([exited, server.exited, crashed, timedOut]);
        clearTimeout(timer);
        const shot = path.join(dirs.output, 'workbench.png');
        await page.screenshot({ path: shot, timeout: 15_000 }).catch((e) => (0, common_1.log)(`screenshot failed: ${e.message}`));
        if (typeof outcome === 'string') {
            result = { ...result, exitCode: 1, note: outcome };
            (0, common_1.log)(`${suite.folder}: FAILED: ${outcome}`);
        }
        else {
            saveWorkbenchLogs(outcome.logs, path.join(dirs.output, 'logs'));
            result = { ...result, exitCode: outcome.code };
            if (!counts)
                result.note = 'the suite printed no result line (did the test runner load? see host.log and logs/)';
        }
    }
    catch (err) {
        result = { ...result, exitCode: 1, note: err.message };
        (0, common_1.log)(`${suite.folder}: ERROR: ${err.message}`);
    }
    finally {
        for (const fn of localCleanups.reverse()) {
            common_1.cleanups.delete(fn);
            try {
                await fn();
            }
            catch (err) {
                (0, common_1.log)(`cleanup error: ${err.message}`);
            }
        }
    }
    return { ...result, ...(counts ?? {}), seconds: (Date.now() - t0) / 1000 };
}
//# sourceMappingURL=codeServerSuite.js.map
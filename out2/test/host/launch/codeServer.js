"use strict";
// code-server, the real VS Code workbench and Node extension host served to a browser: its
// command line, environment, start (in its own process group) and readiness, built once for
// the host suites (test/host/run.ts) and the UI harnesses (test/ui/workbench.ts).
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
exports.codeServerArgs = codeServerArgs;
exports.installExtensionArgs = installExtensionArgs;
exports.codeServerEnv = codeServerEnv;
exports.startCodeServer = startCodeServer;
exports.waitForCodeServer = waitForCodeServer;
exports.supportsVscodeOption = supportsVscodeOption;
exports.enableSmokeTestDriverInPage = enableSmokeTestDriverInPage;
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const common_1 = require("./common");
function stateArgs(f) {
    return [...(f.config ? ['--config', f.config] : []), '--user-data-dir', f.userData, '--extensions-dir', f.extensions, '--disable-telemetry', '--disable-update-check'];
}
/** The arguments (for the toolchain's Node) that serve `workspace` on 127.0.0.1:`port` without auth. */
function codeServerArgs(tc, o) {
    return [
        tc.codeServer,
        '--auth',
        'none',
        '--bind-addr',
        `127.0.0.1:${o.port}`,
        ...stateArgs(o),
        '--disable-getting-started-override',
        '--ignore-last-opened',
        ...(o.smokeTestDriver && supportsVscodeOption(tc) ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
        ...(o.disableTrust ? ['--disable-workspace-trust'] : []),
        o.workspace,
    ];
}
/** The arguments (for the toolchain's Node) that install a .vsix into the extensions folder and exit. */
function installExtensionArgs(tc, f, vsix) {
    return [tc.codeServer, ...stateArgs(f), '--install-extension', vsix];
}
/** code-server's environment: ours without variables that steer it elsewhere, its folders under ours. */
function codeServerEnv(tc, o) {
    const env = {
        ...(0, common_1.baseEnv)(),
        PATH: [...(o.pathFirst ?? []), path.dirname(tc.node), process.env.PATH ?? ''].join(path.delimiter),
        XDG_DATA_HOME: path.join(o.xdg, 'data'),
        XDG_CACHE_HOME: path.join(o.xdg, 'cache'),
        XDG_STATE_HOME: path.join(o.xdg, 'state'),
        TMPDIR: o.tmp,
    };
    if (o.home) {
        env.HOME = o.home;
        env.XDG_CONFIG_HOME = path.join(o.xdg, 'config');
    }
    if (o.runtimeDir) {
        env.XDG_RUNTIME_DIR = path.join(o.xdg, 'runtime');
        fs.mkdirSync(env.XDG_RUNTIME_DIR, { recursive: true, mode: 0o700 });
    }
    return env;
}
/**
 * Starts code-server detached (setsid(), so the server, its extension host and anything they
 * spawn form one process group, killed as a whole by killGroup); every output chunk goes to `onOutput`.
 */
function startCodeServer(tc, args, o) {
    const child = (0, child_process_1.spawn)(tc.node, args, { cwd: o.cwd, env: o.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid)
        common_1.liveGroups.add(child.pid);
    let why;
    let onExit = () => undefined;
    const exited = new Promise((resolve) => (onExit = resolve));
    child.on('exit', (code, signal) => onExit((why ??= `code-server exited (code ${code}, signal ${signal})`)));
    child.on('error', (err) => onExit((why ??= `code-server failed to start: ${err.message}`)));
    for (const s of [child.stdout, child.stderr])
        s?.on('data', (chunk) => o.onOutput(chunk));
    return { child, exited, early: () => why };
}
/** Waits until code-server answers /healthz on `base`; throws (naming `logFile`) if it exits first or `until` passes. */
async function waitForCodeServer(server, base, until, logFile) {
    const t0 = Date.now();
    while (!server.early() && Date.now() < until && !(await (0, common_1.httpOk)(`${base}/healthz`)))
        await (0, common_1.sleep)(200);
    const early = server.early();
    if (early)
        throw new Error(`${early}; see ${logFile}`);
    if (!(await (0, common_1.httpOk)(`${base}/healthz`)))
        throw new Error(`code-server did not answer on ${base} within ${((Date.now() - t0) / 1000).toFixed(0)}s`);
}
const vscodeOptionSupport = new Map();
/** Whether this code-server has `--vscode-option` (passes an option through to VS Code's server). */
function supportsVscodeOption(tc) {
    let known = vscodeOptionSupport.get(tc.codeServer);
    if (known === undefined) {
        const cli = path.join(path.dirname(tc.codeServer), 'cli.js');
        known = fs.existsSync(cli) && fs.readFileSync(cli, 'utf8').includes('vscode-option');
        vscodeOptionSupport.set(tc.codeServer, known);
    }
    return known;
}
/**
 * Harness only (older code-server, no --vscode-option): turns on the workbench's smoke-test
 * driver, which the server would otherwise switch on with `enable-smoke-test-driver`, by
 * adding `developmentOptions.enableSmokeTestDriver` to the configuration the server embeds
 * in the page (`<meta id="vscode-workbench-web-configuration" data-settings="…">`) as the
 * workbench reads it. (Rewriting the page's HTML with page.route() instead makes Chromium
 * treat the page as non-local and block its WebSocket to 127.0.0.1.)
 */
async function enableSmokeTestDriverInPage(page) {
    await page.addInitScript(() => {
        // Runs in the page before its own scripts (no DOM lib in this tsconfig: loosely typed).
        const proto = globalThis.Element.prototype;
        const original = proto.getAttribute;
        proto.getAttribute = function (name) {
            const value = original.call(this, name);
            if (name !== 'data-settings' || this.id !== 'vscode-workbench-web-configuration' || !value)
                return value;
            try {
                const config = JSON.parse(value);
                config.developmentOptions = { ...config.developmentOptions, enableSmokeTestDriver: true };
                return JSON.stringify(config);
            }
            catch {
                return value;
            }
        };
    });
}
//# sourceMappingURL=codeServer.js.map
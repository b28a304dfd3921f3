"use strict";
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
// The environment the CLI gets on Windows Node.js, as the fake recorded it,
// through both launch routes.
const assert = __importStar(require("node:assert/strict"));
const path = __importStar(require("node:path"));
const windowsInstall_1 = require("./windowsInstall");
const world_1 = require("./world");
const printTurn_1 = require("../support/printTurn");
const win = path.win32;
/** The allowlist of src/cli/env.ts, as the contract states it (upper-cased: Windows names are case-insensitive). */
const ALLOWED = new Set([
    'PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'USERPROFILE', 'HOMEDRIVE', 'HOMEPATH', 'APPDATA', 'LOCALAPPDATA', 'USERNAME',
    'SystemRoot', 'SystemDrive', 'windir', 'ComSpec', 'PATHEXT', 'ProgramData', 'ProgramFiles', 'PROCESSOR_ARCHITECTURE', 'NUMBER_OF_PROCESSORS',
    'TEMP', 'TMP', 'TMPDIR', 'LANG', 'LANGUAGE', 'TZ', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY', 'NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR',
    'DBUS_SESSION_BUS_ADDRESS', 'CURSOR_API_KEY', 'CURSOR_API_ENDPOINT', 'TERM', 'NO_COLOR', 'NoDefaultCurrentDirectoryInExePath',
].map((n) => n.toUpperCase()));
/**
 * Added to every child by Node itself on Windows (libuv copies these from the
 * parent when the given environment lacks them, so that Windows programs can
 * start), by Wine (its own WINE* settings), and by the fake's index.js (its state folder).
 */
const ADDED_BY_NODE = new Set(['HOMEDRIVE', 'HOMEPATH', 'LOGONSERVER', 'PATH', 'SYSTEMDRIVE', 'SYSTEMROOT', 'TEMP', 'USERDOMAIN', 'USERNAME', 'USERPROFILE', 'WINDIR']);
const notOurs = (name) => ADDED_BY_NODE.has(name.toUpperCase()) || /^WINE/i.test(name) || name === 'FAKE_CURSOR_DIR' || name === 'CURSOR_AGENT_VSCODE_RUN';
describe('Windows: the environment the CLI gets', function () {
    let install;
    let npmShim;
    const worlds = [];
    before(function () {
        if (process.platform !== 'win32')
            this.skip();
        install = (0, windowsInstall_1.installFake)();
        npmShim = (0, windowsInstall_1.npmStyleShim)(install, win.join(install.localAppData, '..', 'Roaming', 'npm'));
    });
    after(() => {
        for (const w of worlds)
            w.dispose();
        install?.fake.cleanup();
    });
    const userPath = () => `${install.installDir};C:\\windows\\system32;C:\\windows;C:\\Program Files (x86)\\Tools`;
    const hostEnv = () => (0, windowsInstall_1.windowsEnv)({
        Path: userPath(),
        LOCALAPPDATA: install.localAppData,
        NODE_OPTIONS: '--require C:\\evil.js',
        ELECTRON_RUN_AS_NODE: '1',
        VSCODE_PID: '4242',
        VSCODE_IPC_HOOK: '\\\\.\\pipe\\vscode-ipc',
        OPENAI_API_KEY: 'sk-not-for-the-cli',
        GITHUB_TOKEN: 'ghp_not_for_the_cli',
        npm_config_registry: 'https://registry.example',
        NoDefaultCurrentDirectoryInExePath: undefined,
    });
    for (const [route, configuredPath] of [
        ['the installed node.exe', () => undefined],
        ['cmd.exe', () => npmShim],
    ]) {
        it(`through ${route}: Path, SystemRoot and NoDefaultCurrentDirectoryInExePath=1, and nothing unlisted`, async () => {
            const w = (0, world_1.makeWorld)(hostEnv(), { configuredPath: configuredPath() });
            worlds.push(w);
            const workspace = (0, windowsInstall_1.freshDir)('proj');
            await (0, printTurn_1.printTurn)(w.agent, { workspace, mode: 'plan', prompt: 'env?', onEvent: () => undefined });
            const invs = install.fake.invocations();
            const env = invs[invs.length - 1].env;
            const get = (name) => Object.entries(env).find(([k]) => k.toUpperCase() === name.toUpperCase())?.[1];
            assert.equal(get('Path'), userPath());
            assert.equal(get('SystemRoot'), process.env.SystemRoot);
            assert.equal(get('NoDefaultCurrentDirectoryInExePath'), '1', 'a bare git or rg would be looked for in the workspace first');
            assert.equal(get('TERM'), 'dumb');
            assert.equal(get('NO_COLOR'), '1');
            for (const name of ['NODE_OPTIONS', 'ELECTRON_RUN_AS_NODE', 'VSCODE_PID', 'VSCODE_IPC_HOOK', 'OPENAI_API_KEY', 'GITHUB_TOKEN', 'npm_config_registry']) {
                assert.equal(get(name), undefined, `${name} reached the CLI`);
            }
            const unlisted = Object.keys(env).filter((k) => !ALLOWED.has(k.toUpperCase()) && !notOurs(k) && !/^(LC_|XDG_)/i.test(k));
            // cmd.exe adds its own `=C:`-style current-folder entries and PROMPT.
            const fromCmd = route === 'cmd.exe' ? unlisted.filter((k) => k.startsWith('=') || k.toUpperCase() === 'PROMPT') : [];
            assert.deepEqual(unlisted.filter((k) => !fromCmd.includes(k)), []);
        });
    }
});
//# sourceMappingURL=environment.test.js.map
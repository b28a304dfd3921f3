"use strict";
// One host suite's world: its temporary folders, workspace, settings, the fake CLI where a
// user's install would be, and the environment the extension host gets (see test/host/run.ts).
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
exports.createFake = createFake;
exports.prepareSuite = prepareSuite;
exports.userSettings = userSettings;
exports.installFakeForUser = installFakeForUser;
exports.installOnUserPath = installOnUserPath;
exports.suiteEnv = suiteEnv;
exports.hostFilter = hostFilter;
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const common_1 = require("./common");
function createFake(dir, scenario, kind = 'print') {
    if (kind === 'acp') {
        // The fake ACP agent: answers `cursor-agent acp` and hands every other command to the print-mode fake.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const acp = require(path.join(common_1.repoRoot, 'out', 'test', 'fixtures', 'acp', 'fakeAcpCli.js'));
        return acp.createFakeAcpCli(scenario ? { dir, scenario } : { dir });
    }
    const modulePath = path.join(common_1.repoRoot, 'out', 'test', 'fixtures', 'fakeCli.js');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(modulePath);
    return mod.createFakeCli(scenario ? { dir, scenario } : { dir });
}
function prepareSuite(suite, outputName = suite.folder) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `cah-${suite.folder}-`));
    const dirs = {
        root,
        home: path.join(root, 'home'),
        workspace: path.join(root, 'workspace'),
        userData: path.join(root, 'user-data'),
        extensions: path.join(root, 'extensions'),
        fakeDir: path.join(root, 'fake-cli'),
        output: path.join(common_1.outputRoot, outputName),
    };
    fs.rmSync(dirs.output, { recursive: true, force: true });
    fs.mkdirSync(dirs.output, { recursive: true });
    fs.mkdirSync(dirs.workspace, { recursive: true });
    fs.mkdirSync(dirs.extensions, { recursive: true });
    fs.mkdirSync(path.join(root, 'tmp'), { recursive: true });
    for (const [rel, text] of Object.entries(suite.workspaceFiles ?? {})) {
        const file = path.join(dirs.workspace, rel);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, text);
    }
    if (suite.workspaceSettings)
        (0, common_1.writeJson)(path.join(dirs.workspace, '.vscode', 'settings.json'), suite.workspaceSettings);
    return dirs;
}
function userSettings(suite) {
    return {
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'workbench.enableExperiments': false,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'extensions.autoUpdate': false,
        'extensions.autoCheckUpdates': false,
        'extensions.ignoreRecommendations': true,
        'git.enabled': false,
        // Restricted-mode suites: no modal trust prompt; the folder simply stays untrusted.
        'security.workspace.trust.startupPrompt': 'never',
        'security.workspace.trust.enabled': suite.trust !== 'disabled',
        ...suite.userSettings,
    };
}
/**
 * Puts the fake where a user's install would be found: `~/.local/bin/cursor-agent` on PATH ('path'
 * mode; code-server's extension host takes PATH from a login shell, which reads ~/.profile), or names
 * it in the Machine setting ('setting' mode). Returns the binary the extension should end up using.
 */
function installFakeForUser(suite, dirs, fake, machineSettingsFile) {
    fs.mkdirSync(dirs.home, { recursive: true });
    if (suite.binary === 'setting') {
        (0, common_1.writeJson)(machineSettingsFile, { 'cursorAgent.path': fake.binPath, ...suite.machineSettings });
        return fake.binPath;
    }
    const bin = installOnUserPath(dirs.home, fake.binPath);
    (0, common_1.writeJson)(machineSettingsFile, { ...suite.machineSettings });
    return bin;
}
/**
 * `home/.local/bin/cursor-agent` → `binPath`, on PATH through `home/.profile` as the real installer
 * does (code-server's extension host takes PATH from a login shell). Returns the link.
 */
function installOnUserPath(home, binPath) {
    const bin = path.join(home, '.local', 'bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.symlinkSync(binPath, path.join(bin, 'cursor-agent'));
    fs.writeFileSync(path.join(home, '.profile'), 'PATH="$HOME/.local/bin:$PATH"\n');
    return path.join(bin, 'cursor-agent');
}
function suiteEnv(suite, dirs, fake, userBinary) {
    return {
        CURSOR_AGENT_TEST_USER_BINARY: userBinary,
        CURSOR_AGENT_TEST_SUITE: suite.folder,
        CURSOR_AGENT_TEST_TRUST: suite.trust,
        CURSOR_AGENT_TEST_WORKSPACE: dirs.workspace,
        CURSOR_AGENT_TEST_FAKE_DIR: fake.dir,
        CURSOR_AGENT_TEST_FAKE_BIN: fake.binPath,
        CURSOR_AGENT_TEST_USER_DATA_DIR: dirs.userData,
        CURSOR_AGENT_TEST_OUTPUT: dirs.output,
        ...(hostFilter('CURSOR_AGENT_HOST_GREP') ? { CURSOR_AGENT_HOST_GREP: hostFilter('CURSOR_AGENT_HOST_GREP') } : {}),
        ...suite.env,
    };
}
/**
 * A developer's filter (CURSOR_AGENT_HOST_SUITES, CURSOR_AGENT_HOST_GREP). In CI none is taken
 * from the environment: CI runs every suite and every test, whatever the machine has set.
 */
function hostFilter(name) {
    const value = process.env[name];
    if (!value)
        return undefined;
    if (process.env.CI && process.env.CURSOR_AGENT_HOST_BENCH !== '1') {
        if (!warnedFilters.has(name))
            (0, common_1.log)(`CI: ignoring ${name}=${value} (CI runs every host test)`);
        warnedFilters.add(name);
        return undefined;
    }
    return value;
}
const warnedFilters = new Set();
//# sourceMappingURL=suite.js.map
"use strict";
// Runs one host suite in a desktop VS Code (electron mode: CURSOR_AGENT_HOST_VSCODE=electron or a path
// to an installed `code`): @vscode/test-electron's runTests(). Needs internet or a local install, and a display.
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
exports.runSuiteInElectron = runSuiteInElectron;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const common_1 = require("./common");
const suite_1 = require("./suite");
async function runSuiteInElectron(suite, which) {
    const t0 = Date.now();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { runTests } = require('@vscode/test-electron');
    const dirs = (0, suite_1.prepareSuite)(suite);
    const fake = (0, suite_1.createFake)(dirs.fakeDir, suite.fakeScenario, suite.fake);
    // A local (non-remote) window reads machine-scoped settings from User/settings.json.
    const machineFile = path.join(dirs.root, 'machine-settings.json');
    const userBinary = (0, suite_1.installFakeForUser)(suite, dirs, fake, machineFile);
    (0, common_1.writeJson)(path.join(dirs.userData, 'User', 'settings.json'), {
        ...(0, suite_1.userSettings)(suite),
        ...JSON.parse(fs.readFileSync(machineFile, 'utf8')),
    });
    if (suite.binary !== 'setting')
        process.env.PATH = `${path.dirname(userBinary)}${path.delimiter}${process.env.PATH ?? ''}`;
    let exitCode = 1;
    try {
        exitCode = await runTests({
            ...(which === 'electron'
                ? { version: process.env.CURSOR_AGENT_HOST_VSCODE_VERSION ?? 'stable' }
                : { vscodeExecutablePath: which }),
            extensionDevelopmentPath: common_1.repoRoot,
            extensionTestsPath: path.join(common_1.repoRoot, 'out', 'test', 'host', suite.folder, 'index.js'),
            extensionTestsEnv: (0, suite_1.suiteEnv)(suite, dirs, fake, userBinary),
            launchArgs: [
                dirs.workspace,
                '--user-data-dir',
                dirs.userData,
                '--extensions-dir',
                dirs.extensions,
                '--disable-extensions',
                ...(suite.trust === 'disabled' ? ['--disable-workspace-trust'] : []),
            ],
        });
    }
    catch (err) {
        (0, common_1.log)(`${suite.folder}: ${err.message}`);
    }
    finally {
        fake.cleanup();
        if (!process.env.CURSOR_AGENT_HOST_KEEP)
            fs.rmSync(dirs.root, { recursive: true, force: true });
    }
    return { folder: suite.folder, exitCode, passed: 0, failed: 0, pending: 0, seconds: (Date.now() - t0) / 1000 };
}
//# sourceMappingURL=electron.js.map
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
exports.extensionRunSettings = extensionRunSettings;
exports.createBenchStack = createBenchStack;
exports.clearInvocations = clearInvocations;
/**
 * The extension's real service stack (process runner, binary resolution,
 * agent service) pointed at the fake CLI, with the run settings extension.ts
 * uses (2 s kill grace, 30 s short commands, default turn deadlines).
 */
const fs = __importStar(require("node:fs"));
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const nodeHost_1 = require("../src/node/nodeHost");
const nodeProcessRunner_1 = require("../src/node/nodeProcessRunner");
const binaryService_1 = require("../src/services/binaryService");
const cursorAgentService_1 = require("../src/services/cursorAgentService");
const settingsSchema_1 = require("../src/services/settingsSchema");
const fakeCli_1 = require("../test/fixtures/fakeCli");
const lib_1 = require("./lib");
/** The run settings of src/extension.ts with default user settings. */
function extensionRunSettings() {
    return {
        firstOutputTimeoutMs: settingsSchema_1.DEFAULT_SETTINGS.firstOutputTimeoutSeconds * 1000,
        inactivityTimeoutMs: settingsSchema_1.DEFAULT_SETTINGS.inactivityTimeoutSeconds * 1000,
        killGraceMs: 2000,
        shortCommandTimeoutMs: 30_000,
    };
}
function createBenchStack(scenario = {}, logger = lib_1.quietLogger) {
    const fake = (0, fakeCli_1.createFakeCli)({ scenario });
    const runner = new nodeProcessRunner_1.NodeProcessRunner(logger);
    const host = (0, nodeHost_1.nodeHostEnvironment)(process.env, process.platform);
    const workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'bench-ws-'));
    fs.writeFileSync(path.join(workspace, 'app.ts'), 'export const x = 1;\n');
    const settings = extensionRunSettings();
    const binary = new binaryService_1.BinaryService((0, nodeHost_1.nodeResolveDeps)(runner, host), (0, nodeHost_1.binaryEnvironment)(host), () => fake.binPath, logger);
    const agent = new cursorAgentService_1.CursorAgentService(binary, runner, host, () => settings, logger);
    return {
        fake,
        runner,
        binary,
        agent,
        workspace,
        settings,
        dispose() {
            runner.dispose();
            fake.cleanup();
            fs.rmSync(workspace, { recursive: true, force: true });
        },
    };
}
/** Removes the fake's per-invocation records (they pile up over hundreds of runs). */
function clearInvocations(fake) {
    for (const sub of ['invocations', 'pids']) {
        const dir = path.join(fake.dir, sub);
        for (const n of fs.readdirSync(dir))
            fs.rmSync(path.join(dir, n), { force: true });
    }
}
//# sourceMappingURL=stack.js.map
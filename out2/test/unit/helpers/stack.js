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
exports.createStack = createStack;
const fs = __importStar(require("node:fs"));
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const nodeHost_1 = require("../../../src/node/nodeHost");
const nodeProcessRunner_1 = require("../../../src/node/nodeProcessRunner");
const binaryService_1 = require("../../../src/services/binaryService");
const cursorAgentService_1 = require("../../../src/services/cursorAgentService");
const fakeCli_1 = require("../../fixtures/fakeCli");
const logger_1 = require("./logger");
/** `homeDir`: the user's home folder as the host reports it (default: the real one). */
function createStack(scenario = {}, extraEnv = {}, homeDir) {
    const fake = (0, fakeCli_1.createFakeCli)({ scenario });
    const logger = new logger_1.MemoryLogger();
    const runner = new nodeProcessRunner_1.NodeProcessRunner(logger);
    const env = { ...process.env, ...extraEnv };
    const host = (0, nodeHost_1.nodeHostEnvironment)(env, process.platform, homeDir);
    const workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'ws-'));
    fs.writeFileSync(path.join(workspace, 'app.ts'), 'export const x = 1;\n');
    const stack = {
        fake,
        runner,
        logger,
        workspace,
        env,
        configuredPath: fake.binPath,
        settings: { firstOutputTimeoutMs: 10_000, inactivityTimeoutMs: 10_000, killGraceMs: 500, shortCommandTimeoutMs: 10_000 },
        binary: undefined,
        agent: undefined,
        dispose() {
            runner.dispose();
            fake.cleanup();
            fs.rmSync(workspace, { recursive: true, force: true });
        },
    };
    stack.binary = new binaryService_1.BinaryService((0, nodeHost_1.nodeResolveDeps)(runner, host), (0, nodeHost_1.binaryEnvironment)(host), () => stack.configuredPath, logger);
    stack.agent = new cursorAgentService_1.CursorAgentService(stack.binary, runner, host, () => stack.settings, logger);
    return stack;
}
//# sourceMappingURL=stack.js.map
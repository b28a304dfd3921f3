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
exports.createBackends = createBackends;
exports.createBackendPair = createBackendPair;
exports.acpPidsOf = acpPidsOf;
exports.sessionsAnswered = sessionsAnswered;
/**
 * Both chat backends behind the {@link ChatBackend} seam on one `cursor-agent`
 * (the fake that speaks ACP and print mode, or the user's real CLI for
 * `--real`): the ACP backend over the Node transport, print mode's
 * PrintBackend over the real runner, with the run settings of extension.ts.
 */
const fs = __importStar(require("node:fs"));
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const acpProcess_1 = require("../src/node/acpProcess");
const fakeAcpCli_1 = require("../test/fixtures/acp/fakeAcpCli");
const lib_1 = require("./lib");
const stack_1 = require("./stack");
const nodeHost_1 = require("../src/node/nodeHost");
const nodeProcessRunner_1 = require("../src/node/nodeProcessRunner");
const binaryService_1 = require("../src/services/binaryService");
const backends_1 = require("../src/services/backends");
const cursorAgentService_1 = require("../src/services/cursorAgentService");
const settingsSchema_1 = require("../src/services/settingsSchema");
/**
 * Resolves the binary as the extension does (`configuredPath`, then PATH and the known install
 * places) and builds both backends on it. `cursor-agent acp` is started as extension.ts is expected
 * to: argument array, no shell, the environment allowlist, the 2 s kill grace.
 */
async function createBackends(configuredPath, logger = lib_1.quietLogger) {
    const runner = new nodeProcessRunner_1.NodeProcessRunner(logger);
    const host = (0, nodeHost_1.nodeHostEnvironment)(process.env, process.platform);
    const settings = (0, stack_1.extensionRunSettings)();
    const binary = new binaryService_1.BinaryService((0, nodeHost_1.nodeResolveDeps)(runner, host), (0, nodeHost_1.binaryEnvironment)(host), configuredPath, logger);
    const resolved = await binary.resolve();
    if (!resolved.found) {
        runner.dispose();
        throw new Error(`no usable cursor-agent (${resolved.kind}); set CURSOR_AGENT_PATH or put cursor-agent on PATH`);
    }
    const agent = new cursorAgentService_1.CursorAgentService(binary, runner, host, () => settings, logger);
    // The extension's own wiring (services/backends.ts), ACP chosen: launch plan through the launcher, its bounds from the settings.
    const makeAcp = (idleMinutes = settingsSchema_1.DEFAULT_SETTINGS['acp.idleMinutes']) => {
        const user = { ...settingsSchema_1.DEFAULT_SETTINGS, backend: 'acp', 'acp.idleMinutes': idleMinutes };
        const wired = (0, backends_1.createBackends)({ agent, binary, settings: () => user, runSettings: () => settings, startTransport: (o) => new acpProcess_1.NodeAcpTransport(o), logger });
        ready.push(wired.selector.current()); // resolves the ACP launch plan before the first prepare()
        return wired.acp;
    };
    const ready = [];
    const acps = [makeAcp()];
    await Promise.all(ready);
    return {
        acp: acps[0],
        print: agent.print,
        binPath: resolved.path,
        version: resolved.version,
        async newAcp(idleMinutes) {
            acps.push(makeAcp(idleMinutes));
            await Promise.all(ready);
            return acps[acps.length - 1];
        },
        dispose() {
            for (const b of acps)
                b.dispose();
            agent.print.dispose();
            runner.dispose();
        },
    };
}
/** Both backends on one fake `cursor-agent` (ACP and print mode) in a scratch workspace. */
async function createBackendPair(acpScenario, printScenario) {
    const fake = (0, fakeAcpCli_1.createFakeAcpCli)({ scenario: printScenario, acp: acpScenario });
    const workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'bench-ws-'));
    fs.writeFileSync(path.join(workspace, 'app.ts'), 'export const x = 1;\n');
    const backends = await createBackends(() => fake.binPath);
    return {
        ...backends,
        fake,
        workspace,
        dispose() {
            backends.dispose();
            fake.cleanup();
            fs.rmSync(workspace, { recursive: true, force: true });
        },
    };
}
/**
 * The pids of every `acp` process the fake started (its wire-log files; read without parsing
 * them, since a live process may be half-way through appending a line).
 */
function acpPidsOf(fake) {
    const dir = path.join(fake.dir, 'acp-log');
    if (!fs.existsSync(dir))
        return [];
    return fs.readdirSync(dir).map((n) => Number(n.replace(/\.jsonl$/, ''))).filter((n) => Number.isInteger(n));
}
/** How many `session/new` answers (results carrying a sessionId) the fake process `pid` has sent so far; a line still being written is skipped. */
function sessionsAnswered(fake, pid) {
    let text;
    try {
        text = fs.readFileSync(path.join(fake.dir, 'acp-log', `${pid}.jsonl`), 'utf8');
    }
    catch {
        return 0;
    }
    let n = 0;
    for (const line of text.split('\n')) {
        try {
            const rec = JSON.parse(line);
            if (rec.dir === 'out' && typeof JSON.parse(rec.line).result?.sessionId === 'string')
                n++;
        }
        catch {
            /* the last line may be incomplete */
        }
    }
    return n;
}
//# sourceMappingURL=backendStack.js.map
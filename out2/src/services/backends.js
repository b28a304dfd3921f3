"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ACP_ARGS = void 0;
exports.createBackends = createBackends;
/**
 * Builds the two backends and the selector between them: print mode, and ACP
 * started through the launcher (the same binary resolution, Windows launch
 * plans, environment allowlist; `cursor-agent acp` in the workspace folder,
 * never `--force`), with its support check and its bounds from the settings.
 * Pure: the process comes from the injected `startTransport`.
 */
const acpBackend_1 = require("../acp/acpBackend");
const client_1 = require("../acp/client");
const workspaceGuard_1 = require("../cli/workspaceGuard");
const acpSupport_1 = require("./acpSupport");
const backendSelector_1 = require("./backendSelector");
exports.ACP_ARGS = ['acp'];
/** `initialize` answers in 0.4–0.65 s on real CLIs (6–7 s for a whole start-up on one slow setup): the support check's deadline. */
const INITIALIZE_TIMEOUT_MS = 15_000;
/** How long a turn waits for an unfinished ACP support check before running in print mode. */
const DETECTION_WAIT_MS = 3000;
function createBackends(deps) {
    const { agent, logger } = deps;
    const launcher = agent.launcher;
    const platform = launcher.platform;
    let plan;
    let resolved;
    // A turn's handshake is its first output: it gets the first-output deadline, at most the check's.
    const clientOptions = () => ({
        clientVersion: deps.clientVersion,
        initializeTimeoutMs: Math.min(INITIALIZE_TIMEOUT_MS, deps.runSettings().firstOutputTimeoutMs),
        setupTimeoutMs: deps.runSettings().firstOutputTimeoutMs,
        platform,
    });
    const start = (launch, cwd) => deps.startTransport({ launch, cwd, env: launcher.childEnv(), killGraceMs: deps.runSettings().killGraceMs, platform });
    const acp = new acpBackend_1.AcpBackend({
        start: (cwd) => {
            if (!resolved)
                throw new Error('the ACP launch plan is not resolved yet');
            return start(resolved, cwd);
        },
        get client() {
            return clientOptions();
        },
        get turn() {
            const s = deps.runSettings();
            return { cancelGraceMs: s.killGraceMs, inactivityTimeoutMs: s.inactivityTimeoutMs, log: (m) => logger.debug(m), onNotice: (m) => logger.info(`[acp] ${m}`) };
        },
        logger,
        limits: () => ({ maxProcesses: deps.settings()['acp.maxProcesses'], idleMs: deps.settings()['acp.idleMinutes'] * 60_000 }),
        mayRun: () => selector.acpMayRun(),
    });
    const support = new acpSupport_1.AcpSupport({
        resolve: () => deps.binary.resolve(),
        helpText: async () => (await agent.runShort([...exports.ACP_ARGS, '--help'])).stdout,
        handshake: async () => {
            const client = new client_1.AcpClient(start(await launcher.resolveLaunch(exports.ACP_ARGS), launcher.homeFolder()), clientOptions());
            try {
                return await client.initialize();
            }
            finally {
                client.dispose();
            }
        },
        store: deps.store,
        logger,
    });
    const selector = new backendSelector_1.SettingSelector({
        setting: () => deps.settings().backend,
        print: agent.print,
        acp,
        support,
        readyAcp: async () => {
            const p = (plan ??= launcher.resolveLaunch(exports.ACP_ARGS));
            try {
                resolved = await p;
            }
            catch (err) {
                if (plan === p)
                    plan = undefined;
                throw err;
            }
        },
        canWarm: (workspace) => !(0, workspaceGuard_1.unsafeWorkspace)(workspace, { homeDir: launcher.host.homeDir, platform: launcher.platform, realPath: launcher.host.realPath }),
        logger,
        detectionWaitMs: DETECTION_WAIT_MS,
    });
    // A new binary: new launch plan, processes of the old one end, support checked again.
    deps.binary.onDidChange(() => {
        plan = undefined;
        resolved = undefined;
        selector.binaryChanged();
    });
    return { selector, acp };
}
//# sourceMappingURL=backends.js.map
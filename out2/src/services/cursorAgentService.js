"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CursorAgentService = void 0;
/**
 * Runs `cursor-agent`'s short commands (`status`, `models`) and builds the
 * chat-turn flow over the print-mode backend (or the backends a selector picks).
 * Every failure comes out as a {@link CliError} with a kind.
 */
const args_1 = require("../cli/args");
const errors_1 = require("../cli/errors");
const failureClassifier_1 = require("../cli/failureClassifier");
const status_1 = require("../cli/status");
const backendSelector_1 = require("./backendSelector");
const chatTurn_1 = require("./chatTurn");
const launcher_1 = require("./launcher");
const printBackend_1 = require("./printBackend");
class CursorAgentService {
    runner;
    settings;
    logger;
    /** How every run starts (binary, launch plan, environment, folder). */
    launcher;
    /** The print-mode backend the chat-turn flow runs turns on. */
    print;
    constructor(binary, runner, host, settings, logger) {
        this.runner = runner;
        this.settings = settings;
        this.logger = logger;
        this.launcher = new launcher_1.Launcher(binary, host);
        this.print = new printBackend_1.PrintBackend(this.launcher, runner, settings, logger);
    }
    /** `cursor-agent status --format json` → auth state (never rejects). */
    async status() {
        try {
            const r = await this.runShort((0, args_1.statusArgs)());
            return (0, status_1.parseStatusOutput)(r.stdout, r.stderrTail, r.exitCode);
        }
        catch (err) {
            const e = asCliError(err);
            if (e.kind === 'notInstalled' || e.kind === 'notExecutable' || e.kind === 'ideLauncherOnly')
                return { state: 'notInstalled', error: e };
            if (e.kind === 'keychainLocked')
                return { state: 'keychainLocked' };
            if (e.kind === 'loggedOut')
                return { state: 'loggedOut' };
            return { state: 'error', detail: e.message };
        }
    }
    /** `cursor-agent models` stdout; rejects with a CliError. */
    async modelsText() {
        const r = await this.runShort((0, args_1.modelsArgs)());
        if (r.exitCode !== 0)
            throw (0, failureClassifier_1.classifyFailure)({ exitCode: r.exitCode, stderr: r.stderrTail }, { platform: this.launcher.platform });
        return r.stdout;
    }
    /** Runs a short command to completion in the home folder; rejects with a CliError when it cannot run. */
    async runShort(args) {
        const launch = await this.launcher.resolveLaunch(args);
        const s = this.settings();
        const outcome = await this.runner.run({ launch, cwd: this.launcher.homeFolder(), env: this.launcher.childEnv(), totalTimeoutMs: s.shortCommandTimeoutMs, killGraceMs: s.killGraceMs });
        if (outcome.kind === 'spawnError') {
            this.launcher.binaryFailed();
            throw (0, failureClassifier_1.classifyFailure)({ spawnErrorCode: outcome.spawnErrorCode });
        }
        if (outcome.kind === 'timeout') {
            throw new errors_1.CliError((0, errors_1.describeError)('timeout', { seconds: Math.round(s.shortCommandTimeoutMs / 1000), stage: 'command', detail: args.join(' ') }));
        }
        const stderrKind = outcome.exitCode !== 0 ? (0, failureClassifier_1.classifyFailure)({ exitCode: outcome.exitCode, stderr: outcome.stderrTail }) : undefined;
        if (stderrKind && (stderrKind.kind === 'keychainLocked' || stderrKind.kind === 'ideLauncherOnly'))
            throw stderrKind;
        return outcome;
    }
    /** How to start the CLI with `args` (see {@link Launcher.resolveLaunch}); the login terminal uses it too. */
    resolveLaunch(args) {
        return this.launcher.resolveLaunch(args);
    }
    /** The chat-turn flow over `selector`'s backends (by default print mode only). */
    chatFlow(isTrusted, selector = new backendSelector_1.PrintOnlySelector(this.print), models = {}) {
        return new chatTurn_1.ChatTurnFlow({ selector, logger: this.logger, isTrusted, host: this.launcher.host, ...models });
    }
}
exports.CursorAgentService = CursorAgentService;
function asCliError(err) {
    if (err instanceof errors_1.CliError)
        return err;
    return new errors_1.CliError((0, errors_1.describeError)('unknown', { detail: err instanceof Error ? err.message : String(err) }));
}
//# sourceMappingURL=cursorAgentService.js.map
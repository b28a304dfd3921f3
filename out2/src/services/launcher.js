"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Launcher = void 0;
/**
 * How every `cursor-agent` run starts: the resolved binary → its launch plan
 * (launcher prefix, Windows shims) → the allowlisted environment → the folder
 * it runs in. Used for the status probe and short commands (in the home
 * folder), chat turns (in the workspace), and the Log In / Continue in
 * Terminal terminals.
 */
const env_1 = require("../cli/env");
const errors_1 = require("../cli/errors");
const windowsLaunch_1 = require("../cli/windowsLaunch");
class Launcher {
    binary;
    host;
    constructor(binary, host) {
        this.binary = binary;
        this.host = host;
    }
    get platform() {
        return this.host.platform;
    }
    /**
     * How to start the CLI with `args` (the resolved binary, its launcher prefix,
     * Windows shim handling).
     * @throws CliError when no usable binary exists.
     */
    async resolveLaunch(args) {
        const r = await this.binary.resolve();
        if (!r.found)
            throw new errors_1.CliError((0, errors_1.describeError)(r.kind));
        const planned = (0, windowsLaunch_1.launchCommandFor)(r.path, [...r.argsPrefix, ...args], {
            platform: this.host.platform,
            comSpec: (0, env_1.envValue)(this.host.env, 'ComSpec', this.host.platform),
            systemRoot: (0, env_1.envValue)(this.host.env, 'SystemRoot', this.host.platform),
            fileExists: (p) => this.host.fileExists(p),
            readFile: (p) => this.host.readFile(p),
            listDir: (p) => this.host.listDir(p),
        });
        if (!planned.ok)
            throw new errors_1.CliError((0, errors_1.describeError)('notExecutable', { binary: r.path, detail: planned.reason }));
        return planned.plan;
    }
    /** The child's environment: the allowlist (see cli/env.ts). */
    childEnv() {
        return (0, env_1.buildChildEnv)(this.host.env, this.host.platform);
    }
    /** A terminal's environment: the same allowlist plus what a browser needs. */
    terminalEnv() {
        return (0, env_1.buildTerminalEnv)(this.host.env, this.host.platform);
    }
    /** The user's home folder: where short commands and the login terminal run (never a workspace). */
    homeFolder() {
        return this.host.homeDir;
    }
    /** The binary may be gone (a spawn failed): resolve it again next time. */
    binaryFailed() {
        this.binary.invalidate();
    }
}
exports.Launcher = Launcher;
//# sourceMappingURL=launcher.js.map
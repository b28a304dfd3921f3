"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CliAuthProbe = void 0;
const errors_1 = require("../cli/errors");
/** Readiness = a binary that answers `--version`, and `status --format json` saying logged in. */
class CliAuthProbe {
    binary;
    agent;
    constructor(binary, agent) {
        this.binary = binary;
        this.agent = agent;
    }
    async probe() {
        const r = await this.binary.resolve();
        if (!r.found)
            return { state: 'notInstalled', kind: r.kind, message: (0, errors_1.describeError)(r.kind).message };
        const s = await this.agent.status();
        switch (s.state) {
            case 'loggedIn':
                return { state: 'ready', binary: r.path, version: r.version, ...(s.email ? { email: s.email } : {}) };
            case 'loggedOut':
                return { state: 'loggedOut', ...(s.message ? { message: s.message } : {}) };
            case 'keychainLocked':
                return { state: 'keychainLocked' };
            case 'ideLauncherOnly':
                return { state: 'notInstalled', kind: 'ideLauncherOnly', message: (0, errors_1.describeError)('ideLauncherOnly').message };
            case 'notInstalled':
                return { state: 'notInstalled', kind: s.error.kind, message: s.error.message };
            case 'error':
                return { state: 'error', detail: s.detail };
        }
    }
}
exports.CliAuthProbe = CliAuthProbe;
//# sourceMappingURL=cliAuthProbe.js.map
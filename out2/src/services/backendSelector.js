"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SettingSelector = exports.PrintOnlySelector = void 0;
/** Always print mode: tools and tests outside the chat. */
class PrintOnlySelector {
    print;
    constructor(print) {
        this.print = print;
    }
    current() {
        return Promise.resolve(this.print);
    }
    fallBack() {
        return undefined;
    }
}
exports.PrintOnlySelector = PrintOnlySelector;
class SettingSelector {
    deps;
    /** Why `auto` went to print mode for the rest of the window (an ACP transport failure). */
    fellBackBecause;
    verdictSeen;
    constructor(deps) {
        this.deps = deps;
    }
    async current() {
        const setting = this.deps.setting();
        if (setting === 'print')
            return this.deps.print;
        if (setting === 'auto') {
            if (this.fellBackBecause)
                return this.deps.print;
            const v = await this.verdictWithin(this.deps.detectionWaitMs);
            if (!v?.supported)
                return this.deps.print;
        }
        try {
            await this.deps.readyAcp();
        }
        catch {
            // No binary: print mode reports it exactly as it always has.
            return this.deps.print;
        }
        return this.deps.acp;
    }
    fallBack(failed, reason) {
        if (this.deps.setting() !== 'auto' || failed.id !== 'acp')
            return undefined;
        this.fellBackBecause = reason.slice(0, 300);
        this.deps.logger.warn(`[backend] the ACP connection failed before answering (${this.fellBackBecause}); this window uses print mode from now on`);
        this.deps.acp.dispose();
        return this.deps.print;
    }
    /** Checks ACP support in the background (after the first successful status probe). Never rejects. */
    detectInBackground() {
        if (this.deps.setting() !== 'auto')
            return;
        void this.verdictWithin(Number.POSITIVE_INFINITY);
    }
    /** Prepares a warm ACP session for `workspace` when ACP would run its next turn (never checks support itself). */
    warm(workspace, mode = 'plan') {
        const setting = this.deps.setting();
        if (setting === 'print' || (setting === 'auto' && (this.fellBackBecause || !this.verdictSeen?.supported)))
            return;
        if (!this.deps.canWarm(workspace))
            return;
        this.deps.readyAcp().then(() => this.deps.acp.prepare(workspace, mode), () => undefined);
    }
    /** Whether ACP may run turns (and so keep processes) in this window: not in print mode, not after a fallback. */
    acpMayRun() {
        const setting = this.deps.setting();
        return setting === 'acp' || (setting === 'auto' && !this.fellBackBecause);
    }
    /** `cursorAgent.backend` changed: in print mode the idle ACP processes end now (one running a turn, when the turn ends). */
    settingChanged() {
        if (this.acpMayRun())
            return;
        this.deps.logger.info('[backend] cursorAgent.backend is print: the cursor-agent acp processes of this window end');
        this.deps.acp.endIdle();
    }
    /** The binary changed: every ACP process ends, support is checked again, a fallback is forgotten. */
    binaryChanged() {
        this.deps.acp.dispose();
        this.deps.support.invalidate();
        this.verdictSeen = undefined;
        this.fellBackBecause = undefined;
    }
    /** One line for `/status`: which backend runs turns, and why. */
    describe() {
        const setting = this.deps.setting();
        if (setting === 'print')
            return 'print mode (`cursor-agent -p`, one process per turn), set by `cursorAgent.backend`';
        if (setting === 'acp')
            return 'ACP (`cursor-agent acp`, warm sessions), set by `cursorAgent.backend`';
        if (this.fellBackBecause)
            return `print mode: the ACP connection failed before answering (${this.fellBackBecause}), so this window stays on print mode`;
        const v = this.verdictSeen;
        if (!v)
            return 'checking whether the CLI supports ACP… (print mode until then)';
        return v.supported ? 'ACP (`cursor-agent acp`, warm sessions)' : `print mode (\`cursor-agent -p\`): ${v.reason}`;
    }
    /** Whether ACP runs the next turn, as far as is known without waiting (for `/status`'s usage line). */
    usesAcp() {
        const setting = this.deps.setting();
        if (setting !== 'auto')
            return setting === 'acp';
        return !this.fellBackBecause && this.verdictSeen?.supported === true;
    }
    dispose() {
        this.deps.acp.dispose();
    }
    async verdictWithin(ms) {
        const check = this.deps.support.verdict().then((v) => {
            if (v)
                this.verdictSeen = v;
            return v;
        });
        if (!Number.isFinite(ms))
            return check;
        let timer;
        const late = new Promise((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
        const r = await Promise.race([check, late]);
        clearTimeout(timer);
        if (r === 'late') {
            this.deps.logger.info(`[backend] the ACP support check is still running after ${ms} ms: this turn runs in print mode`);
            return undefined;
        }
        return r;
    }
}
exports.SettingSelector = SettingSelector;
//# sourceMappingURL=backendSelector.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.NodeAcpTransport = void 0;
/**
 * `cursor-agent acp` as an {@link AcpTransport}: one long-lived process,
 * started with an argument array and no shell, in its own process group
 * (POSIX), with the environment allowlist the caller built. Lines in and out
 * as newline-delimited JSON; `kill()` ends the whole tree (SIGTERM, then
 * SIGKILL after a grace period), as for `-p` turns. The CLI does not exit when
 * stdin closes, so the client always ends it.
 */
const child_process_1 = require("child_process");
const ndjson_1 = require("../cli/ndjson");
const processTree_1 = require("./processTree");
const STDERR_TAIL_CHARS = 4000;
class NodeAcpTransport {
    opts;
    child;
    lineListeners = [];
    exitListeners = [];
    exitInfo;
    stderrTail = '';
    killTimer;
    platform;
    pid;
    constructor(opts) {
        this.opts = opts;
        this.platform = opts.platform ?? process.platform;
        let child;
        try {
            child = (0, child_process_1.spawn)(opts.launch.command, opts.launch.args, {
                cwd: opts.cwd,
                env: opts.env,
                shell: false,
                windowsHide: true,
                detached: this.platform !== 'win32',
                windowsVerbatimArguments: opts.launch.windowsVerbatimArguments === true,
                stdio: ['pipe', 'pipe', 'pipe'],
            });
        }
        catch (e) {
            const code = e.code ?? 'EINVAL';
            queueMicrotask(() => this.finish({ code: null, signal: null, spawnErrorCode: code }));
        }
        this.child = child;
        this.pid = child?.pid;
        if (!child)
            return;
        const reader = new ndjson_1.NdjsonLineReader(opts.maxLineBytes);
        child.stdout?.on('data', (chunk) => {
            for (const line of reader.push(chunk))
                for (const l of this.lineListeners)
                    l(line);
        });
        child.stderr?.on('data', (chunk) => {
            this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
        });
        child.stdin?.on('error', () => undefined); // EPIPE after the process went: the exit says what happened
        child.once('error', (e) => {
            if (this.pid === undefined)
                this.finish({ code: null, signal: null, spawnErrorCode: e.code ?? 'EINVAL' });
        });
        child.once('close', (code, signal) => this.finish({ code, signal, ...(this.stderrTail ? { stderrTail: this.stderrTail } : {}) }));
    }
    get exited() {
        return this.exitInfo !== undefined;
    }
    write(line) {
        if (this.exitInfo || !this.child?.stdin || this.child.stdin.destroyed)
            return;
        this.child.stdin.write(line);
    }
    onLine(listener) {
        this.lineListeners.push(listener);
    }
    onExit(listener) {
        if (this.exitInfo)
            listener(this.exitInfo);
        else
            this.exitListeners.push(listener);
    }
    kill() {
        if (this.exitInfo || this.pid === undefined || this.killTimer)
            return;
        const pid = this.pid;
        void (0, processTree_1.killProcessTree)(pid, 'SIGTERM', this.platform);
        this.killTimer = setTimeout(() => void (0, processTree_1.killProcessTree)(pid, 'SIGKILL', this.platform), this.opts.killGraceMs);
    }
    finish(e) {
        if (this.exitInfo)
            return;
        this.exitInfo = e;
        if (this.killTimer)
            clearTimeout(this.killTimer);
        // Anything the agent started in its group goes with it.
        if (this.pid !== undefined && this.platform !== 'win32')
            void (0, processTree_1.killProcessTree)(this.pid, 'SIGKILL', this.platform);
        for (const l of this.exitListeners.splice(0))
            l(e);
    }
}
exports.NodeAcpTransport = NodeAcpTransport;
//# sourceMappingURL=acpProcess.js.map
"use strict";
// What every harness that starts a real VS Code shares (test/host/run.ts, test/ui/): the
// repository's folders, cleanup on every exit path (Ctrl+C included), process groups, log
// lines, ports and small file helpers.
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
exports.liveGroups = exports.cleanups = exports.EXTENSION_ID = exports.outputRoot = exports.repoRoot = void 0;
exports.runCleanups = runCleanups;
exports.setLogPrefix = setLogPrefix;
exports.log = log;
exports.isInterrupted = isInterrupted;
exports.freePort = freePort;
exports.sleep = sleep;
exports.httpOk = httpOk;
exports.writeJson = writeJson;
exports.baseEnv = baseEnv;
exports.killGroup = killGroup;
const fs = __importStar(require("fs"));
const http = __importStar(require("http"));
const net = __importStar(require("net"));
const path = __importStar(require("path"));
exports.repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
exports.outputRoot = path.join(exports.repoRoot, 'test-output');
exports.EXTENSION_ID = 'cursor-vscode-chat.cursor-agent-vscode';
// ---------------------------------------------------------------------------
// cleanup on every exit path
exports.cleanups = new Set();
let interrupted = false;
async function runCleanups() {
    for (const fn of [...exports.cleanups].reverse()) {
        exports.cleanups.delete(fn);
        try {
            await fn();
        }
        catch (err) {
            console.error('[host] cleanup error:', err);
        }
    }
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
        if (interrupted)
            return;
        interrupted = true;
        console.error(`[${logPrefix}] ${sig}: stopping`);
        const code = sig === 'SIGINT' ? 130 : sig === 'SIGTERM' ? 143 : 129;
        const hardStop = setTimeout(() => process.exit(code), 8000);
        hardStop.unref();
        void runCleanups().finally(() => process.exit(code));
    });
}
/** Last resort (synchronous): kill process groups still registered. */
exports.liveGroups = new Set();
process.on('exit', () => {
    for (const pgid of exports.liveGroups) {
        try {
            process.kill(-pgid, 'SIGKILL');
        }
        catch {
            /* already gone */
        }
    }
});
// ---------------------------------------------------------------------------
// helpers
let logPrefix = 'host';
/** The `[host]` prefix of this module's log lines (test/ui/ reuses these helpers under its own name). */
function setLogPrefix(prefix) {
    logPrefix = prefix;
}
function log(msg) {
    console.log(`[${logPrefix}] ${msg}`);
}
/** True once SIGINT/SIGTERM/SIGHUP started the cleanups. */
function isInterrupted() {
    return interrupted;
}
function freePort() {
    return new Promise((resolve, reject) => {
        const srv = net.createServer();
        srv.unref();
        srv.on('error', reject);
        srv.listen(0, '127.0.0.1', () => {
            const addr = srv.address();
            const port = typeof addr === 'object' && addr ? addr.port : 0;
            srv.close(() => resolve(port));
        });
    });
}
function sleep(ms) {
    return new Promise((r) => setTimeout(r, ms));
}
function httpOk(url) {
    return new Promise((resolve) => {
        const req = http.get(url, (res) => {
            res.resume();
            resolve((res.statusCode ?? 500) < 400);
        });
        req.on('error', () => resolve(false));
        req.setTimeout(2000, () => {
            req.destroy();
            resolve(false);
        });
    });
}
function writeJson(file, value) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}
/** Environment for code-server: ours, without variables that would steer it or the host elsewhere. */
function baseEnv() {
    const env = {};
    for (const [k, v] of Object.entries(process.env)) {
        if (/^(VSCODE_|ELECTRON_|CODE_SERVER_|CS_)/.test(k))
            continue;
        if (['PASSWORD', 'HASHED_PASSWORD', 'GITHUB_TOKEN', 'NODE_OPTIONS'].includes(k))
            continue;
        env[k] = v;
    }
    return env;
}
function killGroup(child, name) {
    const pid = child.pid;
    if (!pid)
        return Promise.resolve();
    return new Promise((resolve) => {
        const done = () => {
            // Wait (up to 3 s) until no process of the group is left.
            const until = Date.now() + 3000;
            const poll = () => {
                let alive = true;
                try {
                    process.kill(-pid, 0);
                }
                catch {
                    alive = false;
                }
                if (alive && Date.now() < until) {
                    setTimeout(poll, 50);
                    return;
                }
                if (alive)
                    log(`${name}: process group ${pid} still has members after SIGKILL`);
                exports.liveGroups.delete(pid);
                resolve();
            };
            poll();
        };
        if (child.exitCode !== null || child.signalCode !== null) {
            // The leader is gone, but its group (extension host, fake CLIs) may not be.
            try {
                process.kill(-pid, 'SIGKILL');
            }
            catch {
                /* none left */
            }
            return done();
        }
        const hard = setTimeout(() => {
            try {
                process.kill(-pid, 'SIGKILL');
            }
            catch {
                /* gone */
            }
        }, 3000);
        child.once('exit', () => {
            clearTimeout(hard);
            try {
                process.kill(-pid, 'SIGKILL'); // stragglers in the group
            }
            catch {
                /* none left */
            }
            done();
        });
        try {
            process.kill(-pid, 'SIGTERM');
        }
        catch {
            log(`${name}: process group ${pid} already gone`);
            clearTimeout(hard);
            done();
        }
    });
}
//# sourceMappingURL=common.js.map
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
exports.nodeHostEnvironment = nodeHostEnvironment;
exports.binaryEnvironment = binaryEnvironment;
exports.nodeResolveDeps = nodeResolveDeps;
/**
 * Node adapters for the pure resolution and launch code: file system probes,
 * PATH lookup, and the `--version` probe through the process runner.
 */
const fs = __importStar(require("node:fs"));
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const args_1 = require("../cli/args");
const env_1 = require("../cli/env");
const failureClassifier_1 = require("../cli/failureClassifier");
const redact_1 = require("../cli/redact");
const version_1 = require("../cli/version");
const windowsLaunch_1 = require("../cli/windowsLaunch");
/** The real machine; `homeDir` (default `os.homedir()`) is the one source of the home folder for resolution, the probe, short commands, terminals and the folder guard. */
function nodeHostEnvironment(env = process.env, platform = process.platform, homeDir = os.homedir()) {
    return {
        platform,
        env,
        homeDir,
        realPath: (p) => {
            try {
                return fs.realpathSync.native(p);
            }
            catch {
                return undefined;
            }
        },
        fileExists: (p) => {
            try {
                return fs.statSync(p).isFile();
            }
            catch {
                return false;
            }
        },
        readFile: (p) => {
            try {
                return fs.readFileSync(p, 'utf8').slice(0, 64 * 1024);
            }
            catch {
                return undefined;
            }
        },
        listDir: (p) => {
            try {
                return fs.readdirSync(p);
            }
            catch {
                return undefined;
            }
        },
    };
}
/** Where resolution looks for an installed CLI: the home folder and (Windows) `%LOCALAPPDATA%`, where the installer puts it. */
function binaryEnvironment(host) {
    const localAppData = host.platform === 'win32' ? (0, env_1.envValue)(host.env, 'LOCALAPPDATA', host.platform)?.trim() : undefined;
    return { platform: host.platform, homeDir: host.homeDir, ...(localAppData && path.win32.isAbsolute(localAppData) ? { localAppData } : {}) };
}
/** Resolution dependencies backed by the real file system, PATH and processes. */
function nodeResolveDeps(runner, host, probeTimeoutMs = 10_000) {
    const isWin = host.platform === 'win32';
    const pathValue = () => (0, env_1.envValue)(host.env, 'PATH', host.platform) ?? '';
    return {
        async which(name) {
            // Relative entries (`.`) would resolve against the extension host's folder: never search them.
            // Windows: a Path entry may be in double quotes (`"C:\Program Files (x86)\x"`), as cmd.exe accepts.
            const dirs = pathValue()
                .split(isWin ? ';' : ':')
                .map((d) => (isWin ? d.trim().replace(/^"(.*)"$/, '$1') : d))
                .filter((d) => d && (isWin ? path.win32 : path.posix).isAbsolute(d));
            // In PATHEXT order, `.ps1` last; never the bare name (a POSIX script beside the .cmd, as npm installs it, cannot start on Windows).
            const pathExt = (0, env_1.envValue)(host.env, 'PATHEXT', host.platform) ?? '.COM;.EXE;.BAT;.CMD';
            const exts = isWin ? [...new Set([...pathExt.split(';').map((e) => e.trim().toLowerCase()), '.ps1'])].filter((e) => /^\.[a-z0-9]+$/.test(e)) : [''];
            for (const dir of dirs) {
                for (const ext of exts) {
                    const candidate = (isWin ? path.win32 : path.posix).join(dir, name + ext);
                    try {
                        const st = await fs.promises.stat(candidate);
                        if (!st.isFile())
                            continue;
                        if (!isWin)
                            await fs.promises.access(candidate, fs.constants.X_OK);
                        return candidate;
                    }
                    catch {
                        // not here
                    }
                }
            }
            return undefined;
        },
        async listDir(dir) {
            try {
                return await fs.promises.readdir(dir);
            }
            catch {
                return [];
            }
        },
        async isFile(p) {
            try {
                return (await fs.promises.stat(p)).isFile();
            }
            catch {
                return false;
            }
        },
        async probeVersion(binPath, argsPrefix = []) {
            const planned = (0, windowsLaunch_1.launchCommandFor)(binPath, [...argsPrefix, ...(0, args_1.versionArgs)()], {
                platform: host.platform,
                comSpec: (0, env_1.envValue)(host.env, 'ComSpec', host.platform),
                systemRoot: (0, env_1.envValue)(host.env, 'SystemRoot', host.platform),
                fileExists: host.fileExists,
                readFile: host.readFile,
                listDir: host.listDir,
            });
            if (!planned.ok)
                return { ok: false, reason: planned.reason, kind: 'notExecutable' };
            const out = await runner.run({
                launch: planned.plan,
                cwd: host.homeDir,
                env: (0, env_1.buildChildEnv)(host.env, host.platform),
                totalTimeoutMs: probeTimeoutMs,
            });
            if (out.kind === 'spawnError') {
                const e = (0, failureClassifier_1.classifyFailure)({ spawnErrorCode: out.spawnErrorCode });
                return { ok: false, reason: `${out.spawnErrorCode}: ${e.message}`, kind: e.kind };
            }
            // The IDE launcher without the IDE says so, on stdout or stderr, with any exit code.
            const ide = /^.*No Cursor IDE installation found.*$/im.exec(`${out.stdout}\n${out.stderrTail}`.slice(0, 64 * 1024));
            if (ide)
                return { ok: false, reason: ide[0].trim().slice(0, 300), kind: 'ideLauncherOnly' };
            if (out.kind === 'timeout')
                return { ok: false, reason: `\`--version\` did not answer within ${Math.round(probeTimeoutMs / 1000)} s`, kind: 'timeout' };
            if (out.exitCode !== 0) {
                const e = (0, failureClassifier_1.classifyFailure)({ exitCode: out.exitCode, stderr: out.stderrTail });
                // Shown in /status and "Select Binary…", and logged: the CLI's words are cut and redacted.
                const said = (0, redact_1.redactSecrets)(out.stderrTail.slice(0, 2000).split('\n')[0].slice(0, 300));
                return { ok: false, reason: `\`--version\` failed (exit ${out.exitCode}): ${said || e.message}`, kind: e.kind === 'unknown' ? 'notExecutable' : e.kind };
            }
            const version = (0, version_1.parseVersionOutput)(out.stdout);
            if (!version)
                return { ok: false, reason: '`--version` printed something that is not a version', kind: 'notExecutable' };
            return { ok: true, version };
        },
    };
}
//# sourceMappingURL=nodeHost.js.map
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
exports.MAX_CMD_LINE = void 0;
exports.launchCommandFor = launchCommandFor;
exports.terminalShell = terminalShell;
exports.planKillTree = planKillTree;
exports.findShimNode = findShimNode;
exports.parseShimText = parseShimText;
/**
 * How to start a resolved binary without a shell. Pure (file probes injected);
 * uses `path.win32` so the Windows logic is tested on any OS.
 *
 * On Windows the CLI is a `.cmd`/`.ps1` shim running `versions\<ver>\node.exe
 * index.js`. Node refuses to spawn a `.cmd` without a shell (`EINVAL`, since the
 * CVE-2024-27980 fix), and a shell reopens command injection and makes
 * the pid that of `cmd.exe`. Best first: the shim's own `node.exe index.js`;
 * else `cmd.exe /d /s /c` with every token validated and quoted; `.ps1` through
 * `powershell.exe -File`.
 */
const path = __importStar(require("node:path"));
const win = path.win32;
/** cmd.exe's command line limit is 8,191; keep a margin. */
exports.MAX_CMD_LINE = 8000;
/** Characters cmd.exe interprets even inside quotes, or that break quoting. */
const CMD_UNSAFE = /["%!^&|<>()\x00-\x1f\x7f]/;
const VERSION_DIR = /^\d{4}\.\d{1,2}\.\d{1,2}-[A-Za-z0-9]+$/;
/** Node flags a shim may pass before `index.js` that we can safely repeat. */
const NODE_FLAG = /^--?[A-Za-z][\w-]*(?:=[\w.:/=,+-]*)?$/;
/** The launch plan for `resolvedPath args…`, or why it cannot be started safely. */
function launchCommandFor(resolvedPath, args, deps) {
    if (deps.platform !== 'win32')
        return ok({ command: resolvedPath, args: [...args], description: 'direct' });
    const ext = win.extname(resolvedPath).toLowerCase();
    // The installer's own pair, `versions\<ver>\node.exe` + `index.js`, named by either file.
    const pair = installedPair(resolvedPath, deps);
    if (pair)
        return ok({ command: pair.nodeExe, args: [pair.indexJs, ...args], description: "the installed version's node.exe index.js" });
    if (ext === '.exe' || ext === '.com')
        return ok({ command: resolvedPath, args: [...args], description: 'direct (.exe)' });
    if (ext === '.cmd' || ext === '.bat' || ext === '.ps1') {
        const node = findShimNode(resolvedPath, deps);
        if (node) {
            return ok({ command: node.nodeExe, args: [...node.nodeArgs, node.indexJs, ...args], description: `shim's node.exe directly (${node.how})` });
        }
        return ext === '.ps1' ? powerShellLaunch(resolvedPath, args, deps) : cmdLaunch(resolvedPath, args, deps);
    }
    return { ok: false, reason: `Don't know how to start "${resolvedPath}" on Windows: expected a .exe, .cmd, .bat or .ps1 file, or the index.js of an installed version.` };
}
/**
 * `…\node.exe` with an `index.js` beside it, or `…\index.js` with a `node.exe`
 * beside it: the CLI as the installer unpacks it into `versions\<ver>\`
 * (a user may point `cursorAgent.path` at either file).
 */
function installedPair(file, deps) {
    const base = win.basename(file).toLowerCase();
    if (base !== 'node.exe' && base !== 'index.js')
        return undefined;
    const dir = win.dirname(file);
    const nodeExe = base === 'node.exe' ? file : win.join(dir, 'node.exe');
    const indexJs = base === 'index.js' ? file : win.join(dir, 'index.js');
    return deps.fileExists(nodeExe) && deps.fileExists(indexJs) ? { nodeExe, indexJs } : undefined;
}
/**
 * How to hand a launch plan to an integrated terminal (`shellPath`, `shellArgs`).
 * VS Code's Windows terminal (node-pty) joins an array of `shellArgs` into one
 * command line with the C runtime's rules, escaping every `"` as `\"`, which
 * `cmd.exe` does not understand: the `cmd.exe /d /s /c "…"` plan, already quoted
 * for `cmd.exe`, would arrive quoted twice and fail. A string `shellArgs`
 * (allowed on Windows only) is appended to the command line as it is, so a
 * verbatim plan goes as one string and arrives once-quoted. Pure.
 */
function terminalShell(plan, platform) {
    if (platform === 'win32' && plan.windowsVerbatimArguments === true)
        return { shellPath: plan.command, shellArgs: plan.args.join(' ') };
    return { shellPath: plan.command, shellArgs: [...plan.args] };
}
/**
 * The command that ends a process tree on Windows: `%SystemRoot%\System32\taskkill.exe`
 * by its absolute path (a bare `taskkill` is looked up in the current folder,
 * the workspace, first). Undefined where a process-group kill does it (POSIX),
 * and when `%SystemRoot%` is not an absolute folder: better not to run it than
 * to run whatever a bare name finds.
 */
function planKillTree(pid, platform, systemRoot) {
    if (platform !== 'win32' || !Number.isInteger(pid) || pid <= 0)
        return undefined;
    const root = systemRoot?.trim();
    if (!root || !isDriveOrUncAbsolute(root) || /["\x00-\x1f]/.test(root))
        return undefined;
    return { command: win.join(root, 'System32', 'taskkill.exe'), args: ['/PID', String(pid), '/T', '/F'] };
}
/** The `node.exe` and `index.js` a shim runs: from its text, else from the newest `versions\<ver>` beside it. */
function findShimNode(shimPath, deps) {
    const dir = win.dirname(shimPath);
    const text = deps.readFile?.(shimPath);
    if (text) {
        const parsed = parseShimText(text, dir, win.extname(shimPath).toLowerCase() === '.ps1');
        if (parsed && deps.fileExists(parsed.nodeExe) && deps.fileExists(parsed.indexJs))
            return { ...parsed, how: 'from the shim text' };
    }
    const versions = win.join(dir, 'versions');
    const names = (deps.listDir?.(versions) ?? []).filter((n) => VERSION_DIR.test(n));
    names.sort(compareVersionsDesc);
    for (const name of names) {
        const nodeExe = win.join(versions, name, 'node.exe');
        const indexJs = win.join(versions, name, 'index.js');
        if (deps.fileExists(nodeExe) && deps.fileExists(indexJs))
            return { nodeExe, indexJs, nodeArgs: [], how: `newest version ${name}` };
    }
    return undefined;
}
/**
 * Finds `<…\node.exe> [node flags] <…\index.js>` in a `.cmd` or `.ps1` shim.
 * `%~dp0`, `%dp0%`, `$PSScriptRoot` and simple `set "NAME=value"` variables
 * are resolved against the shim's folder. Undefined when no line has that
 * shape with absolute paths and only plain flags between them.
 */
function parseShimText(text, shimDir, powershell = false) {
    const dirWithSlash = shimDir.endsWith('\\') ? shimDir : shimDir + '\\';
    const vars = new Map();
    const expand = (s) => s
        .replace(/%~dp0/gi, dirWithSlash)
        .replace(/\$PSScriptRoot\b|\$\{PSScriptRoot\}/gi, shimDir)
        .replace(/%([A-Za-z_][\w]*)%/g, (all, name) => vars.get(name.toUpperCase()) ?? all);
    for (const raw of text.split(/\r?\n/)) {
        const set = /^\s*@?set\s+"?([A-Za-z_]\w*)=([^"]*)"?\s*$/i.exec(raw);
        if (set) {
            vars.set(set[1].toUpperCase(), expand(set[2]));
            continue;
        }
        const tokens = tokenize(expand(raw), powershell);
        const n = tokens.findIndex((t) => /(?:^|[\\/])node\.exe$/i.test(t.replace(/^@/, '')));
        if (n < 0)
            continue;
        const j = tokens.findIndex((t, k) => k > n && /(?:^|[\\/])index\.js$/i.test(t));
        if (j < 0)
            continue;
        const nodeExe = win.normalize(tokens[n].replace(/^@/, ''));
        const indexJs = win.normalize(tokens[j]);
        const nodeArgs = tokens.slice(n + 1, j);
        if (!nodeArgs.every((t) => NODE_FLAG.test(t)))
            continue;
        if (![nodeExe, indexJs].every((p) => isDriveOrUncAbsolute(p) && !/[%$"]/.test(p)))
            continue;
        return { nodeExe, indexJs, nodeArgs };
    }
    return undefined;
}
/** Splits a shim line into words; double quotes (and single quotes in PowerShell) group. */
function tokenize(line, powershell) {
    const tokens = [];
    let cur = '';
    let quote;
    let inToken = false;
    for (const c of line) {
        if (quote) {
            if (c === quote)
                quote = undefined;
            else
                cur += c;
        }
        else if (c === '"' || (powershell && c === "'")) {
            quote = c;
            inToken = true;
        }
        else if (/\s/.test(c)) {
            if (inToken)
                tokens.push(cur);
            cur = '';
            inToken = false;
        }
        else {
            cur += c;
            inToken = true;
        }
    }
    if (inToken)
        tokens.push(cur);
    return tokens;
}
function cmdLaunch(shim, args, deps) {
    const cmdExe = pickCmdExe(deps);
    if (!cmdExe)
        return { ok: false, reason: 'Cannot find cmd.exe: %ComSpec% is not an absolute path to cmd.exe and %SystemRoot% is not set.' };
    const tokens = [shim, ...args];
    for (let i = 0; i < tokens.length; i++) {
        const bad = CMD_UNSAFE.exec(tokens[i]);
        if (bad) {
            const what = i === 0 ? 'its path' : `argument ${i} (${JSON.stringify(tokens[i].slice(0, 60))})`;
            return { ok: false, reason: `Cannot run "${shim}" through cmd.exe safely: ${what} contains ${describeChar(bad[0])}.` };
        }
    }
    const line = tokens.map(quoteForCmd).join(' ');
    const cmdArgs = ['/d', '/s', '/c', `"${line}"`];
    const total = `"${cmdExe}" ${cmdArgs.join(' ')}`.length;
    if (total >= exports.MAX_CMD_LINE) {
        return { ok: false, reason: `Cannot run "${shim}" through cmd.exe: the command line would be ${total} characters (limit ${exports.MAX_CMD_LINE}).` };
    }
    return ok({ command: cmdExe, args: cmdArgs, windowsVerbatimArguments: true, description: 'cmd.exe /d /s /c with validated, quoted tokens' });
}
function powerShellLaunch(script, args, deps) {
    const root = deps.systemRoot?.trim();
    // Never a bare `powershell.exe`: Windows searches the current folder (the workspace) first.
    if (!root || !isDriveOrUncAbsolute(root) || /["\x00-\x1f]/.test(root)) {
        return { ok: false, reason: `Cannot run "${script}": %SystemRoot% is not set to an absolute folder, so powershell.exe cannot be located safely.` };
    }
    return ok({
        command: win.join(root, 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe'),
        args: ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-File', script, ...args],
        description: 'powershell.exe -File',
    });
}
function pickCmdExe(deps) {
    const spec = deps.comSpec?.trim();
    if (spec && isDriveOrUncAbsolute(spec) && win.basename(spec).toLowerCase() === 'cmd.exe' && !/["\x00-\x1f]/.test(spec))
        return spec;
    const root = deps.systemRoot?.trim();
    if (root && isDriveOrUncAbsolute(root) && !/["\x00-\x1f]/.test(root))
        return win.join(root, 'System32', 'cmd.exe');
    return undefined;
}
/** `C:\…` or `\\server\…` (not the drive-relative `\…`). */
function isDriveOrUncAbsolute(p) {
    return /^[A-Za-z]:\\|^\\\\[^\\]/.test(p);
}
/**
 * Double quotes for cmd.exe; trailing backslashes are doubled so the shim's
 * `%*` hands node `C:\dir\` rather than an escaped quote.
 */
function quoteForCmd(token) {
    return `"${token.replace(/(\\+)$/, '$1$1')}"`;
}
function describeChar(c) {
    if (c === '\n')
        return 'a newline';
    if (c === '\r')
        return 'a carriage return';
    const code = c.charCodeAt(0);
    if (code < 0x20 || code === 0x7f)
        return `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
    return `the character ${c}`;
}
function compareVersionsDesc(a, b) {
    const pa = a.split(/[.-]/);
    const pb = b.split(/[.-]/);
    for (let i = 0; i < 3; i++) {
        const d = Number(pb[i]) - Number(pa[i]);
        if (d !== 0)
            return d;
    }
    return b < a ? -1 : b > a ? 1 : 0;
}
function ok(plan) {
    return { ok: true, plan };
}
//# sourceMappingURL=windowsLaunch.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.spawnChild = spawnChild;
exports.feedStdin = feedStdin;
exports.errorCode = errorCode;
/**
 * How a run's child is started: an argument array and no shell, its own
 * process group (POSIX, so the whole group can be signalled), the run's
 * marker in its environment, and the prompt on stdin (never in argv, never
 * logged).
 */
const child_process_1 = require("child_process");
const escapedSweep_1 = require("./escapedSweep");
/** Spawns the child; throws what `spawn` throws synchronously (e.g. EINVAL for a .cmd without a shell). */
function spawnChild(request, marker, platform, logger) {
    const { command, args, windowsVerbatimArguments, description } = request.launch;
    // argv only: the prompt travels on stdin and is never logged.
    logger?.debug(`[runner] spawn ${JSON.stringify(command)} ${args.map((a) => JSON.stringify(a)).join(' ')}${description ? ` (${description})` : ''}`);
    return (0, child_process_1.spawn)(command, args, {
        cwd: request.cwd,
        env: { ...request.env, [escapedSweep_1.RUN_MARKER_ENV]: marker },
        shell: false,
        windowsHide: true,
        // POSIX: make the child a process-group leader so the whole group can be signalled.
        detached: platform !== 'win32',
        windowsVerbatimArguments: windowsVerbatimArguments === true,
        stdio: ['pipe', 'pipe', 'pipe'],
    });
}
/** Writes the prompt (if any) to the child's stdin and closes it. */
function feedStdin(child, stdin, pid, logger) {
    child.stdout?.on('error', () => undefined);
    child.stderr?.on('error', () => undefined);
    // EPIPE/ECONNRESET: the CLI exited (or closed stdin) without reading everything.
    child.stdin?.on('error', (e) => logger?.debug(`[runner] pid ${pid} stdin: ${errorCode(e)}`));
    if (stdin !== undefined)
        child.stdin?.end(stdin, 'utf8');
    else
        child.stdin?.end();
}
function errorCode(e) {
    const code = e?.code;
    return typeof code === 'string' ? code : 'UNKNOWN';
}
//# sourceMappingURL=spawnChild.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.signalGroup = signalGroup;
exports.signalPid = signalPid;
exports.signalRef = signalRef;
exports.isAlive = isAlive;
exports.isSameProcess = isSameProcess;
exports.groupExists = groupExists;
/**
 * Signals to one process or one process group, and the `kill(…, 0)` probes
 * that tell whether they still run. A process found earlier is signalled only
 * while it is still that process (Linux: same start time, see ./procfs).
 */
const procfs_1 = require("./procfs");
/** `process.kill(-pgid, signal)`, ignoring "no such group". */
function signalGroup(pgid, signal) {
    try {
        process.kill(-pgid, signal);
        return true;
    }
    catch {
        return false;
    }
}
/** `process.kill(pid, signal)`, ignoring "no such process". */
function signalPid(pid, signal) {
    try {
        process.kill(pid, signal);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * Signals `ref` only if it is still the process that was found: on Linux its
 * start time must match (a pid reused by another process of the user is left
 * alone; a gone or zombie process is skipped). Without /proc, or without a
 * recorded start time, it is signalled by pid. True when a signal was sent.
 */
function signalRef(ref, signal, platform = process.platform) {
    if (!Number.isInteger(ref.pid) || ref.pid <= 0)
        return false;
    if (platform === 'linux' && ref.start !== undefined) {
        const now = (0, procfs_1.readProcStat)(ref.pid);
        if (now === undefined || now.start !== ref.start || now.state === 'Z')
            return false;
    }
    return signalPid(ref.pid, signal);
}
/**
 * True while `pid` is a running process. Zombies count as dead: an orphan that
 * exited may linger unreaped when PID 1 does not reap (containers), yet it
 * holds nothing and can't be killed.
 */
function isAlive(pid, platform = process.platform) {
    if (!Number.isInteger(pid) || pid <= 0)
        return false;
    try {
        process.kill(pid, 0);
    }
    catch (e) {
        // EPERM: it exists but belongs to someone else.
        return e.code === 'EPERM';
    }
    if (platform === 'linux') {
        const stat = (0, procfs_1.readProcStat)(pid);
        if (stat && stat.state === 'Z')
            return false;
    }
    return true;
}
/** True while `ref` runs and is still the process found (Linux: same start time). */
function isSameProcess(ref, platform = process.platform) {
    if (!isAlive(ref.pid, platform))
        return false;
    if (platform !== 'linux' || ref.start === undefined)
        return true;
    return (0, procfs_1.readProcStat)(ref.pid)?.start === ref.start;
}
/** `kill(-pgid, 0)`: the group has a member (zombies included); EPERM means it has. */
function groupExists(pgid) {
    try {
        process.kill(-pgid, 0);
        return true;
    }
    catch (e) {
        return e.code === 'EPERM';
    }
}
//# sourceMappingURL=signals.js.map
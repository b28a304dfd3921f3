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
exports.readProcStat = readProcStat;
exports.hasProcfs = hasProcfs;
exports.refOf = refOf;
exports.descendantRefs = descendantRefs;
exports.walk = walk;
exports.isLiveMember = isLiveMember;
exports.liveGroupMembers = liveGroupMembers;
exports.findByEnvironment = findByEnvironment;
/**
 * Reading /proc (Linux): a process's state, parent, group and start time, the
 * descendants of a process, the members of a group, and the processes whose
 * environment holds an entry. Elsewhere (no /proc) these find nothing.
 *
 * Pids are reused. A pid found is remembered with its start time
 * (/proc/<pid>/stat field 22) so that it can be compared again right before
 * any later signal (see `signalRef` in ./signals).
 */
const fs = __importStar(require("fs"));
/** {@link findByEnvironment}: environments read at a time. */
const ENVIRON_READ_BATCH = 32;
function readProcStat(pid) {
    let text;
    try {
        text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    }
    catch {
        return undefined;
    }
    // "pid (comm) state ppid pgrp ...": comm may contain spaces and parentheses.
    const close = text.lastIndexOf(')');
    if (close < 0)
        return undefined;
    const fields = text.slice(close + 2).split(' ');
    // fields[0] is field 3 (state): field 22 (starttime) is fields[19].
    return { state: fields[0] ?? '', ppid: Number(fields[1]), pgid: Number(fields[2]), start: Number(fields[19]) };
}
/** Whether this system has /proc to walk (Linux). */
function hasProcfs() {
    return fs.existsSync('/proc/self/stat');
}
/**
 * `pid` with its start time (Linux). Undefined on Linux when no such process
 * runs; elsewhere just the pid (nothing to compare later).
 */
function refOf(pid, platform = process.platform) {
    if (platform !== 'linux' || !hasProcfs())
        return { pid };
    const stat = readProcStat(pid);
    return stat && stat.state !== 'Z' ? { pid, start: stat.start } : undefined;
}
/** The pids listed in /proc, or undefined without /proc. */
function procPids() {
    let entries;
    try {
        entries = fs.readdirSync('/proc');
    }
    catch {
        return undefined;
    }
    return entries.filter((name) => /^\d+$/.test(name)).map(Number);
}
/** Descendants of every root (roots excluded) with their start times, from one walk of /proc. */
function descendantRefs(roots) {
    const children = new Map();
    const starts = new Map();
    for (const pid of procPids() ?? []) {
        const stat = readProcStat(pid);
        if (!stat)
            continue;
        starts.set(pid, stat.start);
        const list = children.get(stat.ppid) ?? [];
        list.push(pid);
        children.set(stat.ppid, list);
    }
    return walk(roots, children).map((pid) => ({ pid, start: starts.get(pid) }));
}
/** Breadth-first descendants of `roots` in a parent → children map (roots excluded). */
function walk(roots, children) {
    const out = [];
    const seen = new Set(roots);
    const queue = [...roots];
    while (queue.length > 0) {
        const p = queue.shift();
        for (const c of children.get(p) ?? []) {
            if (!seen.has(c)) {
                seen.add(c);
                out.push(c);
                queue.push(c);
            }
        }
    }
    return out;
}
/** `pid` runs (not a zombie) and is in group `pgid` (Linux, /proc/<pid>/stat). */
function isLiveMember(pid, pgid) {
    const stat = readProcStat(pid);
    return stat !== undefined && stat.state !== 'Z' && stat.pgid === pgid;
}
/** Running (non-zombie) members of group `pgid`, from a walk of /proc; undefined without /proc. */
function liveGroupMembers(pgid) {
    const pids = procPids();
    if (pids === undefined)
        return undefined;
    return pids.filter((pid) => {
        const stat = readProcStat(pid);
        return stat !== undefined && stat.pgid === pgid && stat.state !== 'Z';
    });
}
/**
 * Live processes whose environment holds the entry `name=value` (Linux only;
 * elsewhere empty). A descendant that left the process group (`setsid`) and
 * outlived its parent is reparented and can no longer be found by walking the
 * tree, but it keeps the environment it inherited: the runner marks each
 * child's environment with a value of its own and looks for it at the end.
 * Other users' processes are unreadable and skipped. Reads asynchronously
 * (fs.promises): it reads every process's environment and must never block
 * the extension host's thread.
 */
async function findByEnvironment(name, value, platform = process.platform) {
    if (platform !== 'linux')
        return [];
    let entries;
    try {
        entries = await fs.promises.readdir('/proc');
    }
    catch {
        return [];
    }
    // /proc/<pid>/environ: NUL-terminated `NAME=value` entries.
    const entry = Buffer.from(`${name}=${value}\0`);
    const inside = Buffer.concat([Buffer.from([0]), entry]);
    const pids = entries.filter((n) => /^\d+$/.test(n)).map(Number);
    const matches = [];
    for (let i = 0; i < pids.length; i += ENVIRON_READ_BATCH) {
        const batch = pids.slice(i, i + ENVIRON_READ_BATCH);
        const environs = await Promise.all(batch.map((p) => fs.promises.readFile(`/proc/${p}/environ`).catch(() => undefined)));
        batch.forEach((p, k) => {
            const environ = environs[k];
            if (environ && (environ.subarray(0, entry.length).equals(entry) || environ.includes(inside)))
                matches.push(p);
        });
    }
    // The start time is read after the match: compared before every signal, it stops a reused pid from being hit.
    return matches.flatMap((p) => refOf(p, platform) ?? []);
}
//# sourceMappingURL=procfs.js.map
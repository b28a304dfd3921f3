"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GroupWatch = void 0;
/**
 * Whether a process group still has a live member, checked again and again
 * while a run waits for its tree to end, without walking /proc each time.
 */
const procfs_1 = require("./procfs");
const signals_1 = require("./signals");
/** The least time between two full /proc walks of one group. */
const DEFAULT_GROUP_SCAN_INTERVAL_MS = 250;
/**
 * Repeated "is this group still alive?" checks that stay cheap: `kill(-pgid,
 * 0)`, then (Linux) the leader's and the last seen members' /proc/<pid>/stat.
 * /proc is walked for the group's members only when the group exists but no
 * process known to be in it runs (it may hold nothing but unreaped zombies:
 * containers whose PID 1 reaps late or never): at once when every member the
 * last walk found has ended since, else at most once per `scanIntervalMs`
 * (meanwhile the last walk's "none running" stands). Windows has no process
 * groups: never alive there. A new watch answers from a fresh walk.
 */
class GroupWatch {
    pgid;
    platform;
    scanIntervalMs;
    members = [];
    lastScan = Number.NEGATIVE_INFINITY;
    constructor(pgid, platform = process.platform, scanIntervalMs = DEFAULT_GROUP_SCAN_INTERVAL_MS) {
        this.pgid = pgid;
        this.platform = platform;
        this.scanIntervalMs = scanIntervalMs;
    }
    alive() {
        const { pgid } = this;
        if (this.platform === 'win32' || !Number.isInteger(pgid) || pgid <= 0)
            return false;
        if (!(0, signals_1.groupExists)(pgid)) {
            this.members = [];
            return false;
        }
        if (this.platform !== 'linux')
            return true;
        if ((0, procfs_1.isLiveMember)(pgid, pgid))
            return true;
        const seenBefore = this.members.length > 0;
        this.members = this.members.filter((p) => (0, procfs_1.isLiveMember)(p, pgid));
        if (this.members.length > 0)
            return true;
        const now = Date.now();
        if (!seenBefore && now - this.lastScan < this.scanIntervalMs)
            return false; // the last walk found none running
        this.lastScan = now;
        const found = (0, procfs_1.liveGroupMembers)(pgid);
        if (found === undefined)
            return true; // no /proc: trust kill(0)
        this.members = found;
        return found.length > 0;
    }
}
exports.GroupWatch = GroupWatch;
//# sourceMappingURL=groupWatch.js.map
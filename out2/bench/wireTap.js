"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WireTap = void 0;
const lib_1 = require("./lib");
class WireTap {
    children = [];
    restore;
    /** Off: children already tapped record nothing more. */
    recording = true;
    install() {
        if (this.restore)
            return;
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const cp = require('node:child_process');
        const realSpawn = cp.spawn;
        const children = this.children;
        const self = this;
        cp.spawn = function (...a) {
            const spawnAt = (0, lib_1.nowMs)();
            const child = realSpawn.apply(this, a);
            const rec = { spawnAt, command: String(a[0]), args: Array.isArray(a[1]) ? a[1].map(String) : [], pid: child.pid, writes: [], reads: [] };
            children.push(rec);
            child.stdout?.on('data', (chunk) => {
                if (self.recording)
                    rec.reads.push({ at: (0, lib_1.nowMs)(), text: chunk.toString('utf8') });
            });
            const stdin = child.stdin;
            if (stdin) {
                const write = stdin.write.bind(stdin);
                stdin.write = ((...w) => {
                    if (self.recording)
                        rec.writes.push({ at: (0, lib_1.nowMs)(), text: typeof w[0] === 'string' ? w[0] : Buffer.isBuffer(w[0]) ? w[0].toString('utf8') : '' });
                    return write(...w);
                });
                const end = stdin.end.bind(stdin);
                stdin.end = ((...w) => {
                    if (self.recording && (typeof w[0] === 'string' || Buffer.isBuffer(w[0])))
                        rec.writes.push({ at: (0, lib_1.nowMs)(), text: w[0].toString() });
                    return end(...w);
                });
            }
            return child;
        };
        this.restore = () => {
            cp.spawn = realSpawn;
        };
    }
    /** Restores the real spawn and stops recording (and forgets what was recorded). */
    uninstall() {
        this.recording = false;
        this.clear();
        this.restore?.();
        this.restore = undefined;
    }
    /** Children spawned at or after `since`. */
    spawnedSince(since) {
        return this.children.filter((c) => c.spawnAt >= since);
    }
    /** The first write at or after `since` (to any child) whose text contains `needle`. */
    firstWrite(since, needle) {
        return this.first(since, needle, 'writes');
    }
    /** The first stdout chunk at or after `since` (from any child) whose text contains `needle`. */
    firstRead(since, needle) {
        return this.first(since, needle, 'reads');
    }
    /**
     * Of the time from `from` to `until` (a write of `child`), how much was ours: up to each write
     * since the previous write, or since the agent's last answer chunk before it; the rest was
     * spent waiting on the agent (a set_mode answer, say).
     */
    ownTime(child, from, until) {
        let own = 0;
        let prev = from;
        for (const w of child.writes.filter((x) => x.at >= from && x.at <= until)) {
            const answered = child.reads.filter((r) => r.at > prev && r.at <= w.at).pop();
            own += w.at - (answered ? answered.at : prev);
            prev = w.at;
        }
        return own;
    }
    /** Forgets the chunks and writes recorded so far (they pile up over many turns). */
    clear() {
        for (const c of this.children) {
            c.writes.length = 0;
            c.reads.length = 0;
        }
    }
    first(since, needle, which) {
        let best;
        for (const child of this.children) {
            const hit = child[which].find((r) => r.at >= since && r.text.includes(needle));
            if (hit && (!best || hit.at < best.at))
                best = { at: hit.at, child };
        }
        return best;
    }
}
exports.WireTap = WireTap;
//# sourceMappingURL=wireTap.js.map
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
exports.recordedEvents = recordedEvents;
exports.benchThroughput = benchThroughput;
/**
 * 3. Stream throughput: 50 MB of recorded events (every stream-json sample,
 * repeated) fed in 64 KiB chunks through NdjsonLineReader + TurnParser
 * (envelope and per-type schema validation, text dedupe), in this process.
 * Baseline: split lines (with a UTF-8 decoder) and JSON.parse each, nothing else.
 */
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const node_string_decoder_1 = require("node:string_decoder");
const ndjson_1 = require("../src/cli/ndjson");
const turnParser_1 = require("../src/cli/turnParser");
const lib_1 = require("./lib");
const TOTAL_BYTES = 50 * 1024 * 1024;
const CHUNK = 64 * 1024;
const RUNS = 3;
/** 2 MiB segments, alternating between ours and the baseline. */
const SEGMENT_CHUNKS = 32;
const MB = 1024 * 1024;
/** The recorded events: every `.jsonl` sample, timing prefixes removed. */
function recordedEvents() {
    const dir = path.join((0, lib_1.repoRoot)(), 'test', 'fixtures', 'samples');
    const lines = [];
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort()) {
        for (const raw of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
            if (raw.trim() === '')
                continue;
            const m = /^(\d+(?:\.\d+)?) (.*)$/s.exec(raw);
            lines.push(m ? m[2] : raw);
        }
    }
    return lines.join('\n') + '\n';
}
function buildStream(bytes) {
    const unit = Buffer.from(recordedEvents(), 'utf8');
    const all = Buffer.alloc(Math.ceil(bytes / unit.length) * unit.length);
    for (let off = 0; off < all.length; off += unit.length)
        unit.copy(all, off);
    const chunks = [];
    for (let off = 0; off < all.length; off += CHUNK)
        chunks.push(all.subarray(off, Math.min(all.length, off + CHUNK)));
    return chunks;
}
/** Ours: NdjsonLineReader + TurnParser, fed one segment at a time (state carries over). */
class Ours {
    reader = new ndjson_1.NdjsonLineReader();
    parser = new turnParser_1.TurnParser({ readOnly: true });
    lines = 0;
    texts = 0;
    feed(chunks) {
        for (const c of chunks) {
            for (const line of this.reader.push(c)) {
                this.lines++;
                for (const ev of this.parser.push(line))
                    if (ev.type === 'text')
                        this.texts++;
            }
        }
    }
    end() {
        for (const line of this.reader.end()) {
            this.lines++;
            this.parser.push(line);
        }
    }
}
/** Baseline: split lines and JSON.parse, nothing else. */
class Baseline {
    decoder = new node_string_decoder_1.StringDecoder('utf8');
    pending = '';
    lines = 0;
    sink = 0;
    feed(chunks) {
        for (const c of chunks) {
            const parts = (this.pending + this.decoder.write(c)).split('\n');
            this.pending = parts.pop() ?? '';
            for (const l of parts) {
                if (l.trim() === '')
                    continue;
                const o = JSON.parse(l);
                if (o.type)
                    this.sink++;
                this.lines++;
            }
        }
    }
    end() {
        if (this.pending.trim() !== '')
            this.lines++;
        if (this.sink < 0)
            throw new Error('unreachable');
    }
}
/**
 * One pass over the whole stream by both, alternating every segment (so load
 * from other processes on a small machine hits both alike). Returns ms each.
 */
function pass(chunks) {
    const o = new Ours();
    const b = new Baseline();
    let ourMs = 0;
    let baseMs = 0;
    for (let i = 0; i < chunks.length; i += SEGMENT_CHUNKS) {
        const seg = chunks.slice(i, i + SEGMENT_CHUNKS);
        const odd = (i / SEGMENT_CHUNKS) % 2 === 1;
        for (const side of odd ? ['b', 'o'] : ['o', 'b']) {
            const t0 = (0, lib_1.nowMs)();
            if (side === 'o')
                o.feed(seg);
            else
                b.feed(seg);
            if (side === 'o')
                ourMs += (0, lib_1.nowMs)() - t0;
            else
                baseMs += (0, lib_1.nowMs)() - t0;
        }
    }
    o.end();
    b.end();
    if (o.lines !== b.lines)
        throw new Error(`line counts differ: ours ${o.lines}, baseline ${b.lines}`);
    return { ours: ourMs, base: baseMs, lines: o.lines, texts: o.texts };
}
async function benchThroughput() {
    const chunks = buildStream(TOTAL_BYTES);
    const bytes = chunks.reduce((n, c) => n + c.length, 0);
    pass(chunks.slice(0, 80)); // JIT warm-up
    const ours = [];
    const base = [];
    let lines = 0;
    let texts = 0;
    for (let i = 0; i < RUNS; i++) {
        const r = pass(chunks);
        ours.push(bytes / MB / (r.ours / 1000));
        base.push(bytes / MB / (r.base / 1000));
        lines = r.lines;
        texts = r.texts;
        await new Promise((res) => setImmediate(res));
    }
    const ratio = (0, lib_1.ratioOf)((0, lib_1.median)(ours), (0, lib_1.median)(base)) ?? NaN;
    return [
        {
            name: 'stream_throughput',
            value: (0, lib_1.round)((0, lib_1.median)(ours), 1),
            unit: 'MB/s',
            baseline: (0, lib_1.round)((0, lib_1.median)(base), 1),
            ratio: (0, lib_1.round)(ratio, 3),
            target: 'ratio >= 0.5 (at least half the baseline speed)',
            met: ratio >= 0.5,
            p95: null,
            runs: RUNS,
            detail: `${(bytes / MB).toFixed(0)} MB, ${lines} lines, ${texts} text events per run; ` +
                `ours ${ours.map((x) => x.toFixed(0)).join('/')} MB/s, baseline ${base.map((x) => x.toFixed(0)).join('/')} MB/s`,
        },
    ];
}
//# sourceMappingURL=throughput.js.map
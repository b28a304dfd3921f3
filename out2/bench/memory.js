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
exports.benchMemory = benchMemory;
/**
 * 4. Memory: peak memory growth of the process running a turn that streams
 * 100 MB and 200 MB of events. Each turn runs in a forked worker
 * (bench/memoryWorker.ts) so the rest of the bench does not pollute it.
 * The stream is a long *agent* turn (scenario longAgentTurn): rounds of
 * thinking deltas, a one-line narration and a file read with an 8 KiB result,
 * then the final answer; the answer text itself stays small (a few hundred KB),
 * as in a real long turn, where the bulk of the bytes is tool traffic.
 * Baseline: the same worker spawning the same fake directly and discarding stdout.
 */
const node_child_process_1 = require("node:child_process");
const path = __importStar(require("node:path"));
const lib_1 = require("./lib");
const MB = 1024 * 1024;
const LENGTHS = [100 * MB, 200 * MB];
const TARGET_MB = 20;
const RUNS = 3;
/** Text-only streams (for reference): their recap and result lines must stay under the reader's 16 MiB line limit. */
const TEXT_LENGTHS = [4 * MB, 8 * MB];
function runWorker(mode, bytes, shape = 'agent') {
    return new Promise((resolve, reject) => {
        const child = (0, node_child_process_1.fork)(path.join(__dirname, 'memoryWorker.js'), [mode, String(bytes), shape], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
        let report;
        child.on('message', (m) => (report = m));
        child.on('error', reject);
        child.on('exit', (code) => (report ? resolve(report) : reject(new Error(`memory worker (${mode}, ${bytes}) exited ${code} without a report`))));
    });
}
async function benchMemory() {
    const out = [];
    const heapAt = [];
    const rssAt = [];
    for (const bytes of LENGTHS) {
        const base = await runWorker('bare', bytes);
        const runs = [];
        for (let i = 0; i < RUNS; i++)
            runs.push(await runWorker('ours', bytes));
        const rss = (0, lib_1.median)(runs.map((r) => r.rssGrowth)) / MB;
        const heap = (0, lib_1.median)(runs.map((r) => r.heapGrowth)) / MB;
        rssAt.push(rss);
        heapAt.push(heap);
        const o = runs[0];
        out.push({
            name: `memory_peak_rss_growth_${bytes / MB}MB`,
            value: (0, lib_1.round)(rss, 1),
            unit: 'MB',
            baseline: (0, lib_1.round)(base.rssGrowth / MB, 1),
            ratio: (0, lib_1.round)((0, lib_1.ratioOf)(rss, base.rssGrowth / MB), 2),
            target: `< ${TARGET_MB} MB`,
            met: rss < TARGET_MB,
            runs: RUNS,
            detail: `ours (median of ${RUNS} workers): rss +${runs.map((r) => (r.rssGrowth / MB).toFixed(1)).join('/')} MB, ` +
                `heapUsed peak +${runs.map((r) => (r.heapGrowth / MB).toFixed(1)).join('/')} MB, external +${(o.externalGrowth / MB).toFixed(1)} MB, ` +
                `retained after GC ${(o.retainedHeap / MB).toFixed(2)} MB, ${o.textChars} answer chars, ${(o.durationMs / 1000).toFixed(1)} s; ` +
                `bare: rss +${(base.rssGrowth / MB).toFixed(1)} MB, heapUsed +${(base.heapGrowth / MB).toFixed(1)} MB, ` +
                `${(base.stdoutBytes / MB).toFixed(0)} MB read in ${(base.durationMs / 1000).toFixed(1)} s`,
        });
    }
    // RSS moves by a few MB from run to run (page reuse, GC timing); the V8 heap is what this code controls.
    const delta = heapAt[1] - heapAt[0];
    out.push({
        name: 'memory_growth_length_dependence',
        value: (0, lib_1.round)(delta, 1),
        unit: 'MB',
        baseline: (0, lib_1.round)(heapAt[0], 1),
        ratio: (0, lib_1.round)((0, lib_1.ratioOf)(heapAt[1], heapAt[0]), 2),
        target: 'independent of length: peak heapUsed growth at 200 MB - at 100 MB < 5 MB',
        met: delta < 5,
        runs: RUNS,
        detail: `peak heapUsed growth ${heapAt[0].toFixed(1)} MB at 100 MB vs ${heapAt[1].toFixed(1)} MB at 200 MB; peak RSS growth ${rssAt[0].toFixed(1)} vs ${rssAt[1].toFixed(1)} MB (medians)`,
    });
    // For reference: a stream that is all assistant text. The answer itself must be kept (it is
    // shown and returned), so growth here follows the answer's length by design; no target.
    for (const bytes of TEXT_LENGTHS) {
        const o = await runWorker('ours', bytes, 'text');
        out.push({
            name: `memory_text_only_answer_${bytes / MB}MB`,
            value: (0, lib_1.round)(o.rssGrowth / MB, 1),
            unit: 'MB',
            baseline: (0, lib_1.round)(bytes / MB, 1),
            ratio: (0, lib_1.round)(o.rssGrowth / bytes, 2),
            target: null,
            met: null,
            runs: 1,
            detail: `longStream of ${bytes / MB} MB of assistant deltas (then a recap and a result each carrying the whole answer): ` +
                `heapUsed peak +${(o.heapGrowth / MB).toFixed(1)} MB, retained after GC ${(o.retainedHeap / MB).toFixed(2)} MB, ${o.textChars} answer chars; ` +
                `baseline = the answer's size`,
        });
    }
    return out;
}
//# sourceMappingURL=memory.js.map
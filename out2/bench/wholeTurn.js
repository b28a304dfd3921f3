"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.benchWholeTurn = benchWholeTurn;
/**
 * 2. Whole-turn overhead: a recorded turn replayed with its timing scaled to
 * about 2 s; our wall time (turn requested → printTurn() resolved, process tree
 * settled) over the bare process's wall time (spawn → 'close').
 */
const lib_1 = require("./lib");
const bare_1 = require("./bare");
const stack_1 = require("./stack");
const printTurn_1 = require("../test/support/printTurn");
const SAMPLE = 'senpi-stream-partial-thinking-success.jsonl';
/** The sample's last line is at 11.410 s. */
const SCALE = 2.0 / 11.41;
const WARMUP = 1;
const RUNS = 8;
const TARGET_RATIO = 1.02;
async function benchWholeTurn() {
    const stack = (0, stack_1.createBenchStack)({ turn: { kind: 'replay', sample: SAMPLE, timing: SCALE } });
    try {
        const prompt = 'Reply with exactly: STREAMTEST OK and nothing else, then a 15-word sentence about coffee.';
        const bare = (0, bare_1.bareTurn)(stack.fake.binPath, stack.workspace, prompt);
        const ours = [];
        const base = [];
        const pairRatios = [];
        const runOurs = async () => {
            const t0 = (0, lib_1.nowMs)();
            const r = await (0, printTurn_1.printTurn)(stack.agent, { workspace: stack.workspace, mode: 'plan', prompt, onEvent: () => undefined });
            if (!r.text)
                throw new Error('replayed turn produced no text');
            return (0, lib_1.nowMs)() - t0;
        };
        const runBase = async () => (await (0, bare_1.runBare)(bare)).wallMs;
        for (let i = 0; i < WARMUP + RUNS; i++) {
            let o;
            let b;
            if (i % 2 === 0) {
                o = await runOurs();
                b = await runBase();
            }
            else {
                b = await runBase();
                o = await runOurs();
            }
            if (i < WARMUP)
                continue;
            ours.push(o);
            base.push(b);
            pairRatios.push(o / b);
        }
        // Each run is paired with the bare run next to it: the median of those ratios resists load from other processes.
        const ratio = (0, lib_1.median)(pairRatios);
        return [
            {
                name: 'whole_turn_wall',
                value: (0, lib_1.round)((0, lib_1.median)(ours), 1),
                unit: 'ms',
                baseline: (0, lib_1.round)((0, lib_1.median)(base), 1),
                ratio: (0, lib_1.round)(ratio, 4),
                target: `ratio < ${TARGET_RATIO}`,
                met: ratio < TARGET_RATIO,
                p95: (0, lib_1.round)((0, lib_1.p95)(ours), 1),
                runs: RUNS,
                detail: `replay of ${SAMPLE} scaled to ~2 s; ratio = median of ${RUNS} paired ratios (ratio of medians ${((0, lib_1.ratioOf)((0, lib_1.median)(ours), (0, lib_1.median)(base)) ?? NaN).toFixed(4)}); ` +
                    `ours ${ours.map((x) => x.toFixed(0)).join('/')} ms, bare ${base.map((x) => x.toFixed(0)).join('/')} ms`,
            },
        ];
    }
    finally {
        stack.dispose();
    }
}
//# sourceMappingURL=wholeTurn.js.map
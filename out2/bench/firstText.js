"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.benchFirstText = benchFirstText;
const lib_1 = require("./lib");
const bare_1 = require("./bare");
const stack_1 = require("./stack");
const printTurn_1 = require("../test/support/printTurn");
const WARMUP = 5;
const RUNS = 80;
const TARGET_MS = 5;
async function benchFirstText() {
    const stack = (0, stack_1.createBenchStack)({ turn: { kind: 'firstTextImmediately' } });
    try {
        const prompt = 'What does app.ts export?';
        const bare = (0, bare_1.bareTurn)(stack.fake.binPath, stack.workspace, prompt);
        const ours = [];
        const base = [];
        const diffs = [];
        // Where our time goes, from the same runs: every spawn is timestamped, and so is
        // the first stdout chunk (a listener added before the runner's own, so it fires first).
        // Instrumentation only: the real spawn runs unchanged.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const cp = require('node:child_process');
        const realSpawn = cp.spawn;
        let spawnAt = NaN;
        let dataAt = NaN;
        const beforeSpawn = [];
        const afterData = [];
        const runOurs = async () => {
            let first;
            spawnAt = NaN;
            dataAt = NaN;
            cp.spawn = function (...a) {
                spawnAt = (0, lib_1.nowMs)();
                const child = realSpawn.apply(this, a);
                child.stdout?.once('data', () => (dataAt = (0, lib_1.nowMs)()));
                return child;
            };
            const t0 = (0, lib_1.nowMs)();
            await (0, printTurn_1.printTurn)(stack.agent, {
                workspace: stack.workspace,
                mode: 'plan',
                prompt,
                onEvent: (e) => {
                    if (e.type === 'text' && first === undefined)
                        first = (0, lib_1.nowMs)() - t0;
                },
            });
            cp.spawn = realSpawn;
            if (first === undefined)
                throw new Error('no text event');
            beforeSpawn.push(spawnAt - t0);
            afterData.push(t0 + first - dataAt);
            return first;
        };
        const runBase = async () => {
            const r = await (0, bare_1.runBare)(bare);
            if (r.firstLineMs === undefined)
                throw new Error('bare run printed no line');
            return r.firstLineMs;
        };
        for (let i = 0; i < WARMUP + RUNS; i++) {
            // Alternate the order so drift (page cache, CPU frequency) hits both sides alike.
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
            if (i < WARMUP) {
                beforeSpawn.length = 0;
                afterData.length = 0;
                continue;
            }
            ours.push(o);
            base.push(b);
            diffs.push(o - b);
        }
        const md = (0, lib_1.median)(diffs);
        const inProcess = beforeSpawn.map((b, i) => b + afterData[i]);
        return [
            {
                name: 'first_text_overhead',
                value: (0, lib_1.round)(md, 2),
                unit: 'ms',
                baseline: (0, lib_1.round)((0, lib_1.median)(base), 2),
                ratio: (0, lib_1.round)((0, lib_1.ratioOf)((0, lib_1.median)(ours), (0, lib_1.median)(base)), 3),
                target: `median difference < ${TARGET_MS} ms`,
                met: md < TARGET_MS,
                p95: (0, lib_1.round)((0, lib_1.p95)(diffs), 2),
                runs: RUNS,
                detail: `ours: first text event at median ${(0, lib_1.median)(ours).toFixed(1)} ms (p95 ${(0, lib_1.p95)(ours).toFixed(1)}); ` +
                    `bare: first stdout line at median ${(0, lib_1.median)(base).toFixed(1)} ms (p95 ${(0, lib_1.p95)(base).toFixed(1)}); ` +
                    `value = median of paired differences (it includes the run-to-run spread of starting a node process; see first_text_in_process)`,
            },
            {
                name: 'first_text_in_process',
                value: (0, lib_1.round)((0, lib_1.median)(inProcess), 3),
                unit: 'ms',
                baseline: (0, lib_1.round)((0, lib_1.median)(base), 2),
                ratio: (0, lib_1.round)((0, lib_1.ratioOf)((0, lib_1.median)(inProcess), (0, lib_1.median)(base)), 4),
                target: `< ${TARGET_MS} ms`,
                met: (0, lib_1.median)(inProcess) < TARGET_MS,
                p95: (0, lib_1.round)((0, lib_1.p95)(inProcess), 3),
                runs: RUNS,
                detail: `the part of the first-text latency spent in our code, from the same runs: ` +
                    `printTurn() called → spawn() median ${(0, lib_1.median)(beforeSpawn).toFixed(3)} ms (p95 ${(0, lib_1.p95)(beforeSpawn).toFixed(3)}), ` +
                    `first stdout chunk → text event median ${(0, lib_1.median)(afterData).toFixed(3)} ms (p95 ${(0, lib_1.p95)(afterData).toFixed(3)}); ` +
                    `the rest is the CLI starting`,
            },
        ];
    }
    finally {
        stack.dispose();
    }
}
//# sourceMappingURL=firstText.js.map
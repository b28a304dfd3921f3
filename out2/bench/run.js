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
exports.verdict = verdict;
exports.closingLine = closingLine;
exports.renderTable = renderTable;
/**
 * `npm run bench`: runs every benchmark in bench/README.md against the fake
 * CLI, one after the other (they measure wall time; running them in parallel
 * on a small machine would measure contention), prints one table and writes
 * the same figures to bench/results.json. Benchmarks report; a missed target
 * never makes this exit non-zero (only a crash of the runner itself does).
 *
 * `node out/bench/run.js <name>...` runs only the named benchmarks (see BENCHES).
 * `npm run bench -- --real [--turns N] [--prompt TEXT]` compares both backends on
 * the user's real, signed-in cursor-agent instead (bench/real.ts; never in CI).
 */
const fs = __importStar(require("node:fs"));
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const lib_1 = require("./lib");
const firstText_1 = require("./firstText");
const wholeTurn_1 = require("./wholeTurn");
const throughput_1 = require("./throughput");
const memory_1 = require("./memory");
const conversation_1 = require("./conversation");
const activation_1 = require("./activation");
const catalog_1 = require("./catalog");
const stop_1 = require("./stop");
const backends_1 = require("./backends");
const realArgs_1 = require("./realArgs");
const real_1 = require("./real");
const BENCHES = [
    ['firstText', firstText_1.benchFirstText],
    ['wholeTurn', wholeTurn_1.benchWholeTurn],
    ['throughput', throughput_1.benchThroughput],
    ['memory', memory_1.benchMemory],
    ['conversation', conversation_1.benchConversation],
    ['activation', activation_1.benchActivation],
    ['catalog', catalog_1.benchCatalog],
    ['stop', stop_1.benchStop],
    ['backends', backends_1.benchBackends],
];
function fmt(x) {
    if (x === null || x === undefined || !Number.isFinite(x))
        return '-';
    if (Math.abs(x) >= 1000)
        return x.toFixed(0);
    if (Math.abs(x) >= 100)
        return x.toFixed(1);
    return String(Math.round(x * 1000) / 1000);
}
/**
 * A figure with a target but no value, or whose verdict could not be established (`met` null),
 * was not measured: it is neither met nor missed.
 */
function verdict(e) {
    if (e.target === null)
        return '-';
    if (e.value === null || !Number.isFinite(e.value) || e.met === null)
        return 'not measured';
    return e.met ? 'yes' : 'NO';
}
/** The closing line: targets met, missed and not measured, each counted apart (a figure without a value is never "met"). */
function closingLine(entries) {
    const withTarget = entries.filter((e) => e.target !== null);
    const met = withTarget.filter((e) => verdict(e) === 'yes');
    const missed = withTarget.filter((e) => verdict(e) === 'NO');
    const unmeasured = withTarget.filter((e) => verdict(e) === 'not measured');
    const why = (e) => `${e.name}: ${(e.detail ?? 'no value').slice(0, 160)}`;
    return (`bench: ${met.length} of ${withTarget.length} targets met` +
        (missed.length ? `, ${missed.length} missed (${missed.map((e) => e.name).join(', ')})` : '') +
        (unmeasured.length ? `, ${unmeasured.length} not measured (${unmeasured.map(why).join('; ')})` : ''));
}
function renderTable(entries) {
    const head = ['benchmark', 'median', 'p95', 'unit', 'baseline', 'ratio', 'target', 'met'];
    const rows = entries.map((e) => [
        e.name,
        fmt(e.value),
        fmt(e.p95),
        e.unit,
        fmt(e.baseline),
        fmt(e.ratio),
        e.target ?? '-',
        verdict(e),
    ]);
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells) => cells.map((c, i) => (i === 0 || i >= 6 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
    return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
async function main() {
    const args = (0, realArgs_1.parseBenchArgs)(process.argv.slice(2));
    if (args.mode === 'error') {
        console.error(`[bench] ${args.message}`);
        return 1;
    }
    if (args.mode === 'real')
        return (0, real_1.runReal)(args.turns, args.prompt);
    const only = args.names;
    const selected = BENCHES.filter(([n]) => only.length === 0 || only.includes(n));
    if (selected.length === 0)
        throw new Error(`no benchmark named ${only.join(', ')}; known: ${BENCHES.map(([n]) => n).join(', ')}`);
    const entries = [];
    const started = (0, lib_1.nowMs)();
    const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
    const environment = { node: process.version, platform: `${process.platform} ${os.arch()}`, cpus: os.cpus().length, loadAverageAtStart: load(), loadAverageAtEnd: '' };
    console.log(`[bench] node ${process.version}, ${environment.cpus} CPUs, load average ${environment.loadAverageAtStart}`);
    for (const [name, bench] of selected) {
        const t0 = (0, lib_1.nowMs)();
        process.stdout.write(`[bench] ${name}…`);
        try {
            const got = await bench();
            entries.push(...got);
            process.stdout.write(` ${(((0, lib_1.nowMs)() - t0) / 1000).toFixed(1)} s\n`);
        }
        catch (err) {
            const why = err instanceof Error ? err.message : String(err);
            process.stdout.write(` FAILED: ${why}\n`);
            entries.push({ name, value: null, unit: '-', baseline: null, ratio: null, target: 'the benchmark runs', met: null, detail: `benchmark failed, not measured: ${why}` });
        }
    }
    console.log('');
    console.log(renderTable(entries));
    console.log('');
    for (const e of entries)
        if (e.detail)
            console.log(`${e.name}: ${e.detail}`);
    environment.loadAverageAtEnd = load();
    const file = path.join((0, lib_1.repoRoot)(), 'bench', 'results.json');
    fs.writeFileSync(file, JSON.stringify({ benchmarks: entries, environment }, null, 2) + '\n');
    console.log('');
    console.log(`[bench] ${entries.length} figures in ${(((0, lib_1.nowMs)() - started) / 1000).toFixed(0)} s; ` +
        `load average at the end ${environment.loadAverageAtEnd}; written to ${path.relative(process.cwd(), file) || file}`);
    console.log(closingLine(entries));
    return 0;
}
if (require.main === module)
    main().then((code) => process.exit(code), (err) => {
        console.error(`[bench] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        process.exit(1);
    });
//# sourceMappingURL=run.js.map
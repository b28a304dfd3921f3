"use strict";
/**
 * `npm run bench` arguments and the report of the real-CLI comparison
 * (`npm run bench -- --real [--turns N] [--prompt TEXT]`). Pure: no
 * processes, no files, so it is unit-tested.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.DEFAULT_REAL_PROMPT = exports.MAX_REAL_TURNS = exports.DEFAULT_REAL_TURNS = void 0;
exports.parseBenchArgs = parseBenchArgs;
exports.refuseReal = refuseReal;
exports.duration = duration;
exports.formatRealReport = formatRealReport;
exports.DEFAULT_REAL_TURNS = 5;
exports.MAX_REAL_TURNS = 50;
exports.DEFAULT_REAL_PROMPT = 'Reply with one short sentence: what is 2 + 2?';
const USAGE = 'usage: npm run bench [-- <benchmark>...]   or   npm run bench -- --real [--turns N] [--prompt TEXT]';
function parseBenchArgs(argv) {
    const names = [];
    let real = false;
    let turns;
    let prompt;
    for (let i = 0; i < argv.length; i++) {
        const a = argv[i];
        const eq = a.indexOf('=');
        const [flag, inline] = a.startsWith('--') && eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
        if (flag === '--real')
            real = true;
        else if (flag === '--turns' || flag === '--prompt') {
            const value = inline ?? argv[++i];
            if (value === undefined)
                return { mode: 'error', message: `${flag} needs a value; ${USAGE}` };
            if (flag === '--prompt')
                prompt = value;
            else {
                turns = Number(value);
                if (!Number.isInteger(turns) || turns < 1 || turns > exports.MAX_REAL_TURNS)
                    return { mode: 'error', message: `--turns takes a whole number from 1 to ${exports.MAX_REAL_TURNS}, not "${value}"` };
            }
        }
        else if (a.startsWith('-'))
            return { mode: 'error', message: `unknown option ${a}; ${USAGE}` };
        else
            names.push(a);
    }
    if (!real) {
        if (turns !== undefined || prompt !== undefined)
            return { mode: 'error', message: `--turns and --prompt go with --real; ${USAGE}` };
        return { mode: 'fakes', names };
    }
    if (names.length)
        return { mode: 'error', message: `--real runs its own comparison, not named benchmarks (${names.join(', ')}); ${USAGE}` };
    if (prompt !== undefined && prompt.trim() === '')
        return { mode: 'error', message: '--prompt needs some text' };
    return { mode: 'real', turns: turns ?? exports.DEFAULT_REAL_TURNS, prompt: prompt ?? exports.DEFAULT_REAL_PROMPT };
}
/** Why the real comparison must not run here, or undefined: never in CI (it needs a signed-in account and spends its requests). */
function refuseReal(env) {
    const ci = env.CI;
    if (ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0') {
        return 'npm run bench -- --real uses your signed-in cursor-agent and your account\'s requests; it never runs in CI (CI is set). Run it on your own machine.';
    }
    return undefined;
}
/** `850 ms`, `4.12 s`. */
function duration(ms) {
    if (ms === undefined || !Number.isFinite(ms))
        return '-';
    return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
function medianOf(xs) {
    const s = xs.filter((x) => x !== undefined && Number.isFinite(x)).sort((a, b) => a - b);
    if (s.length === 0)
        return undefined;
    const mid = (s.length - 1) / 2;
    return (s[Math.floor(mid)] + s[Math.ceil(mid)]) / 2;
}
function table(rows) {
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd());
}
/** The report: one line per turn with both backends side by side, then medians of turn 1 and of the later turns. */
function formatRealReport(run) {
    const n = Math.max(run.print.length, run.acp.length);
    const head = ['turn', 'print first text', 'print total', 'print processes', 'acp first text', 'acp total', 'acp processes'];
    const cells = (t) => (t ? [duration(t.firstTextMs), duration(t.totalMs), String(t.processes)] : ['-', '-', '-']);
    const rows = [head];
    for (let i = 0; i < n; i++)
        rows.push([String(i + 1), ...cells(run.print[i]), ...cells(run.acp[i])]);
    const med = (label, from, to) => {
        const pick = (ts, f) => medianOf(ts.slice(from, to).filter((t) => !t.error).map(f));
        const procs = (ts) => {
            const m = pick(ts, (t) => t.processes);
            return m === undefined ? '-' : String(m);
        };
        const side = (ts) => [duration(pick(ts, (t) => t.firstTextMs)), duration(pick(ts, (t) => t.totalMs)), procs(ts)];
        return [label, ...side(run.print), ...side(run.acp)];
    };
    if (n > 2)
        rows.push(med(`median 2–${n}`, 1, n));
    const sum = (ts) => ['', duration(ts.reduce((x, t) => x + t.totalMs, 0)), String(ts.reduce((x, t) => x + t.processes, 0))];
    rows.push([`all ${n}`, ...sum(run.print), ...sum(run.acp)]);
    const prepared = run.acpPrepareMs === undefined ? (run.acpPrepareNote ?? '-') : duration(run.acpPrepareMs);
    const lines = [
        `cursor-agent: ${run.cli}${run.version ? ` (${run.version})` : ''}`,
        `workspace: ${run.workspace} (a scratch folder, plan mode, removed afterwards)`,
        `prompt (${n} turns in one chat per backend, turns alternating between the backends): ${JSON.stringify(run.prompt)}`,
        `acp: one process started, initialize and session/new before turn 1 (done ahead, as when the chat view opens): ${prepared}`,
        '',
        ...table(rows),
    ];
    const errors = [...run.print.map((t, i) => ['print', i, t]), ...run.acp.map((t, i) => ['acp', i, t])].filter(([, , t]) => t.error);
    if (errors.length)
        lines.push('', ...errors.map(([b, i, t]) => `${b} turn ${i + 1} failed: ${t.error}`));
    if (run.acpRssMb !== undefined)
        lines.push('', `cursor-agent acp process RSS after the last turn: ${run.acpRssMb.toFixed(0)} MB (print mode keeps no process between turns)`);
    return lines.join('\n');
}
//# sourceMappingURL=realArgs.js.map
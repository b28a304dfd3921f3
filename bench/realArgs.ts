/**
 * `npm run bench` arguments and the report of the real-CLI comparison
 * (`npm run bench -- --real [--turns N] [--prompt TEXT]`). Pure: no
 * processes, no files, so it is unit-tested.
 */

export const DEFAULT_REAL_TURNS = 5;
export const MAX_REAL_TURNS = 50;
export const DEFAULT_REAL_PROMPT = 'Reply with one short sentence: what is 2 + 2?';

export type BenchArgs = { mode: 'fakes'; names: string[] } | { mode: 'real'; turns: number; prompt: string } | { mode: 'error'; message: string };

const USAGE = 'usage: npm run bench [-- <benchmark>...]   or   npm run bench -- --real [--turns N] [--prompt TEXT]';

export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const names: string[] = [];
  let real = false;
  let turns: number | undefined;
  let prompt: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a!.indexOf('=');
    const [flag, inline] = a!.startsWith('--') && eq > 0 ? [a!.slice(0, eq), a!.slice(eq + 1)] : [a, undefined];
    if (flag === '--real') real = true;
    else if (flag === '--turns' || flag === '--prompt') {
      const value = inline ?? argv[++i];
      if (value === undefined) return { mode: 'error', message: `${flag} needs a value; ${USAGE}` };
      if (flag === '--prompt') prompt = value;
      else {
        turns = Number(value);
        if (!Number.isInteger(turns) || turns < 1 || turns > MAX_REAL_TURNS)
          return { mode: 'error', message: `--turns takes a whole number from 1 to ${MAX_REAL_TURNS}, not "${value}"` };
      }
    } else if (a!.startsWith('-')) return { mode: 'error', message: `unknown option ${a}; ${USAGE}` };
    else names.push(a!);
  }
  if (!real) {
    if (turns !== undefined || prompt !== undefined) return { mode: 'error', message: `--turns and --prompt go with --real; ${USAGE}` };
    return { mode: 'fakes', names };
  }
  if (names.length) return { mode: 'error', message: `--real runs its own comparison, not named benchmarks (${names.join(', ')}); ${USAGE}` };
  if (prompt !== undefined && prompt.trim() === '') return { mode: 'error', message: '--prompt needs some text' };
  return { mode: 'real', turns: turns ?? DEFAULT_REAL_TURNS, prompt: prompt ?? DEFAULT_REAL_PROMPT };
}

/** Why the real comparison must not run here, or undefined: never in CI (it needs a signed-in account and spends its requests). */
export function refuseReal(env: Record<string, string | undefined>): string | undefined {
  const ci = env.CI;
  if (ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0') {
    return "npm run bench -- --real uses your signed-in cursor-agent and your account's requests; it never runs in CI (CI is set). Run it on your own machine.";
  }
  return undefined;
}

export interface RealTurn {
  /** Enter → first text (ms); undefined when none came. */
  firstTextMs?: number;
  /** Enter → the turn ended (ms). */
  totalMs: number;
  /** CLI processes started by the turn. */
  processes: number;
  /** Set when the turn failed: its error kind and message. */
  error?: string;
}

export interface RealRun {
  cli: string;
  version?: string;
  workspace: string;
  prompt: string;
  print: RealTurn[];
  acp: RealTurn[];
  /** Starting the ACP process and preparing a session before turn 1 (ms), or why it failed. */
  acpPrepareMs?: number;
  acpPrepareNote?: string;
  /** RSS of the `cursor-agent acp` process after the last turn (MB), where it could be read. */
  acpRssMb?: number;
}

/** `850 ms`, `4.12 s`. */
export function duration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '-';
  return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function medianOf(xs: Array<number | undefined>): number | undefined {
  const s = xs.filter((x): x is number => x !== undefined && Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return undefined;
  const mid = (s.length - 1) / 2;
  return (s[Math.floor(mid)]! + s[Math.ceil(mid)]!) / 2;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
}

/** The report: one line per turn with both backends side by side, then medians of turn 1 and of the later turns. */
export function formatRealReport(run: RealRun): string {
  const n = Math.max(run.print.length, run.acp.length);
  const head = ['turn', 'print first text', 'print total', 'print processes', 'acp first text', 'acp total', 'acp processes'];
  const cells = (t: RealTurn | undefined): string[] => (t ? [duration(t.firstTextMs), duration(t.totalMs), String(t.processes)] : ['-', '-', '-']);
  const rows = [head];
  for (let i = 0; i < n; i++) rows.push([String(i + 1), ...cells(run.print[i]), ...cells(run.acp[i])]);
  const med = (label: string, from: number, to: number): string[] => {
    const pick = (ts: RealTurn[], f: (t: RealTurn) => number | undefined) =>
      medianOf(
        ts
          .slice(from, to)
          .filter((t) => !t.error)
          .map(f),
      );
    const procs = (ts: RealTurn[]) => {
      const m = pick(ts, (t) => t.processes);
      return m === undefined ? '-' : String(m);
    };
    const side = (ts: RealTurn[]) => [duration(pick(ts, (t) => t.firstTextMs)), duration(pick(ts, (t) => t.totalMs)), procs(ts)];
    return [label, ...side(run.print), ...side(run.acp)];
  };
  if (n > 2) rows.push(med(`median 2–${n}`, 1, n));
  const sum = (ts: RealTurn[]) => ['', duration(ts.reduce((x, t) => x + t.totalMs, 0)), String(ts.reduce((x, t) => x + t.processes, 0))];
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
  const errors = [...run.print.map((t, i) => ['print', i, t] as const), ...run.acp.map((t, i) => ['acp', i, t] as const)].filter(
    ([, , t]) => t.error,
  );
  if (errors.length) lines.push('', ...errors.map(([b, i, t]) => `${b} turn ${i + 1} failed: ${t.error}`));
  if (run.acpRssMb !== undefined)
    lines.push('', `cursor-agent acp process RSS after the last turn: ${run.acpRssMb.toFixed(0)} MB (print mode keeps no process between turns)`);
  return lines.join('\n');
}

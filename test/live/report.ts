/**
 * The live verification kit's report: every fact of ./facts.ts with its
 * verdict, what each step of the script did (our words and the error kind,
 * never the agent's text), and timings. Redacted: no prompt text, no session or
 * chat ids, no account data; `assertClean` refuses to write one that has any.
 */
import * as os from 'node:os';
import { redactSecrets } from '../../src/cli/redact';
import { FACTS, SCRIPT_TEXTS, Verdict } from './facts';
import type { ScriptRun, StepName } from './script';

export interface LiveReport {
  kit: 'verify:live';
  date: string;
  cliVersion: string;
  /** The machine's OS and architecture (`linux 6.1 x64`), for docs/verified.md. */
  os: string;
  facts: Array<{ id: string; source: string; statement: string; readme: string; verdict: Verdict }>;
  steps: Array<{ step: StepName; ran: boolean; outcome: string; note?: string }>;
  /** Milliseconds; absent when the script did not get that far. */
  timings: { handshakeMs?: number; firstTextMs?: number; turnMs?: number; loadMs?: number; cancelMs?: number };
  counts: { held: number; 'did not hold': number; 'not seen': number };
}

const STEP_ORDER: StepName[] = ['plain', 'plan', 'editorTools', 'image', 'cancel', 'model', 'load', 'print'];

function timings(run: ScriptRun): LiveReport['timings'] {
  const t: LiveReport['timings'] = {};
  const span = (a?: number, b?: number) => (a !== undefined && b !== undefined ? Math.max(0, b - a) : undefined);
  const init = run.wire.requests('initialize')[0];
  const initAnswer = init && run.wire.answerTo(init);
  const handshake = span(run.wire.started[0], initAnswer?.at);
  if (handshake !== undefined) t.handshakeMs = handshake;
  const plain = run.steps.plain;
  const first = span(plain?.startedAt, plain?.firstTextAt);
  if (first !== undefined) t.firstTextMs = first;
  const turn = span(plain?.startedAt, plain?.endedAt);
  if (turn !== undefined) t.turnMs = turn;
  const load = run.wire.requests('session/load')[0];
  const loadMs = span(load?.at, load && run.wire.answerTo(load)?.at);
  if (loadMs !== undefined) t.loadMs = loadMs;
  const cancel = run.wire.requests('session/cancel')[0];
  const cancelled =
    cancel &&
    run.wire.requests('session/prompt').find((p) => p.proc === cancel.proc && p.at <= cancel.at && (run.wire.answerTo(p)?.at ?? -1) >= cancel.at);
  const cancelMs = span(cancel?.at, cancelled && run.wire.answerTo(cancelled)?.at);
  if (cancelMs !== undefined) t.cancelMs = cancelMs;
  return t;
}

export function buildReport(
  run: ScriptRun,
  cliVersion: string,
  now: Date = new Date(),
  machine = `${os.platform()} ${os.release()} ${os.arch()}`,
): LiveReport {
  const facts = FACTS.map((f) => {
    let v: Verdict;
    try {
      v = f.check(run);
    } catch {
      v = 'not seen';
    }
    return { id: f.id, source: f.source, statement: f.statement, readme: f.readme, verdict: v };
  });
  const steps = STEP_ORDER.map((name) => {
    const s = run.steps[name];
    if (!s) return { step: name, ran: false, outcome: 'not run', note: 'the script stopped before it' };
    const outcome = !s.ran
      ? 'not run'
      : s.ok === undefined
        ? 'no outcome'
        : s.ok
          ? s.cancelled
            ? 'cancelled'
            : 'answered'
          : `failed (${s.errorKind ?? 'unknown'})`;
    return { step: name, ran: s.ran, outcome, ...(s.note ? { note: s.note } : {}) };
  });
  const counts = { held: 0, 'did not hold': 0, 'not seen': 0 };
  for (const f of facts) counts[f.verdict]++;
  return { kit: 'verify:live', date: now.toISOString(), cliVersion, os: machine, facts, steps, timings: timings(run), counts };
}

export function renderMarkdown(r: LiveReport): string {
  const ms = (v?: number) => (v === undefined ? 'not measured' : `${v} ms`);
  return [
    '# cursor-agent live verification (redacted)',
    '',
    `CLI ${r.cliVersion}, ${r.os}, ${r.date}. Facts: ${r.counts.held} held, ${r.counts['did not hold']} did not hold, ${r.counts['not seen']} not seen.`,
    '',
    'To add this run to docs/verified.md: one row with the date, the CLI version, the OS and the three counts, and the ids of the facts that did not hold.',
    '',
    '| id | contract | fact | README claim it backs | verdict |',
    '|---|---|---|---|---|',
    ...r.facts.map(
      (f) =>
        `| ${f.id} | ${f.source === 'acp' ? 'cursor-agent-acp.md' : 'cursor-agent-contract.md'} | ${f.statement.replace(/\|/g, '\\|')} | ${f.readme.replace(/\|/g, '\\|')} | ${f.verdict} |`,
    ),
    '',
    '| step | outcome | note |',
    '|---|---|---|',
    ...r.steps.map((s) => `| ${s.step} | ${s.outcome} | ${s.note ?? ''} |`),
    '',
    `Timings: handshake ${ms(r.timings.handshakeMs)}, first text ${ms(r.timings.firstTextMs)}, turn ${ms(r.timings.turnMs)}, load ${ms(r.timings.loadMs)}, cancel ${ms(r.timings.cancelMs)}.`,
    '',
  ].join('\n');
}

const EMAIL = /[^\s@|"]+@[^\s@|"]+\.[a-z]{2,}/gi;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** The text with credentials, emails, ids and the script's prompts taken out. */
export function scrub(text: string, run: Pick<ScriptRun, 'sessionIds'>, extra: readonly string[] = []): string {
  let out = redactSecrets(text).replace(EMAIL, '[email]').replace(UUID, '[id]');
  for (const s of [...run.sessionIds, ...SCRIPT_TEXTS, ...extra]) if (s.length >= 6) out = out.split(s).join('[redacted]');
  return out;
}

/** Throws when the text still holds an id, a prompt or an email (the report is then not written). */
export function assertClean(text: string, run: Pick<ScriptRun, 'sessionIds'>, extra: readonly string[] = []): void {
  for (const s of [...run.sessionIds, ...SCRIPT_TEXTS, ...extra])
    if (s.length >= 6 && text.includes(s)) throw new Error('the report still holds a prompt, an id or account data');
  if (text.search(EMAIL) >= 0 || text.search(UUID) >= 0) throw new Error('the report still holds an email or an id');
}

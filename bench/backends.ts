/**
 * 9. Both backends side by side, through the {@link ChatBackend} seam, against
 * one fake `cursor-agent` with the start-up costs the real CLI was measured at:
 * `acp` answers `initialize` after {@link INITIALIZE_MS} and `session/new` after
 * {@link SESSION_NEW_MS}; every `-p` run waits {@link PRINT_STARTUP_MS} (the same
 * sign-in and chat set-up, paid per turn) before its first line. The model
 * itself answers at once on both sides, so what is left is start-up and our
 * own time. Per round: print turn 1 and 2 (`--resume`), then ACP turn 1 on the
 * prepared spare session and turn 2 in the same chat.
 */
import type { BackendTurnOutcome, ChatBackend } from '../src/turn/chatBackend';
import { acpPidsOf, BackendPair, createBackendPair, sessionsAnswered } from './backendStack';
import { BenchEntry, median, nowMs, p95, ratioOf, round, waitFor } from './lib';
import { sleep } from '../test/support/waits';
import { measureMemory, measureProcessesAfter } from './backendsMemory';
import { WireTap } from './wireTap';

/** spawn → `initialize` answered: 0.4–0.65 s measured (the captures in ../shared/samples-acp: 395–404 ms). */
export const INITIALIZE_MS = 500;
/** `session/new`: 1.5–2.5 s measured (captures: 1.49–1.54 s). */
export const SESSION_NEW_MS = 2000;
/** A `-p` run pays both every turn (the print captures print `init` 3.96–4.11 s after start: this is on the kind side). */
export const PRINT_STARTUP_MS = INITIALIZE_MS + SESSION_NEW_MS;
const WARMUP = 1;
const COLD_ROUNDS = 3;
const ROUNDS = 10;
const TARGET_MS = 5;
const SETTLE_MS = 100;
const PROMPT = 'What does app.ts export?';
const ANSWER = 'app.ts exports one constant, x, equal to 1.';

/** One measured turn: what the user waited for and where our own time went. */
export interface TurnSample {
  firstTextMs: number;
  /** Our own time: Enter → the turn's request on the wire (spawn / session/prompt written) + first-text chunk read → text event. */
  overheadMs: number;
  /** Enter → the request on the wire, and the part of it that was ours (not waiting on the agent). */
  beforeMs: number;
  ownBeforeMs: number;
  afterMs: number;
  processes: number;
  sessionId: string | undefined;
}

interface Side {
  turn1: TurnSample[];
  turn2: TurnSample[];
}

async function timedTurn(pair: BackendPair, tap: WireTap, backend: ChatBackend, resumeId: string | undefined): Promise<TurnSample> {
  const pidsBefore = pair.fake.pids().length;
  tap.clear();
  let textAt: number | undefined;
  const t0 = nowMs();
  const outcome: BackendTurnOutcome = await backend.runTurn({
    workspace: pair.workspace,
    mode: 'plan',
    prompt: PROMPT,
    ...(resumeId ? { resumeId } : {}),
    onEvent: (e) => {
      if (e.type === 'text' && textAt === undefined) textAt = nowMs();
    },
  });
  if (!outcome.ok) throw new Error(`${backend.id} turn failed: ${outcome.error.kind}: ${outcome.error.message}`);
  if (textAt === undefined) throw new Error(`${backend.id} turn showed no text`);
  const acp = backend.id === 'acp';
  // On the wire: ACP sends `session/prompt` into the live process; print mode spawns the CLI.
  const prompt = acp ? tap.firstWrite(t0, '"method":"session/prompt"') : undefined;
  const sent = acp ? prompt?.at : tap.spawnedSince(t0)[0]?.spawnAt;
  const chunk = tap.firstRead(t0, acp ? '"agent_message_chunk"' : '"type":"assistant"')?.at;
  if (sent === undefined || chunk === undefined) throw new Error(`${backend.id}: the tap saw no request or no first-text chunk`);
  const beforeMs = sent - t0;
  // Before the prompt, an ACP turn may wait on the agent (session/set_mode): that time is the CLI's.
  const ownBeforeMs = prompt ? tap.ownTime(prompt.child, t0, sent) : beforeMs;
  const afterMs = textAt - chunk;
  return {
    firstTextMs: textAt - t0,
    overheadMs: ownBeforeMs + afterMs,
    beforeMs,
    ownBeforeMs,
    afterMs,
    processes: pair.fake.pids().length - pidsBefore,
    sessionId: outcome.sessionId,
  };
}

/** Waits until the fake's ACP processes answered `sessions` session/new in all (their own wire logs), then lets the large commands update after it land. */
async function spareReady(pair: BackendPair, sessions: number): Promise<void> {
  const answered = () => acpPidsOf(pair.fake).reduce((n, pid) => n + sessionsAnswered(pair.fake, pid), 0) >= sessions;
  if ((await waitFor(answered, 30_000, 10)) === undefined) throw new Error(`the ACP spare session (${sessions}) was not ready within 30 s`);
  await sleep(SETTLE_MS); // the available_commands_update (40 KB) lands before Enter, as it would for a user
}

export async function benchBackends(): Promise<BenchEntry[]> {
  const tap = new WireTap();
  tap.install();
  const pair = await createBackendPair(
    {
      initializeDelayMs: INITIALIZE_MS,
      sessionNewDelayMs: SESSION_NEW_MS,
      loadDelayMs: SESSION_NEW_MS,
      turn: { kind: 'answer', text: ANSWER, chunk: 12 },
    },
    { turn: { kind: 'firstTextImmediately', answer: ANSWER, startupMs: PRINT_STARTUP_MS } },
  );
  try {
    const prepareAt = nowMs();
    pair.acp.prepare(pair.workspace); // when the chat view opens
    await spareReady(pair, 1);
    const prepareMs = nowMs() - prepareAt - SETTLE_MS;
    const acp: Side = { turn1: [], turn2: [] };
    const print: Side = { turn1: [], turn2: [] };
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const p1 = await timedTurn(pair, tap, pair.print, undefined);
      const p2 = await timedTurn(pair, tap, pair.print, p1.sessionId);
      await spareReady(pair, i + 1);
      const a1 = await timedTurn(pair, tap, pair.acp, undefined);
      const a2 = await timedTurn(pair, tap, pair.acp, a1.sessionId);
      if (i < WARMUP) continue;
      print.turn1.push(p1);
      print.turn2.push(p2);
      acp.turn1.push(a1);
      acp.turn2.push(a2);
    }
    // `cursorAgent.acp.warmStart` off: no process waits, so a new chat's first question starts one (after the warm rounds: their waits count the fake's sessions).
    const cold: TurnSample[] = [];
    for (let i = 0; i < COLD_ROUNDS; i++) {
      const backend = await pair.newAcp(undefined, false);
      cold.push(await timedTurn(pair, tap, backend, undefined));
      backend.dispose();
    }
    tap.uninstall(); // its records would count as our memory
    const memory = await measureMemory(pair, { text: ANSWER, prompt: PROMPT });
    const after = await measureProcessesAfter(pair, [pair.acp], { prompt: PROMPT });
    return [...timingRows(acp, print, prepareMs), coldRow(cold, acp.turn1), ...memory, ...after];
  } finally {
    tap.uninstall();
    pair.dispose();
  }
}

const costs = `fake start-up costs: acp initialize ${INITIALIZE_MS} ms + session/new ${SESSION_NEW_MS} ms once per process/session; -p ${PRINT_STARTUP_MS} ms every run`;

/** What turning the warm start off costs the first question of a chat: Enter → first text with no process waiting. */
function coldRow(cold: TurnSample[], warm: TurnSample[]): BenchEntry {
  const cm = median(cold.map((s) => s.firstTextMs));
  const wm = median(warm.map((s) => s.firstTextMs));
  return {
    name: 'backends_acp_first_question_warm_start_off',
    value: round(cm, 1),
    unit: 'ms',
    baseline: round(wm, 2),
    ratio: round(ratioOf(cm, wm), 3),
    target: null,
    met: null,
    p95: round(p95(cold.map((s) => s.firstTextMs)), 1),
    runs: cold.length,
    detail:
      `Enter → first text of a new chat's first question with cursorAgent.acp.warmStart off (the process and its session start when you ask): ` +
      `${(cm - wm).toFixed(0)} ms later than with the warm start (the baseline, ACP turn 1 on the prepared spare session); ${costs}`,
  };
}

function timingRows(acp: Side, print: Side, prepareMs: number): BenchEntry[] {
  const rows: BenchEntry[] = [];
  for (const turn of ['turn1', 'turn2'] as const) {
    const a = acp[turn];
    const p = print[turn];
    const what =
      turn === 'turn1' ? 'turn 1 (a new chat; ACP on the prepared spare session)' : 'turn 2 (the same chat: ACP warm session, print --resume)';
    const am = median(a.map((s) => s.firstTextMs));
    const pm = median(p.map((s) => s.firstTextMs));
    rows.push({
      name: `backends_acp_${turn}_first_text`,
      value: round(am, 2),
      unit: 'ms',
      baseline: round(pm, 1),
      ratio: round(ratioOf(am, pm), 5),
      target: null,
      met: null,
      p95: round(p95(a.map((s) => s.firstTextMs)), 2),
      runs: a.length,
      detail:
        `Enter → first text, ${what}: ${(pm - am).toFixed(0)} ms sooner than print mode (the baseline, the same turn); ${costs}` +
        (turn === 'turn1' ? `; preparing the spare took ${prepareMs.toFixed(0)} ms` : ''),
    });
    rows.push({
      name: `backends_print_${turn}_first_text`,
      value: round(pm, 1),
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: null,
      met: null,
      p95: round(p95(p.map((s) => s.firstTextMs)), 1),
      runs: p.length,
      detail: `Enter → first text, ${turn === 'turn1' ? 'turn 1 (a new chat)' : 'turn 2 (the same chat, --resume)'}; ${PRINT_STARTUP_MS} ms of it is the fake's start-up cost`,
    });
  }
  for (const turn of ['turn1', 'turn2'] as const) {
    for (const [id, side] of [
      ['acp', acp],
      ['print', print],
    ] as const) {
      const s = side[turn];
      const om = median(s.map((x) => x.overheadMs));
      const target = id === 'acp' ? `< ${TARGET_MS} ms` : null;
      rows.push({
        name: `backends_${id}_${turn}_overhead`,
        value: round(om, 3),
        unit: 'ms',
        baseline: null,
        ratio: null,
        target,
        met: target ? om < TARGET_MS : null,
        p95: round(p95(s.map((x) => x.overheadMs)), 3),
        runs: s.length,
        detail:
          `our own time in the turn, measured in our process: before the request (Enter → ${id === 'acp' ? 'session/prompt written' : 'spawn()'}` +
          ` median ${median(s.map((x) => x.beforeMs)).toFixed(3)} ms` +
          (id === 'acp' && turn === 'turn1'
            ? `, of it ours ${median(s.map((x) => x.ownBeforeMs)).toFixed(3)} ms, the rest waiting for the agent to confirm session/set_mode plan`
            : '') +
          `) + after the model's first token (the chunk carrying it read → text event, median ${median(s.map((x) => x.afterMs)).toFixed(3)} ms,` +
          ` p95 ${p95(s.map((x) => x.afterMs)).toFixed(3)}); the rest is the CLI`,
      });
    }
  }
  for (const turn of ['turn1', 'turn2'] as const) {
    for (const [id, side] of [
      ['acp', acp],
      ['print', print],
    ] as const) {
      const counts = side[turn].map((x) => x.processes);
      const total = counts.reduce((x, y) => x + y, 0);
      const target = id === 'acp' ? '0 per turn' : null;
      rows.push({
        name: `backends_${id}_${turn}_processes`,
        value: round(total / counts.length, 2),
        unit: 'processes',
        baseline: null,
        ratio: null,
        target,
        met: target ? total === 0 : null,
        runs: counts.length,
        detail: `CLI processes started per turn (the fake's own records), per run: ${counts.join(' ')}`,
      });
    }
  }
  return rows;
}

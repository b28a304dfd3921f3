/**
 * 10. The worst event-loop stall under hostile `cursor-agent acp` output: the
 * ACP backend as the extension wires it (services/backends.ts, over the Node
 * transport) against the fake agent told to misbehave, while a 10 ms timer in
 * this process records how late it fires (the extension host would freeze for
 * that long). Cases: five 8 MB lines of nested `[`; one 8 MB to-do list
 * (150,000 rows); twenty 5,000-row to-do updates; an agent that stops reading
 * and sends 4 MB ids (ended as broken); three 8 MB whitespace-dense command
 * descriptions sent unasked after session/new; a 7 MB whitespace-dense to-do
 * row; five 8 MB `tool_call`s of one 690,000-key object. One turn each, in a fresh process.
 * Baseline: the worst stall of a plain streamed answer in the same run.
 */
import { createBackendPair } from './backendStack';
import { BenchEntry, nowMs, round } from './lib';
import type { FakeAcpScenario, FakeAcpTurn } from '../test/fixtures/acp/scenario';
import { dense, wide } from '../test/fixtures/acp/hostileText';

const MB = 1024 * 1024;

const TARGET_MS = 100;
const TICK_MS = 10;

/** The baseline: the same turn machinery with a plain answer (on a loaded machine the scheduler alone delays the timer). */
const BASELINE: [string, FakeAcpTurn] = ['plain_answer', { kind: 'answer', text: 'A plain answer. '.repeat(200), delayMs: 1 }];

const CASES: Array<[string, FakeAcpTurn, FakeAcpScenario?]> = [
  BASELINE,
  ['nested_lines_5x8MB', { kind: 'nested', lines: 5, bytes: 8 * 1024 * 1024 - 1, text: 'The answer around the noise.' }],
  ['todos_8MB_150k_rows', { kind: 'todoFlood', requests: 1, rows: 150_000, text: 'Huge list done.' }],
  ['todos_flood_20x5000_rows', { kind: 'todoFlood', requests: 20, rows: 5000, text: 'Flood done.' }],
  ['huge_ids_stdin_unread', { kind: 'hugeIds', requests: 100, idBytes: 4 * 1024 * 1024, text: 'After the ids.' }],
  // Issue 36, item 1: agent text cut before it is cleaned (the command lines arrive during the turn's 2 s answer).
  [
    'commands_3x8MB_dense_descriptions',
    { kind: 'answer', text: 'A slow answer. '.repeat(30), chunk: 5, delayMs: 20 },
    { commandLines: [0, 1, 2].map((i) => [{ name: `hostile-${i}`, description: dense(8 * MB - 128 * 1024), input: { hint: dense(64 * 1024) } }]) },
  ],
  [
    'todo_row_7MB_dense',
    {
      kind: 'script',
      steps: [
        {
          ask: 'cursor/update_todos',
          params: { toolCallId: 'tool_t', merge: false, todos: [{ id: 'a', content: dense(7 * MB), status: 'in_progress' }] },
        },
      ],
      text: 'Listed.',
    },
  ],
  // Item 2: wide objects (one container, 690,000 values) inside the parse budget.
  [
    'wide_objects_5x8MB',
    {
      kind: 'script',
      steps: Array.from({ length: 5 }, (_, i) => ({
        update: { sessionUpdate: 'tool_call', toolCallId: `tool_w${i}`, title: 'Read', kind: 'read', status: 'pending', rawInput: wide(690_000) },
      })),
      text: 'ok',
    },
  ],
];

export async function benchHostileAcp(): Promise<BenchEntry[]> {
  const pair = await createBackendPair({ commandsBytes: 0 }, {});
  const results: Array<{ name: string; stallMs: number; wallMs: number; outcome: string }> = [];
  try {
    for (const [name, turn, scenario] of CASES) {
      pair.acp.dispose(); // the next turn starts a process that reads the new scenario
      pair.fake.setAcpScenario({ commandsBytes: 0, ...scenario, turn });
      let last = nowMs();
      let worst = 0;
      const timer = setInterval(() => {
        const now = nowMs();
        worst = Math.max(worst, now - last - TICK_MS);
        last = now;
      }, TICK_MS);
      const t0 = nowMs();
      const o = await pair.acp.runTurn({ workspace: pair.workspace, mode: 'plan', prompt: `hostile ${name}`, onEvent: () => undefined });
      clearInterval(timer);
      results.push({ name, stallMs: worst, wallMs: nowMs() - t0, outcome: o.ok ? 'ok' : o.error.kind });
    }
  } finally {
    pair.dispose();
  }
  const base = results[0]!.stallMs;
  const hostile = results.slice(1);
  const worst = Math.max(...hostile.map((r) => r.stallMs));
  const detail = results.map((r) => `${r.name}: stall ${round(r.stallMs, 1)} ms, turn ${round(r.wallMs, 0)} ms, ${r.outcome}`).join('; ');
  return [
    {
      name: 'acp_hostile_worst_stall_ms',
      value: round(worst, 1),
      unit: 'ms',
      baseline: round(base, 1),
      ratio: base > 0 ? round(worst / base) : null,
      target: `< ${TARGET_MS} ms`,
      met: worst < TARGET_MS,
      runs: hostile.length,
      detail,
    },
    ...hostile.map((r): BenchEntry => {
      const value = round(r.stallMs, 1);
      return {
        name: `acp_hostile_stall_${r.name}_ms`,
        value,
        unit: 'ms',
        baseline: null,
        ratio: null,
        target: null,
        met: null,
        detail: `turn ${round(r.wallMs, 0)} ms, ${r.outcome}`,
      };
    }),
  ];
}

/**
 * 13. The worst event-loop stall under hostile plan-mode input (issue 38): the ACP backend as the extension wires it
 * (over the Node transport) against the fake agent, its events drawn by the real chat renderer
 * (src/vscode/chat/streamRenderer.ts) and its questions shown and answered by the real question board
 * (src/vscode/chatUi/questionBoard.ts: one click on the first option), both on the plain-Node `vscode` stand-in, while a 10 ms
 * timer in this process records how late it fires (the extension host would freeze for that long). Cases: a question
 * of 10,000 options; a question with one 1 MB label; the fake's `huge` question (1 MB title, 1 MB prompt, 10,000
 * options, one of them 1 MB); a subagent streaming 1,000 updates a second for about 3 s under its own session id.
 * One turn each, in a fresh process. Baseline: the worst stall of a plain streamed answer in the same run.
 * Reported, never asserted: `node out/bench/run.js planMode` (after `npm run compile && npm run build-tests`) runs it alone.
 */
import type * as vscode from 'vscode';
import type { QuestionBoard as Board } from '../src/vscode/chatUi/questionBoard';
import type { StreamRenderer as Renderer } from '../src/vscode/chat/streamRenderer';
import type { QuestionAsker } from '../src/turn/questions';
import type { FakeAcpTurn } from '../test/fixtures/acp/scenario';
import { questionParams } from '../test/fixtures/acp/planTurns';
import { recordingResponseStream } from '../test/support/responseStream';
import { installVscodeShim, shimState, vscodeShim } from '../test/support/vscodeShim';
import { createBackendPair } from './backendStack';
import { BenchEntry, nowMs, round } from './lib';

const MB = 1024 * 1024;
const TARGET_MS = 100;
const TICK_MS = 10;
const SUBAGENT_UPDATES = 3000;

const options = (n: number, label: (i: number) => string) => Array.from({ length: n }, (_, i) => ({ id: `o${i + 1}`, label: label(i) }));
const ask = (questions: unknown[]): FakeAcpTurn => ({
  kind: 'script',
  steps: [{ ask: 'cursor/ask_question', params: { toolCallId: 'tool_q', title: 'Hostile', questions } }],
  text: 'Asked.',
});

const CASES: Array<[string, FakeAcpTurn]> = [
  ['plain_answer', { kind: 'answer', text: 'A plain answer. '.repeat(200), delayMs: 1 }],
  ['question_10000_options', ask([{ id: 'q', prompt: 'Which one?', options: options(10_000, (i) => `Option ${i + 1}`), allowMultiple: false }])],
  ['question_1MB_label', ask([{ id: 'q', prompt: 'Which one?', options: options(3, (i) => (i === 1 ? 'L'.repeat(MB) : `Option ${i + 1}`)) }])],
  [
    'question_huge_title_prompt_options',
    { kind: 'script', steps: [{ ask: 'cursor/ask_question', params: questionParams('huge', 'tool_q') }], text: 'Asked.' },
  ],
  ['subagent_1000_updates_per_s', { kind: 'subagent', text: 'Explored.', extra: SUBAGENT_UPDATES, perSecond: 1000 }],
];

/** The question board of the chat, answering each question with a click on its first button (an option). */
function clickingAsker(board: Board, stream: vscode.ChatResponseStream): QuestionAsker {
  return (q, cancel) => {
    const shown = board.asker(stream)(q, cancel);
    const first = board.openButtons()[0];
    const answer = shimState.commands?.get('cursorAgent.answerQuestion');
    if (first && answer) void answer(first.id);
    return shown;
  };
}

export async function benchPlanMode(): Promise<BenchEntry[]> {
  installVscodeShim();
  // Loaded after the stand-in is installed (they import 'vscode').
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { QuestionBoard } = require('../src/vscode/chatUi/questionBoard') as { QuestionBoard: typeof Board };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { StreamRenderer } = require('../src/vscode/chat/streamRenderer') as { StreamRenderer: typeof Renderer };
  const board = new QuestionBoard();
  const registration = board.register();
  const pair = await createBackendPair({ commandsBytes: 0 }, {});
  const results: Array<{ name: string; stallMs: number; wallMs: number; detail: string }> = [];
  try {
    for (const [name, turn] of CASES) {
      pair.acp.dispose(); // the next turn starts a process that reads the new scenario
      pair.fake.setAcpScenario({ commandsBytes: 0, turn });
      const { stream, shown } = recordingResponseStream();
      const chat = stream as unknown as vscode.ChatResponseStream;
      const renderer = new StreamRenderer(chat, vscodeShim.Uri.file(pair.workspace) as never, { showActivity: true, listReadFiles: false });
      const subagentAt: number[] = [];
      let last = nowMs();
      let worst = 0;
      const timer = setInterval(() => {
        const now = nowMs();
        worst = Math.max(worst, now - last - TICK_MS);
        last = now;
      }, TICK_MS);
      const t0 = nowMs();
      const o = await pair.acp.runTurn({
        workspace: pair.workspace,
        mode: 'plan',
        prompt: `plan mode ${name}`,
        onEvent: (e) => {
          if (e.type === 'subagent') subagentAt.push(nowMs());
          renderer.render(e);
        },
        askQuestion: clickingAsker(board, chat),
      });
      clearInterval(timer);
      const wallMs = nowMs() - t0;
      const answer = o.ok ? o.text : o.error.kind;
      const what = `${shown.buttons.length} buttons, ${shown.progress.length} progress lines, ${shown.markdown.length} chars shown; answer: ${answer.slice(0, 80)}`;
      // From the first subagent line to "Subagent done" (cursor/task): the flood as the client received it.
      const floodMs = subagentAt.length > 1 ? subagentAt.at(-1)! - subagentAt[0]! : NaN;
      const rate = name.startsWith('subagent')
        ? `; ${SUBAGENT_UPDATES} updates in ${round(floodMs, 0)} ms (${round(SUBAGENT_UPDATES / (floodMs / 1000), 0)}/s)`
        : '';
      results.push({ name, stallMs: worst, wallMs, detail: what + rate });
    }
  } finally {
    pair.dispose();
    registration.dispose();
  }
  const base = results[0]!.stallMs;
  const hostile = results.slice(1);
  const worst = Math.max(...hostile.map((r) => r.stallMs));
  const detail = results.map((r) => `${r.name}: stall ${round(r.stallMs, 1)} ms, turn ${round(r.wallMs, 0)} ms`).join('; ');
  return [
    {
      name: 'plan_hostile_worst_stall_ms',
      value: round(worst, 1),
      unit: 'ms',
      baseline: round(base, 1),
      ratio: base > 0 ? round(worst / base) : null,
      target: `< ${TARGET_MS} ms`,
      met: worst < TARGET_MS,
      runs: hostile.length,
      detail,
    },
    ...hostile.map((r): BenchEntry => ({
      name: `plan_hostile_stall_${r.name}_ms`,
      value: round(r.stallMs, 1),
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: null,
      met: null,
      detail: `turn ${round(r.wallMs, 0)} ms; ${r.detail}`,
    })),
  ];
}

/**
 * One print-mode turn with its prompt already written, through the chat-turn flow the
 * participant and the provider use (safe-folder check, run, resume fallback): for the
 * benchmarks, the Windows tier and the service tests, which run turns outside the chat.
 * Resolves with the answer; rejects with the turn's CliError.
 */
import type { BackendAnswer } from '../../src/turn/chatBackend';
import type { PlannedTurn } from '../../src/services/engine/chatTurn';
import type { ChatTurnFlow } from '../../src/services/engine/chatTurn';

/** The answer (`text`: `result.result` when the CLI sent it, else the text shown), and whether the turn ran as a resumed CLI chat. */
export type PrintTurnAnswer = BackendAnswer & { resumed: boolean };

/** `stack`: a runtime's (test/support/runtime.ts) in print mode. */
export async function printTurn(stack: { flow: ChatTurnFlow }, turn: PlannedTurn): Promise<PrintTurnAnswer> {
  // A planned turn is past the trust gate (that is ChatTurnFlow.run's first step).
  const r = await stack.flow.runPlanned(turn);
  if (r.status === 'failed') throw r.error;
  if (r.status === 'refused') throw new Error(`the turn was refused (${r.reason})`);
  const { status: _s, workspace: _w, backend: _b, ...answer } = r;
  return answer;
}

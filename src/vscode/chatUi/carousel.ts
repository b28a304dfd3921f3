/**
 * The agent's question in VS Code's own question carousel (its `vscode_askQuestions` tool, called with the
 * request's token): the carousel shows above the chat input, the user picks and submits (or skips), and
 * the options chosen go back to the agent by id (services/chatUi/carouselInput.ts maps them). Stop, the
 * 30-minute skip and the end of the turn dismiss the carousel. Where the carousel cannot ask (a question
 * it does not take, or VS Code refuses the call), `unavailable`: the caller asks with buttons instead.
 */
import * as vscode from 'vscode';
import type { CancellationLike } from '../../cli/cancellation';
import type { Logger } from '../../cli/logger';
import { NATIVE_QUESTION_TOOL } from '../../services/chatUi/nativeChatTools';
import { carouselFor, carouselOutcome } from '../../services/chatUi/carouselInput';
import type { AgentQuestion, QuestionOutcome } from '../../turn/questions';

/** What a participant's request gives the carousel: its tool token and its cancellation (Stop). */
export interface NativeRequest {
  tool: vscode.ChatParticipantToolToken;
  cancellation: vscode.CancellationToken;
}

export const DISMISSED_REASON = 'The question was dismissed.';

export async function askInCarousel(
  q: AgentQuestion,
  cancel: CancellationLike,
  request: NativeRequest,
  logger: Logger,
): Promise<QuestionOutcome | 'unavailable'> {
  const plan = carouselFor(q);
  if (!plan) return 'unavailable';
  const cts = new vscode.CancellationTokenSource();
  const sub = cancel.onCancellationRequested(() => cts.cancel());
  if (cancel.isCancellationRequested) cts.cancel();
  const stopped = () => cancel.isCancellationRequested || request.cancellation.isCancellationRequested;
  try {
    logger.info(`[native] the question is asked in VS Code's question carousel (${plan.input.questions.length} questions)`);
    const result = await vscode.lm.invokeTool(NATIVE_QUESTION_TOOL, { input: plan.input, toolInvocationToken: request.tool }, cts.token);
    if (stopped()) return { outcome: 'cancelled' };
    const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    return carouselOutcome(plan, text);
  } catch (err) {
    if (stopped()) return { outcome: 'cancelled' };
    if (err instanceof vscode.CancellationError || (err instanceof Error && err.name === 'Canceled')) {
      logger.info('[native] the question carousel was dismissed: the question goes back skipped');
      return { outcome: 'skipped', reason: DISMISSED_REASON };
    }
    logger.warn(`[native] VS Code's question carousel refused the question (buttons instead): ${String(err).slice(0, 300)}`);
    return 'unavailable';
  } finally {
    sub.dispose();
    cts.dispose();
  }
}

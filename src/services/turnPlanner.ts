/**
 * Decides what a turn sends to the CLI: a resumed chat with only the new
 * message, or a fresh chat with the visible history folded in. Shared by the
 * chat participant and the language model provider.
 */
import { buildFirstTurnPrompt, buildResumedTurnPrompt, HistoryTurn, PromptReference } from '../cli/prompt';

export interface PlannedPrompt {
  prompt: string;
  resume?: { chatId: string; fallbackPrompt: string };
}

export interface PlanInput {
  /** Earlier turns, oldest first. */
  history: HistoryTurn[];
  message: string;
  references: PromptReference[];
  /** The CLI chat that already holds `history`, when known and resume is on. */
  resumeChatId?: string;
}

export function planPrompt(input: PlanInput): PlannedPrompt {
  const fresh = buildFirstTurnPrompt({ history: input.history, references: input.references, message: input.message });
  if (!input.resumeChatId) return { prompt: fresh };
  return {
    prompt: buildResumedTurnPrompt({ references: input.references, message: input.message }),
    resume: { chatId: input.resumeChatId, fallbackPrompt: fresh },
  };
}

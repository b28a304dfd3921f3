/**
 * Decides what a turn sends to the CLI: a resumed chat with only the new
 * message, or a fresh chat with the visible history folded in. Used by the
 * chat-turn flow.
 */
import { buildResumedTurnPrompt, checkPromptSize, composeFirstTurnPrompt, HistoryTurn, PromptReference, renderReferences } from '../../cli/prompt';

export interface TurnPrompt {
  prompt: string;
  resume?: { chatId: string; fallbackPrompt: string };
  /** History turns left out of the fresh-chat prompt to keep it within the size limit. */
  omittedTurns: number;
}

export interface TurnPromptInput {
  /** Earlier turns, oldest first. */
  history: HistoryTurn[];
  message: string;
  references: PromptReference[];
  /** The CLI chat that already holds `history`, when known and resume is on. */
  resumeChatId?: string;
  /**
   * The message invokes one of the agent's own slash commands: it goes first and as written (the agent runs
   * a command only from the start of a prompt), references after it, no framing and no history.
   */
  verbatim?: boolean;
}

/** @throws CliError (`promptTooLarge`) when even the message and references don't fit. */
export function composeTurnPrompt(input: TurnPromptInput): TurnPrompt {
  if (input.verbatim) {
    const prompt = [input.message, renderReferences(input.references)].filter((s) => s !== '').join('\n\n');
    checkPromptSize(prompt);
    return { prompt, ...(input.resumeChatId ? { resume: { chatId: input.resumeChatId, fallbackPrompt: prompt } } : {}), omittedTurns: 0 };
  }
  const fresh = composeFirstTurnPrompt({ history: input.history, references: input.references, message: input.message });
  if (!input.resumeChatId) return { prompt: fresh.prompt, omittedTurns: fresh.omittedTurns };
  return {
    prompt: buildResumedTurnPrompt({ references: input.references, message: input.message }),
    resume: { chatId: input.resumeChatId, fallbackPrompt: fresh.prompt },
    omittedTurns: 0,
  };
}

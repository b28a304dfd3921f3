/**
 * The agent's multiple-choice questions (ACP `cursor/ask_question`), as a turn hands them to whoever
 * can answer them in the chat, and the outcomes it sends back. Pure types.
 */
import type { CancellationLike } from '../cli/cancellation';

export interface QuestionOption {
  id: string;
  /** One line, cut (never markup: the chat shows it as plain text). */
  label: string;
}

export interface AgentQuestionItem {
  id: string;
  prompt: string;
  allowMultiple: boolean;
  options: QuestionOption[];
  /** Options beyond `options`, not shown (a bounded question). */
  moreOptions: number;
}

/** One `cursor/ask_question`, read and bounded. */
export interface AgentQuestion {
  title?: string;
  questions: AgentQuestionItem[];
  /** Questions beyond `questions`, not shown. */
  moreQuestions: number;
}

export type QuestionOutcome =
  | { outcome: 'answered'; answers: Array<{ questionId: string; selectedOptionIds: string[] }> }
  | { outcome: 'skipped'; reason?: string }
  | { outcome: 'cancelled' };

/**
 * Shows `question` in the chat of the running turn and resolves with the user's answer. `cancel` fires when
 * the turn no longer waits (Stop, the deadline, the process ended): the UI then drops the question.
 */
export type QuestionAsker = (question: AgentQuestion, cancel: CancellationLike) => Promise<QuestionOutcome>;

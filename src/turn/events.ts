/**
 * The turn vocabulary every backend speaks: what a running turn tells the chat (text, thinking,
 * tools, plans, to-dos, notices, the result). Print mode's parser and the ACP turn both emit it;
 * the participant, the language model provider and the renderers read it. Pure types.
 */
import type { ToolOutcome } from '../cli/toolActivity';

/** Token counts, where the backend reports them (print mode's `result.usage`). */
export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

export type TurnEvent =
  | { type: 'session'; sessionId: string; model?: string; cwd?: string }
  | { type: 'text'; text: string }
  | { type: 'thinking'; text: string }
  | { type: 'thinkingDone' }
  | {
      type: 'tool';
      callId: string;
      phase: 'started' | 'completed';
      kind: string;
      summary: string;
      path?: string;
      mutating: boolean;
      outcome?: ToolOutcome;
    }
  | { type: 'connection'; state: string }
  | { type: 'usage'; usage: Usage }
  | { type: 'policyBreach'; kind: string; summary: string }
  /** A plan the agent proposed (ACP `cursor/create_plan`): shown in the answer. */
  | { type: 'plan'; name?: string; overview?: string; markdown: string; todos: TodoItem[] }
  /** The agent's todo list changed (ACP `cursor/update_todos`, `plan` updates); `more`: rows beyond `todos`, not kept. */
  | { type: 'todos'; todos: TodoItem[]; more?: number }
  /**
   * One ACP `cursor/update_todos` as sent (`merge`: only the rows that moved, often without content;
   * `more`: rows not read). The ACP turn merges it into the list so far and emits `todos` instead:
   * no renderer ever sees it.
   */
  | { type: 'todoUpdate'; merge: boolean; rows: TodoRow[]; more: number }
  /**
   * Something the agent asked that this read-only chat answered on the user's behalf (ACP): a permission
   * request rejected (`permission`, a progress line) or a question skipped (`question`, a note in the answer).
   */
  | { type: 'notice'; kind: 'permission' | 'question'; text: string }
  /** What a subagent of the turn is doing, or that it is done (ACP): a progress line, never answer text (plain, one line). */
  | { type: 'subagent'; text: string }
  | {
      type: 'result';
      text: string;
      isError: boolean;
      sessionId?: string;
      durationMs?: number;
      usage?: Usage;
      /** True when the shown text and `result.result` disagreed beyond a prefix. */
      mismatch: boolean;
    };

/** A row of a to-do update: a merge may carry only the id and the new status. */
export interface TodoRow {
  id?: string;
  content?: string;
  status?: TodoItem['status'];
}

/** A to-do's states, as both backends report them (the plan a button carries is read back against this list too). */
export const TODO_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;

export interface TodoItem {
  id?: string;
  content: string;
  status: (typeof TODO_STATUSES)[number];
}

/** The `connection` state of a turn tried again after Cursor did not answer (the chat shows a progress line). */
export const RETRYING_STATE = 'retryingOnce';

/**
 * Which of VS Code's own chat UI `@cursor` drives, decided once per turn here and nowhere else: VS Code's
 * to-do list above the chat input (its core tool `manage_todo_list`) and its question carousel (its core
 * tool `vscode_askQuestions`), both called by the participant with the request's `toolInvocationToken`.
 * Where a path is not taken, the answer keeps today's checklist and buttons. Pure.
 *
 * Verified in the real workbench (code-server) on 1.110 and 1.139, without Copilot (docs/features.md):
 * both tools are listed to extensions, run for a participant's token without a confirmation, the to-do
 * list shows the items and states the participant writes (and keeps them across a reload: VS Code stores
 * them per chat in the workspace), and the carousel shows the questions and returns the options chosen.
 */
import { vscodeMinor } from './vscodeVersion';

export const NATIVE_TODO_TOOL = 'manage_todo_list';
export const NATIVE_QUESTION_TOOL = 'vscode_askQuestions';

/** The lowest VS Code on which each path was seen to work for a participant (the extension's floor: 1.110). */
const VERIFIED_FROM = { todos: 110, questions: 110 };

export interface NativeChatPaths {
  /** `native`: VS Code's to-do list holds the agent's to-dos; `checklist`: a checklist in the answer. */
  todos: 'native' | 'checklist';
  /** `carousel`: VS Code's question carousel; `buttons`: the question in the answer with one button per option. */
  questions: 'carousel' | 'buttons';
}

export interface NativeChatFacts {
  /** `vscode.version`. */
  version: string;
  /** The names in `vscode.lm.tools` now. */
  tools: readonly string[];
  /** `cursorAgent.nativeChatUi`. */
  enabled: boolean;
  /** Whether this request can drive VS Code's chat UI (a participant's request has a tool invocation token; vscode.lm and #cursor have none). */
  hasToken: boolean;
}

export function nativeChatPaths(f: NativeChatFacts): NativeChatPaths {
  const minor = vscodeMinor(f.version);
  const can = (tool: string, from: number) => f.enabled && f.hasToken && minor >= from && f.tools.includes(tool);
  return {
    todos: can(NATIVE_TODO_TOOL, VERIFIED_FROM.todos) ? 'native' : 'checklist',
    questions: can(NATIVE_QUESTION_TOOL, VERIFIED_FROM.questions) ? 'carousel' : 'buttons',
  };
}

/**
 * Keeps VS Code's own to-do list (above the chat input) current with the agent's to-dos during an
 * `@cursor` turn: every change is written whole through VS Code's `manage_todo_list` tool with the
 * request's token. Writes never overlap and only the latest state is written (a burst of updates is one
 * write). A write that fails ends the sync: the answer then shows the checklist instead
 * ({@link NativeTodoSync.holdsList}). Before the turn ends, {@link NativeTodoSync.settled} waits for the last write.
 */
import * as vscode from 'vscode';
import type { Logger } from '../../cli/logger';
import { NATIVE_TODO_TOOL } from '../../services/chatUi/nativeChatTools';
import { nativeTodoInput, type NativeTodoInput } from '../../services/chatUi/todoListInput';
import type { TodoItem } from '../../turn/events';

/** How long the end of a turn waits for VS Code to take the last write. */
const SETTLE_MS = 5_000;

export class NativeTodoSync {
  /** The latest list and its version (the number of changes pushed); the list is made VS Code's input only when written. */
  private latest: { todos: readonly TodoItem[]; more: number } | undefined;
  private version = 0;
  private written = 0;
  private running: Promise<void> | undefined;
  private failed = false;

  /** `settleMs`: how long {@link settled} waits for the last write (tests shorten it). */
  constructor(
    private readonly write: (input: NativeTodoInput) => Thenable<unknown>,
    private readonly logger: Logger,
    private readonly settleMs = SETTLE_MS,
  ) {}

  /** The turn's to-do list changed (a plan's to-dos, an update merged). */
  push(todos: readonly TodoItem[], more = 0): void {
    if (this.failed) return;
    this.latest = { todos, more };
    this.version++;
    this.kick();
  }

  /** Whether VS Code's list holds the turn's to-dos (no write failed). */
  get holdsList(): boolean {
    return !this.failed;
  }

  /** Waits for the last state to be written (at most a few seconds: a turn never hangs on it). */
  async settled(): Promise<void> {
    const deadline = Date.now() + this.settleMs;
    while (this.running) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()))));
      const r = await Promise.race([this.running.then(() => 'written' as const), late]);
      clearTimeout(timer);
      if (r === 'late') {
        this.logger.warn('[native] VS Code did not take the to-do list in time: the answer shows the checklist');
        this.failed = true;
        return;
      }
    }
  }

  /** Starts writing unless a write runs (it writes the latest state when it is done). */
  private kick(): void {
    if (this.running || this.failed || this.version === this.written) return;
    this.running = this.pump().finally(() => {
      this.running = undefined;
      this.kick();
    });
  }

  private async pump(): Promise<void> {
    while (!this.failed && this.latest !== undefined && this.version !== this.written) {
      const version = this.version;
      try {
        await this.write(nativeTodoInput(this.latest.todos, this.latest.more));
        this.written = version;
      } catch (err) {
        this.failed = true;
        this.logger.warn(`[native] VS Code's to-do list refused the update: ${String(err).slice(0, 300)}`);
      }
    }
  }
}

/** The sync for one request, where its turn writes VS Code's to-do list. */
export function nativeTodoSync(token: vscode.ChatParticipantToolToken, logger: Logger): NativeTodoSync {
  return new NativeTodoSync((input) => vscode.lm.invokeTool(NATIVE_TODO_TOOL, { input, toolInvocationToken: token }), logger);
}

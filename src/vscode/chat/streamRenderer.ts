import * as path from 'node:path';
import * as vscode from 'vscode';
import { RETRYING_STATE, type TurnEvent } from '../../turn/events';
import { type PlanEvent, PlanOutput, PlanTracker, type PlanView } from '../../services/plans/planMarkdown';
import { pathRead } from '../../services/answer/filesRead';
import { escapeMarkdown } from '../../cli/markdownText';
import type { NativeTodoSync } from '../chatUi/todoList';

export interface StreamRendererOptions {
  /** Show the agent's thinking and tool steps as progress (`cursorAgent.showThinking`). */
  showActivity: boolean;
  /** List the files read under the answer: this VS Code hides a participant's references (see hidesParticipantReferences). */
  listReadFiles: boolean;
  /** VS Code's own to-do list, where this turn keeps it current (services/chatUi/nativeChatTools.ts decides). */
  nativeTodos?: Pick<NativeTodoSync, 'push' | 'settled' | 'holdsList'>;
}

/**
 * Renders turn events into the chat response stream.
 *
 * Plans (ACP `cursor/create_plan`) go into the answer as markdown, their todos as a checklist. A chat
 * response cannot edit markdown it already streamed, so a todo list that changes later is not redrawn
 * each time (a long turn would repeat the list a dozen times): each change is one progress line
 * ("To-dos: 1 of 3 done; working on: …"), and {@link StreamRenderer.renderTodos} adds the final
 * checklist once under the answer if it differs from the last one shown (see {@link PlanTracker}).
 * Where VS Code's own to-do list holds the to-dos ({@link StreamRendererOptions.nativeTodos}), every change
 * goes there instead (VS Code shows each one as a line of the answer), and the final checklist is left out
 * unless the turn was stopped (VS Code clears its list then) or a write failed.
 * A question the agent asked and this chat skipped is a quoted note in the answer.
 */
export class StreamRenderer {
  text = '';
  modelName: string | undefined;
  private lastPlan: PlanEvent | undefined;
  private readonly plans = new PlanTracker();
  private afterTool = false;
  private afterBlock = false;
  private thinking = false;
  private readonly referenced = new Set<string>();
  private readonly read: vscode.Uri[] = [];

  constructor(
    private readonly stream: vscode.ChatResponseStream,
    private readonly folder: vscode.Uri,
    private readonly options: StreamRendererOptions,
  ) {}

  render(e: TurnEvent): void {
    switch (e.type) {
      case 'session':
        this.modelName = e.model;
        break;
      case 'text': {
        let t = e.text;
        if (this.afterTool && this.text !== '' && !/\s$/.test(this.text)) t = '\n\n' + t;
        this.afterTool = false;
        this.afterBlock = false;
        this.thinking = false;
        this.text += e.text;
        this.stream.markdown(t);
        break;
      }
      case 'thinking':
        if (!this.thinking && this.options.showActivity) this.stream.progress(vscode.l10n.t('Thinking…'));
        this.thinking = true;
        break;
      case 'thinkingDone':
        this.thinking = false;
        break;
      case 'tool':
        if (e.phase === 'started') {
          this.afterTool = true;
          if (this.options.showActivity) this.stream.progress(e.summary);
        } else {
          const read = pathRead(e);
          if (!read) break;
          const uri = path.isAbsolute(read) ? vscode.Uri.file(read) : vscode.Uri.joinPath(this.folder, read);
          if (!this.referenced.has(uri.toString())) {
            this.referenced.add(uri.toString());
            this.read.push(uri);
            this.stream.reference(uri);
          }
        }
        break;
      case 'plan':
        this.lastPlan = e;
        this.show(this.plans.push(e));
        if (e.todos.length > 0) this.options.nativeTodos?.push(e.todos);
        break;
      case 'todos': {
        const out = this.plans.push(e);
        const native = this.options.nativeTodos;
        // A change (PlanTracker says so with a progress line), or the list emptied: VS Code's list is written.
        if (native?.holdsList && (out.progress !== undefined || e.todos.length === 0)) native.push(e.todos, e.more);
        this.show(native?.holdsList ? { ...(out.block ? { block: out.block } : {}) } : out);
        break;
      }
      case 'notice':
        this.show(this.plans.push(e));
        break;
      case 'subagent':
        // Plain text from the agent: escaped (a progress line is markdown).
        this.stream.progress(escapeMarkdown(e.text));
        break;
      case 'connection':
        if (e.state === RETRYING_STATE) this.stream.progress(vscode.l10n.t('Cursor did not answer; trying again…'));
        else if (e.state.includes('reconnecting') || e.state.includes('retry'))
          this.stream.progress(vscode.l10n.t('Connection to Cursor lost, reconnecting…'));
        break;
      default:
        break;
    }
  }

  /**
   * The turn's last plan with its to-dos as they are now, as the final checklist shows them (not as
   * `cursor/create_plan` sent them: `cursor/update_todos` moves them later): the buttons under the answer carry it.
   */
  get plan(): PlanView | undefined {
    const p = this.lastPlan;
    if (!p) return undefined;
    const { todos, more } = this.plans.current;
    const named = { ...(p.name !== undefined ? { name: p.name } : {}), ...(p.overview !== undefined ? { overview: p.overview } : {}) };
    const folder = this.folder.fsPath;
    return { ...named, markdown: p.markdown, todos: todos.map((t) => ({ ...t })), ...(more > 0 ? { more } : {}), folder };
  }

  /** Plans and notes shown in the answer besides the agent's text (markdown), for the history. */
  get extraText(): string {
    return this.plans.text;
  }

  /** Waits until VS Code's own to-do list holds the last state (before the turn's end: VS Code takes no write after it). */
  async todosSettled(): Promise<void> {
    await this.options.nativeTodos?.settled();
  }

  /** The final todo list under the answer, when it changed after the last checklist shown (or none was), unless VS Code's list holds it. */
  renderTodos(cancelled = false): void {
    if (this.options.nativeTodos?.holdsList && !cancelled) return;
    this.show({ block: this.plans.finish(vscode.l10n.t('To-dos')) });
  }

  /** A block of its own in the answer (the agent's next text starts a new paragraph), or a progress line. */
  private show(out: PlanOutput): void {
    if (out.progress) this.stream.progress(out.progress);
    if (!out.block) return;
    // A paragraph break before it, unless it opens the answer or follows another block (which ends with one).
    const first = this.text === '' && this.plans.text === out.block;
    this.stream.markdown(`${first || this.afterBlock ? '' : '\n\n'}${out.block}\n\n`);
    this.afterTool = false;
    this.afterBlock = true;
  }

  /** The files the agent read, where VS Code hides a participant's references (before the usage line). */
  renderReadList(): void {
    if (this.options.listReadFiles && this.read.length > 0) {
      this.stream.markdown(`\n\n${vscode.l10n.t('Read:')} `);
      this.read.forEach((uri, i) => {
        if (i > 0) this.stream.markdown(', ');
        this.stream.anchor(uri, vscode.workspace.asRelativePath(uri, false));
      });
    }
  }
}

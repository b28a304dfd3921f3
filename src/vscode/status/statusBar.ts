/**
 * The status bar item: at a glance, whether Cursor is ready, and with which
 * model. Theme colours only; the tooltip links to the fixes.
 */
import * as vscode from 'vscode';
import type { AuthService } from '../../services/readiness/authService';
import { statusBarCommands, statusBarView, StatusBarView } from '../../services/readiness/statusBarView';
import type { Settings } from '../../services/settingsSchema';
import type { TurnUsage } from '../../services/answer/turnUsage';
import type { LocalChatAdvice } from '../../services/readiness/localChat';
import type { ShownModel } from '../../services/models/shownModel';

export class CursorStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('cursorAgent.status', vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[] = [];
  private lastTurn: TurnUsage | undefined;
  /** Why the chosen model cannot run on the backend in use (set once the model catalog exists). */
  private modelNote: (model: string | undefined) => string | undefined = () => undefined;
  /** The model the next @cursor turn uses, with its label and where it comes from (set once the composition root has the choice). */
  private nextModel: () => ShownModel = () => {
    const id = this.settings().model || undefined;
    return id ? { id, source: 'setting' } : { source: 'default' };
  };
  /** Where VS Code starts new chats (set once the composition root reads it). */
  private localChat: () => LocalChatAdvice = () => ({ kind: 'none' });
  private adviceFollowed: () => boolean = () => false;

  constructor(
    private readonly auth: AuthService,
    private readonly settings: () => Settings,
    private readonly demo: boolean,
    private readonly platform: string,
  ) {
    this.item.name = 'Cursor';
    this.item.command = 'cursorAgent.showStatusMenu';
    this.subscriptions.push({ dispose: auth.onDidChange(() => this.update()).dispose });
    this.update();
    this.item.show();
  }

  /** What the item shows now (for tests and the status menu). */
  get view(): StatusBarView {
    const { id: model, label: modelLabel, source: modelSource } = this.nextModel();
    const { demo, platform, lastTurn } = this;
    const localChat = this.localChat();
    const adviceFollowed = this.adviceFollowed();
    const modelNote = this.modelNote(model);
    return statusBarView({ state: this.auth.state, model, modelLabel, modelSource, demo, platform, lastTurn, modelNote, localChat, adviceFollowed });
  }

  /** Names the model the next @cursor turn uses (the participant's own decision); `changes` fires when it may change. */
  watchNextModel(next: () => ShownModel, changes: (listener: () => void) => { dispose(): void }): void {
    this.nextModel = next;
    this.subscriptions.push(changes(() => this.update()));
    this.update();
  }

  /** Flags a chosen model that the backend in use does not know (after the backend changed); `changes` fires when that may change. */
  watchModel(note: (model: string | undefined) => string | undefined, changes: (listener: () => void) => { dispose(): void }): void {
    this.modelNote = note;
    this.subscriptions.push(changes(() => this.update()));
    this.update();
  }

  /** Shows where @cursor answers when new chats start elsewhere (the Copilot harness); call `update()` when it changes. */
  watchLocalChat(advice: () => LocalChatAdvice, followed: () => boolean = () => false): void {
    this.localChat = advice;
    this.adviceFollowed = followed;
    this.update();
  }

  /** The last answer's model and usage, for the tooltip (undefined: the CLI gave no numbers). */
  setLastTurn(turn: TurnUsage | undefined): void {
    this.lastTurn = turn;
    this.update();
  }

  update(): void {
    const v = this.view;
    this.item.text = v.text;
    const md = new vscode.MarkdownString(v.tooltip, true);
    md.isTrusted = { enabledCommands: statusBarCommands() };
    this.item.tooltip = md;
    this.item.backgroundColor = v.background ? new vscode.ThemeColor(`statusBarItem.${v.background}Background`) : undefined;
    this.item.accessibilityInformation = { label: v.text.replace(/\$\([^)]*\)\s*/g, '') };
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
    this.item.dispose();
  }
}

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TurnEvent } from '../cli/turnParser';

const READ_KINDS = new Set(['read', 'ls', 'grep', 'glob']);

/** Renders turn events into the chat response stream. */
export class StreamRenderer {
  text = '';
  modelName: string | undefined;
  private afterTool = false;
  private thinking = false;
  private readonly referenced = new Set<string>();
  private readonly read: vscode.Uri[] = [];

  constructor(
    private readonly stream: vscode.ChatResponseStream,
    private readonly folder: vscode.Uri,
    private readonly showActivity: boolean,
    /** List the files read under the answer: this VS Code hides a participant's references (see hidesParticipantReferences). */
    private readonly listReadFiles = false,
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
        this.thinking = false;
        this.text += e.text;
        this.stream.markdown(t);
        break;
      }
      case 'thinking':
        if (!this.thinking && this.showActivity) this.stream.progress(vscode.l10n.t('Thinking…'));
        this.thinking = true;
        break;
      case 'thinkingDone':
        this.thinking = false;
        break;
      case 'tool':
        if (e.phase === 'started') {
          this.afterTool = true;
          if (this.showActivity) this.stream.progress(e.summary);
        } else if (e.path && READ_KINDS.has(e.kind) && e.outcome !== 'error' && e.outcome !== 'rejected') {
          const uri = path.isAbsolute(e.path) ? vscode.Uri.file(e.path) : vscode.Uri.joinPath(this.folder, e.path);
          if (!this.referenced.has(uri.toString())) {
            this.referenced.add(uri.toString());
            this.read.push(uri);
            this.stream.reference(uri);
          }
        }
        break;
      case 'connection':
        if (e.state.includes('reconnecting') || e.state.includes('retry')) this.stream.progress(vscode.l10n.t('Connection to Cursor lost, reconnecting…'));
        break;
      default:
        break;
    }
  }

  /** The files the agent read, where VS Code hides a participant's references (before the usage line). */
  renderReadList(): void {
    if (this.listReadFiles && this.read.length > 0) {
      this.stream.markdown(`\n\n${vscode.l10n.t('Read:')} `);
      this.read.forEach((uri, i) => {
        if (i > 0) this.stream.markdown(', ');
        this.stream.anchor(uri, vscode.workspace.asRelativePath(uri, false));
      });
    }
  }
}

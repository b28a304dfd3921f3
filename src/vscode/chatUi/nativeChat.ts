/**
 * VS Code's own chat UI for one `@cursor` request: whether its turn writes VS Code's to-do list and asks in
 * its question carousel (the decision: services/chatUi/nativeChatTools.ts, from this VS Code, the tools it
 * lists now and `cursorAgent.nativeChatUi`), and the to-do sync for it.
 */
import * as vscode from 'vscode';
import type { Logger } from '../../cli/logger';
import { nativeChatPaths, type NativeChatPaths } from '../../services/chatUi/nativeChatTools';
import { NativeTodoSync, nativeTodoSync } from './todoList';

export class NativeChat {
  /** The chat the last `@cursor` request came from (its session resource; the host tests read VS Code's to-do list of it). */
  lastChat: string | undefined;

  constructor(
    private readonly enabled: () => boolean,
    private readonly logger: Logger,
  ) {}

  paths(tool: vscode.ChatParticipantToolToken | undefined): NativeChatPaths {
    const resource = (tool as { sessionResource?: { scheme?: unknown } } | undefined)?.sessionResource;
    if (typeof resource?.scheme === 'string') this.lastChat = String(resource as object).slice(0, 2000);
    return nativeChatPaths({
      version: vscode.version,
      tools: vscode.lm.tools.map((t) => t.name),
      enabled: this.enabled(),
      hasToken: tool !== undefined,
    });
  }

  /** The to-do sync of this request, where VS Code's list holds its turn's to-dos (else undefined: a checklist in the answer). */
  todosFor(tool: vscode.ChatParticipantToolToken): NativeTodoSync | undefined {
    return this.paths(tool).todos === 'native' ? nativeTodoSync(tool, this.logger) : undefined;
  }

  /** Whether this request's questions go to VS Code's question carousel. */
  carousel(tool: vscode.ChatParticipantToolToken): boolean {
    return this.paths(tool).questions === 'carousel';
  }
}

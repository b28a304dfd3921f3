/**
 * What the ACP backend offers besides turns: the window's past Cursor chats (list one, open one for the
 * next turn with a recap of its last exchange) and the agent's own slash commands (list them; whether a
 * message invokes one, so that it is sent as written). Each answer says why when it cannot be given
 * (print mode, an untrusted window, no folder, a CLI without `session/list`, the CLI's own failure).
 * Pure: the backend, the selector and the workspace are the caller's.
 */
import type { AgentCommand } from '../../acp/agentCommands';
import { invokedCommand } from '../../acp/agentCommands';
import type { AcpClient } from '../../acp/client';
import { AcpFailure } from '../../acp/failures';
import { isPastChatId, type PastChat } from '../../acp/pastChats';
import { agentCommandsOf, listPastChats, openPastChat } from '../../acp/pastChatSessions';
import type { ChatMode } from '../../cli/args';
import { CliError, describeError } from '../../cli/errors';
import type { WorkspaceGate } from './workspaceGate';

export type { PastChat };
import type { ChatBackend } from '../../turn/chatBackend';

/** How long `/commands` waits for the agent's first list after a session was opened (the CLI sends it ~0.6 s after). */
export const COMMANDS_WAIT_MS = 5000;

export interface AgentFeaturesDeps {
  selector: { current(): Promise<ChatBackend> };
  acp: {
    clientFor(workspace: string): Promise<AcpClient>;
    runningClient(workspace: string): AcpClient | undefined;
    prepare(workspace: string, mode?: ChatMode): void;
  };
  /** Trust, the window's folders and the safe-folder rule. */
  gate: Pick<WorkspaceGate, 'isTrusted' | 'folders' | 'unsafeError'>;
  mode(): ChatMode;
}

/** Why a list cannot be given. */
export type FeatureRefusal =
  | { kind: 'print' }
  | { kind: 'refused'; reason: 'untrustedWorkspace' | 'noFolder' }
  /** The CLI does not list its chats (no `sessionCapabilities.list`). */
  | { kind: 'unsupported' }
  | { kind: 'failed'; error: CliError };

export type PastChatsResult = FeatureRefusal | { kind: 'chats'; chats: PastChat[] };
export type OpenPastChatResult =
  | FeatureRefusal
  /** Not a chat id at all (`invalid`), or none of this window's listed chats (`unknown`): the list to pick from. */
  | { kind: 'invalid'; id: string; chats: PastChat[] }
  | { kind: 'unknown'; id: string; chats: PastChat[] }
  | { kind: 'opened'; chat: PastChat; recap?: { asked: string; answered?: string } };
export type AgentCommandsResult = FeatureRefusal | { kind: 'commands'; commands: readonly AgentCommand[] };

export class AgentFeatures {
  constructor(private readonly deps: AgentFeaturesDeps) {}

  /** This window's past chats, newest first (at most 20). */
  async pastChats(): Promise<PastChatsResult> {
    const at = await this.where();
    if ('kind' in at) return at;
    return this.guard(async () => {
      const listing = await listPastChats(await this.deps.acp.clientFor(at.folder), this.deps.gate.folders());
      if (listing.ok) return { kind: 'chats', chats: listing.chats };
      if (listing.why === 'unsupported') return { kind: 'unsupported' };
      return { kind: 'failed', error: new CliError(describeError('malformedStream', { detail: 'session/list returned an unexpected result' })) };
    });
  }

  /**
   * Opens the listed chat `id` for the next turn, in its own folder's process: loaded and switched to the
   * read-only mode, its replay kept for a recap only. An id that is not one of the listed chats is never loaded.
   */
  async openPastChat(id: string): Promise<OpenPastChatResult> {
    const listed = await this.pastChats();
    if (listed.kind !== 'chats') return listed;
    if (!isPastChatId(id)) return { kind: 'invalid', id, chats: listed.chats };
    const chat = listed.chats.find((c) => c.id === id);
    if (!chat) return { kind: 'unknown', id, chats: listed.chats };
    const unsafe = this.deps.gate.unsafeError(chat.cwd);
    if (unsafe) return { kind: 'failed', error: unsafe };
    return this.guard(async () => {
      const recap = await openPastChat(await this.deps.acp.clientFor(chat.cwd), chat, this.deps.mode());
      return { kind: 'opened', chat, ...(recap ? { recap } : {}) };
    });
  }

  /** The agent's own commands, as it announced them last (a session is opened to hear them if none was yet). */
  async commands(): Promise<AgentCommandsResult> {
    const at = await this.where();
    if ('kind' in at) return at;
    return this.guard(async () => {
      this.deps.acp.prepare(at.folder, this.deps.mode());
      const commands = await agentCommandsOf(await this.deps.acp.clientFor(at.folder), COMMANDS_WAIT_MS);
      return { kind: 'commands', commands: commands ?? [] };
    });
  }

  /** Whether `message` invokes one of the commands the agent serving `workspace` announced (sent then as written). */
  invokesAgentCommand(workspace: string, message: string): boolean {
    const commands = this.deps.acp.runningClient(workspace)?.notes.commands.latest();
    return commands !== undefined && invokedCommand(message, commands) !== undefined;
  }

  /** The folder whose process answers (the first of the window), or why there is none. */
  private async where(): Promise<FeatureRefusal | { folder: string }> {
    if (!this.deps.gate.isTrusted()) return { kind: 'refused', reason: 'untrustedWorkspace' };
    const folder = this.deps.gate.folders()[0];
    if (!folder) return { kind: 'refused', reason: 'noFolder' };
    if ((await this.deps.selector.current()).id !== 'acp') return { kind: 'print' };
    const unsafe = this.deps.gate.unsafeError(folder);
    if (unsafe) return { kind: 'failed', error: unsafe };
    return { folder };
  }

  /** The CLI's failure as a result (signed out, a timeout, a process that ended), never a rejection. */
  private async guard<T>(run: () => Promise<T>): Promise<T | FeatureRefusal> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof AcpFailure) return { kind: 'failed', error: err.error };
      if (err instanceof CliError) return { kind: 'failed', error: err };
      return { kind: 'failed', error: new CliError(describeError('unknown', { detail: err instanceof Error ? err.message : String(err) })) };
    }
  }
}

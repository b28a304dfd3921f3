/**
 * Past chats and the agent's commands on one ACP process: `session/list` (only when the agent advertises
 * it), the load of a listed chat before its first turn here (its replay read for a recap, fenced by the
 * read-only mode switch, never routed to a turn), and the commands the agent announced. Pure: the
 * process is an {@link AcpClient}.
 */
import type { ChatMode } from '../cli/args';
import type { AgentCommand } from './agentCommands';
import type { AcpClient } from './client';
import { listsSessions, parsePastChats, PastChat, ReplayRecap } from './pastChats';

export type PastChatListing = { ok: true; chats: PastChat[] } | { ok: false; why: 'unsupported' | 'malformed' };

/** This window's past chats (`folders`), newest first and bounded; `unsupported` when the agent has no `session/list`. */
export async function listPastChats(client: AcpClient, folders: readonly string[]): Promise<PastChatListing> {
  if (!listsSessions(client.initializeResult)) return { ok: false, why: 'unsupported' };
  const chats = parsePastChats(await client.listSessions(), folders);
  return chats ? { ok: true, chats } : { ok: false, why: 'malformed' };
}

/**
 * Makes `chat` ready for a turn in this process: loaded (`session/load`) and switched to `mode` (which also
 * ends its replay), unless it is open here already. Returns the last exchange the load replayed, if any.
 * Rejects with the load's failure (an unknown or deleted chat: `-32602`).
 */
export async function openPastChat(client: AcpClient, chat: PastChat, mode: ChatMode): Promise<ReplayRecap['exchange']> {
  if (client.session(chat.id)) return undefined;
  await client.loadSession(chat.id, chat.cwd);
  await client.setMode(chat.id, mode);
  return client.notes.takeRecap(chat.id);
}

/** The commands the agent announced last in this process, waiting up to `waitMs` for a first list. */
export function agentCommandsOf(client: AcpClient, waitMs: number): Promise<readonly AgentCommand[] | undefined> {
  return client.notes.commands.next(waitMs);
}

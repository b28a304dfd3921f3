/**
 * `@cursor /resume` (this window's past Cursor chats, and continuing one), `@cursor /commands` (the agent's
 * own slash commands) and **Cursor: Open Past Chat…**. Each listed item is a button that puts the next
 * request into the chat input (`workbench.action.chat.open` with a partial query), so the user types the
 * rest. The lists and their wording come from services/ (agentFeatures, pastChatsView).
 */
import * as vscode from 'vscode';
import { openCursorChat } from '../status/localChat';
import { refusalMessage } from '../../cli/workspaceGuard';
import type { AgentFeatures, FeatureRefusal, PastChat } from '../../services/engine/agentFeatures';
import {
  commandLine,
  commandQuery,
  pastChatLabel,
  pastChatLine,
  plainText,
  recapMarkdown,
  relativeTime,
  resumeQuery,
} from '../../services/answer/pastChatsView';
import { actionCommand } from './errorActions';
import { slashCommand } from '../../services/engine/slashCommands';

export const OPEN_PAST_CHAT = 'cursorAgent.openPastChat';

/** A chat `/resume <id> <question>` opened: the turn runs in its folder, in that session, with `question`. */
export interface ResumedChat {
  chat: PastChat;
  folder: vscode.WorkspaceFolder;
  question: string;
}

/** `/resume` and `/commands` requests answered here, and the ones whose user text is not part of a conversation. */
export function isListing(command: string | undefined, prompt: string): boolean {
  const behaviour = slashCommand(command)?.behaviour;
  return behaviour === 'listing' || (behaviour === 'pastChat' && resumeArgs(prompt).question === '');
}

/** `<id> <question>` of a `/resume` request. */
export function resumeArgs(prompt: string): { id: string; question: string } {
  const m = /^\s*(\S*)\s*([\s\S]*)$/.exec(prompt);
  return { id: m?.[1] ?? '', question: (m?.[2] ?? '').trim() };
}

/** A `/resume` request's text as the conversation's history keeps it (the question, without the chat id). */
export function historyText(command: string | undefined, prompt: string): string {
  return slashCommand(command)?.behaviour === 'pastChat' ? resumeArgs(prompt).question : prompt;
}

function chatOpenButton(title: string, query: string): vscode.Command {
  return { title, command: 'workbench.action.chat.open', arguments: [{ query, isPartialQuery: true }] };
}

/** Why a list cannot be shown, as the chat shows it: a sentence, and the button that helps. */
function refusal(stream: vscode.ChatResponseStream, r: FeatureRefusal, what: string): vscode.ChatResult {
  switch (r.kind) {
    case 'print':
      stream.markdown(
        vscode.l10n.t('{0} need the ACP backend: `cursorAgent.backend` is `print`, or this CLI does not run `cursor-agent acp`.', what),
      );
      stream.button({ title: vscode.l10n.t('Open Settings'), command: 'workbench.action.openSettings', arguments: ['cursorAgent.backend'] });
      return { metadata: { errorKind: 'needsAcp' } };
    case 'unsupported':
      stream.markdown(vscode.l10n.t('This Cursor CLI does not list its past chats (`session/list`): update it with `cursor-agent update`.'));
      return { metadata: { errorKind: 'needsAcp' } };
    case 'refused':
      return { errorDetails: { message: vscode.l10n.t(refusalMessage(r.reason, 'chat')) }, metadata: { errorKind: r.reason } };
    case 'failed':
      for (const a of r.error.actions) {
        const cmd = actionCommand(a);
        if (cmd) stream.button(cmd);
      }
      return { errorDetails: { message: r.error.userMessage }, metadata: { errorKind: r.error.kind } };
  }
}

/** The past chats, each line followed by its button. */
function renderChats(stream: vscode.ChatResponseStream, chats: readonly PastChat[], intro: string): void {
  const now = Date.now();
  if (chats.length === 0) {
    stream.markdown(vscode.l10n.t('No past Cursor chats in this folder yet (chats from print mode are kept apart by the CLI).'));
    return;
  }
  const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  stream.markdown(`${intro}\n\n`);
  for (const c of chats) {
    stream.markdown(pastChatLine(c, now, multiRoot));
    stream.button(chatOpenButton(vscode.l10n.t('Continue: {0}', pastChatLabel(c, now)), resumeQuery(c.id)));
  }
}

/**
 * `/resume` without an id lists the chats; with an id and a question it opens that chat (its recap line is
 * shown) and returns what the turn needs; otherwise it says what is wrong, with the list.
 */
export async function resumeRequest(
  features: AgentFeatures,
  prompt: string,
  stream: vscode.ChatResponseStream,
): Promise<{ result: vscode.ChatResult } | ResumedChat> {
  const { id, question } = resumeArgs(prompt);
  const what = vscode.l10n.t('Past Cursor chats');
  if (!id) {
    stream.progress(vscode.l10n.t('Listing past Cursor chats…'));
    const listed = await features.pastChats();
    if (listed.kind !== 'chats') return { result: refusal(stream, listed, what) };
    renderChats(stream, listed.chats, vscode.l10n.t('Past Cursor chats in this folder, newest first. Pick one, then type your question:'));
    return { result: { metadata: {} } };
  }
  if (!question) {
    stream.markdown(vscode.l10n.t('Type your question after the chat id: `@cursor /resume {0} <question>`.', plainText(id)));
    stream.button(chatOpenButton(vscode.l10n.t('Continue This Chat'), resumeQuery(id)));
    return { result: { metadata: {} } };
  }
  stream.progress(vscode.l10n.t('Opening the Cursor chat…'));
  const opened = await features.openPastChat(id);
  if (opened.kind === 'invalid' || opened.kind === 'unknown') {
    const why = opened.kind === 'invalid' ? 'is not a Cursor chat id' : 'is not one of the past Cursor chats of this folder';
    stream.markdown(vscode.l10n.t('`{0}` {1}.', plainText(id.slice(0, 100)), why) + '\n\n');
    renderChats(stream, opened.chats, vscode.l10n.t('Pick one of these, then type your question:'));
    return { result: { metadata: { errorKind: 'unknownChat' } } };
  }
  if (opened.kind !== 'opened') return { result: refusal(stream, opened, what) };
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(opened.chat.cwd));
  if (!folder) return { result: refusal(stream, { kind: 'refused', reason: 'noFolder' }, what) };
  stream.markdown(recapMarkdown(opened.chat, Date.now(), opened.recap));
  return { chat: opened.chat, folder, question };
}

/** `/commands`: the agent's own commands with their descriptions, each a button that starts `@cursor /<name> `. */
export async function commandsRequest(features: AgentFeatures, stream: vscode.ChatResponseStream): Promise<vscode.ChatResult> {
  stream.progress(vscode.l10n.t('Asking the Cursor agent for its commands…'));
  const r = await features.commands();
  if (r.kind !== 'commands') return refusal(stream, r, vscode.l10n.t("The agent's own commands"));
  if (r.commands.length === 0) {
    stream.markdown(vscode.l10n.t('The Cursor agent has not announced any commands.'));
    return { metadata: {} };
  }
  stream.markdown(vscode.l10n.t("The Cursor agent's own commands ({0}). Pick one, or type `@cursor /<name>` yourself:", r.commands.length) + '\n\n');
  for (const c of r.commands) {
    stream.markdown(commandLine(c));
    stream.button(chatOpenButton(`/${c.name}`, commandQuery(c.name)));
  }
  return { metadata: {} };
}

/** **Cursor: Open Past Chat…**: a quick pick of the same list; the pick starts `@cursor /resume <id> ` in the chat input. */
export function registerOpenPastChat(features: AgentFeatures): vscode.Disposable {
  return vscode.commands.registerCommand(OPEN_PAST_CHAT, async () => {
    const listed = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Listing past Cursor chats…') },
      () => features.pastChats(),
    );
    if (listed.kind !== 'chats') return explain(listed);
    if (listed.chats.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No past Cursor chats in this folder yet.'));
      return;
    }
    const now = Date.now();
    const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
    const items = listed.chats.map((c) => ({
      label: c.title,
      description: relativeTime(c.updatedAt, now),
      ...(multiRoot ? { detail: c.cwd } : {}),
      id: c.id,
    }));
    const title = vscode.l10n.t('Open Past Chat');
    const pick = await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Pick a Cursor chat, then type your question') });
    // A Local chat: a new chat may start in the Copilot harness, which never calls @cursor.
    if (pick) await openCursorChat(resumeQuery(pick.id), true);
  });
}

/** A refusal as a notification (the palette command has no chat to write in). */
function explain(r: FeatureRefusal): void {
  const settings = vscode.l10n.t('Open Settings');
  const open = (choice: string | undefined) => {
    if (choice === settings) void vscode.commands.executeCommand('workbench.action.openSettings', 'cursorAgent.backend');
  };
  switch (r.kind) {
    case 'print':
      void vscode.window.showInformationMessage(vscode.l10n.t('Past Cursor chats need the ACP backend (cursorAgent.backend).'), settings).then(open);
      return;
    case 'unsupported':
      void vscode.window.showInformationMessage(vscode.l10n.t('This Cursor CLI does not list its past chats: update it with `cursor-agent update`.'));
      return;
    case 'refused':
      void vscode.window.showWarningMessage(vscode.l10n.t(refusalMessage(r.reason, 'chat')));
      return;
    case 'failed':
      void vscode.window.showErrorMessage(r.error.userMessage);
  }
}

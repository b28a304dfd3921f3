/**
 * The `@cursor` chat participant: streams the Cursor agent's answer into the
 * chat panel, with thinking and tool activity as progress, files read as
 * references, and every failure as an actionable error.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CliError } from '../cli/errors';
import { selectedLines, uniqueReferences, type HistoryTurn, type PromptReference } from '../cli/prompt';
import type { Logger } from '../cli/logger';
import type { TurnEvent } from '../cli/turnParser';
import type { AuthService } from '../services/authService';
import type { BinaryService } from '../services/binaryService';
import type { CursorAgentService } from '../services/cursorAgentService';
import { hidesParticipantReferences } from '../services/vscodeVersion';
import type { ModelCatalog } from '../services/modelCatalog';
import type { ModelChoice } from '../services/modelChoice';
import type { ChatLedger } from '../services/chatLedger';
import { boundAnswerText, CursorResultMetadata, readResultMetadata } from '../services/resultMetadata';
import type { Settings } from '../services/settingsSchema';
import { planPrompt } from '../services/turnPlanner';
import { LastTurn, renderAnswerFooter } from './continuity';
import { actionCommand } from './errorActions';
import { pickWorkspaceFolder } from './workspaceFolder';
import { renderModelsMarkdown, renderStatusMarkdown } from '../services/reports';

export const PARTICIPANT_ID = 'cursor-agent.cursor';

export interface ParticipantDeps {
  agent: CursorAgentService;
  binary: BinaryService;
  auth: AuthService;
  catalog: ModelCatalog;
  settings: () => Settings;
  modelChoice: ModelChoice;
  ledger: ChatLedger;
  logger: Logger;
  /** The OS the CLI runs on (for the macOS keychain note in /status). */
  platform: string;
  /** The last answered chat (Continue in Terminal) and the status bar's last-turn note. */
  lastTurn?: LastTurn;
  iconPath?: vscode.Uri;
}

export function registerChatParticipant(deps: ParticipantDeps): vscode.Disposable {
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, (request, context, stream, token) =>
    handleRequest(deps, request, context, stream, token),
  );
  if (deps.iconPath) participant.iconPath = deps.iconPath;
  participant.followupProvider = {
    provideFollowups(result) {
      const meta = readResultMetadata(result.metadata);
      if (meta.errorKind === 'unknownModel') return [{ prompt: '', command: 'models', label: vscode.l10n.t('List the available models') }];
      if (meta.errorKind === 'loggedOut' || meta.errorKind === 'notInstalled') return [{ prompt: '', command: 'status', label: vscode.l10n.t('Check the Cursor CLI status') }];
      return [];
    },
  };
  return participant;
}

async function handleRequest(
  deps: ParticipantDeps,
  request: vscode.ChatRequest,
  context: vscode.ChatContext,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  if (request.command === 'models') {
    const snap = await deps.catalog.get();
    stream.markdown(renderModelsMarkdown(snap, deps.settings().model || undefined));
    return { metadata: {} };
  }
  if (request.command === 'status') {
    stream.progress(vscode.l10n.t('Checking the Cursor CLI…'));
    const [resolution, state] = await Promise.all([deps.binary.resolve(), deps.auth.refresh(true)]);
    stream.markdown(renderStatusMarkdown(resolution, state, deps.settings().model || undefined, vscode.env.remoteName !== undefined, deps.platform));
    return { metadata: {} };
  }

  if (!vscode.workspace.isTrusted) {
    stream.button({ title: vscode.l10n.t('Manage Workspace Trust'), command: 'workbench.trust.manage' });
    return { errorDetails: { message: vscode.l10n.t('This folder is not trusted, so the Cursor agent will not run in it. Trust the folder to use @cursor here.') }, metadata: { errorKind: 'untrustedWorkspace' } };
  }
  const folder = await pickWorkspaceFolder();
  if (!folder) {
    return { errorDetails: { message: vscode.l10n.t('Open a folder first: the Cursor agent answers about the files of a workspace folder.') }, metadata: { errorKind: 'noFolder' } };
  }
  const workspace = folder.uri.fsPath;
  const settings = deps.settings();
  const mode = request.command === 'ask' ? 'ask' : settings.mode;
  const model = deps.modelChoice.choose(request.model?.vendor === 'cursor' ? request.model.id : undefined, settings.model);

  const { history, last } = readHistory(context, workspace);
  // Resume only a CLI chat that holds exactly what the history shows (not after an edit or a retry).
  const resumable = settings.resumeSessions && last?.cursorSessionId && deps.ledger.canResume(last.cursorSessionId, last.cliTurns) ? last : undefined;
  const references = await readReferences(request, deps.logger);
  const renderer = new StreamRenderer(stream, folder.uri, settings.showThinking, hidesParticipantReferences(vscode.version));
  stream.progress(vscode.l10n.t('Asking Cursor…'));
  const meta: CursorResultMetadata = { workspace, ...(model ? { model } : {}) };
  let resumed = false;
  const remember = (sessionId: string | undefined) => {
    if (!sessionId) return;
    meta.cursorSessionId = sessionId;
    meta.cliTurns = resumed && resumable?.cliTurns !== undefined ? resumable.cliTurns + 1 : 1;
    deps.ledger.record(sessionId, meta.cliTurns);
  };
  try {
    // Inside the try: a prompt over the size limit is a CliError like any other.
    const planned = planPrompt({ history, message: request.prompt, references, resumeChatId: resumable?.cursorSessionId });
    if (planned.omittedTurns > 0) stream.progress(vscode.l10n.t('The conversation is long: its {0} oldest turns were left out of the prompt.', planned.omittedTurns));
    const result = await deps.agent.turn({
      workspace,
      trusted: true,
      mode,
      model,
      prompt: planned.prompt,
      resume: planned.resume,
      cancellation: token,
      onEvent: (e) => renderer.render(e),
      onNotice: (m) => stream.progress(m),
      knownModels: () => deps.catalog.peek().models.map((m) => m.id),
    });
    resumed = result.resumed;
    remember(result.sessionId);
    meta.answerText = boundAnswerText(result.text);
    if (!result.cancelled) {
      const handOff = result.sessionId ? { chatId: result.sessionId, workspace, backend: 'print' as const } : undefined;
      renderer.renderReadList();
      renderAnswerFooter({ stream, usage: result.usage, modelName: renderer.modelName, modelId: model, catalog: deps.catalog, handOff, lastTurn: deps.lastTurn });
      void vscode.commands.executeCommand('setContext', 'cursorAgent.answered', true);
    }
    return { metadata: meta };
  } catch (err) {
    meta.answerText = boundAnswerText(renderer.text);
    if (err instanceof CliError) {
      resumed = err.resumed;
      remember(err.sessionId);
      meta.errorKind = err.kind;
      deps.logger.warn(`[participant] turn failed: ${err.kind}`);
      for (const a of err.actions) {
        const cmd = actionCommand(a);
        if (cmd) stream.button(cmd);
      }
      if (err.kind === 'notInstalled' || err.kind === 'loggedOut' || err.kind === 'keychainLocked') void deps.auth.refresh(true);
      return { errorDetails: { message: err.userMessage }, metadata: meta };
    }
    deps.logger.error(err instanceof Error ? err : String(err));
    return { errorDetails: { message: vscode.l10n.t('Unexpected error: {0}', err instanceof Error ? err.message : String(err)) }, metadata: meta };
  }
}

/** The visible history as prompt turns, and the metadata of the last answer in this folder that named a CLI chat. */
function readHistory(context: vscode.ChatContext, workspace: string): { history: HistoryTurn[]; last?: CursorResultMetadata } {
  const history: HistoryTurn[] = [];
  let last: CursorResultMetadata | undefined;
  for (const turn of context.history) {
    if (turn instanceof vscode.ChatRequestTurn) {
      if (turn.command === 'models' || turn.command === 'status') continue;
      history.push({ role: 'user', text: turn.prompt });
    } else if (turn instanceof vscode.ChatResponseTurn) {
      if (turn.command === 'models' || turn.command === 'status') continue;
      const meta = readResultMetadata(turn.result.metadata);
      const text = meta.answerText ?? turn.response.map((p) => (p instanceof vscode.ChatResponseMarkdownPart ? p.value.value : '')).join('');
      if (text) history.push({ role: 'assistant', text });
      if (meta.cursorSessionId && meta.workspace === workspace) last = meta;
    }
  }
  return { history, last };
}

const MAX_REFERENCE_CHARS = 150_000;

async function readReferences(request: vscode.ChatRequest, logger: Logger): Promise<PromptReference[]> {
  const out: PromptReference[] = [];
  for (const ref of request.references) {
    const v = ref.value;
    const uri = v instanceof vscode.Uri ? v : v instanceof vscode.Location ? v.uri : undefined;
    try {
      if (typeof v === 'string') {
        out.push({ kind: 'text', label: ref.modelDescription ?? ref.id, content: v });
      } else if (v instanceof vscode.Uri) {
        // Any scheme the user could attach: a file, an unsaved editor, a virtual file system's file.
        const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === v.toString());
        if (!open && (await isFolder(v))) {
          out.push({ kind: 'text', label: vscode.workspace.asRelativePath(v), content: `(folder) ${where(v)}` });
          continue;
        }
        const doc = open ?? (await vscode.workspace.openTextDocument(v));
        out.push({ kind: 'file', label: vscode.workspace.asRelativePath(v), path: where(v), languageId: doc.languageId, content: clip(doc.getText()) });
      } else if (v instanceof vscode.Location) {
        const doc = await vscode.workspace.openTextDocument(v.uri);
        out.push({
          kind: 'selection',
          label: vscode.workspace.asRelativePath(v.uri),
          path: where(v.uri),
          languageId: doc.languageId,
          range: selectedLines(v.range.start, v.range.end),
          content: clip(doc.getText(v.range)),
        });
      }
    } catch (err) {
      logger.warn(`[participant] could not read reference ${ref.id}: ${err instanceof Error ? err.message : String(err)}`);
      // Still tell the agent what was attached, so it can say it could not see it.
      if (uri) out.push({ kind: 'text', label: where(uri), content: '(attached by the user, but its contents could not be read)' });
    }
  }
  return uniqueReferences(out);
}

/** How the prompt names an attachment: a file's path; an unsaved editor's tab name; otherwise the URI. */
function where(uri: vscode.Uri): string {
  if (uri.scheme === 'file') return uri.fsPath;
  if (uri.scheme === 'untitled') return uri.path;
  return uri.toString(true);
}

async function isFolder(uri: vscode.Uri): Promise<boolean> {
  try {
    return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.Directory) !== 0;
  } catch {
    return false;
  }
}

function clip(text: string): string {
  return text.length <= MAX_REFERENCE_CHARS ? text : text.slice(0, MAX_REFERENCE_CHARS) + '\n… (truncated)';
}

const READ_KINDS = new Set(['read', 'ls', 'grep', 'glob']);

/** Renders turn events into the chat response stream. */
class StreamRenderer {
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

/**
 * The `@cursor` chat participant: streams the Cursor agent's answer into the
 * chat panel, with thinking and tool activity as progress, files read as
 * references, and every failure as an actionable error.
 */
import * as vscode from 'vscode';
import type { HistoryTurn } from '../../cli/prompt';
import type { Logger } from '../../cli/logger';
import { refusalMessage } from '../../cli/workspaceGuard';
import type { AuthService } from '../../services/readiness/authService';
import type { BinaryService } from '../../services/readiness/binaryService';
import type { BackendId } from '../../turn/chatBackend';
import type { ChatTurnFlow, ChatTurnResult } from '../../services/engine/chatTurn';
import { hidesParticipantReferences } from '../../services/chatUi/vscodeVersion';
import type { ModelCatalog } from '../../services/models/modelCatalog';
import type { ModelChoice } from '../../services/models/modelChoice';
import { shownModel, type ShownModel } from '../../services/models/shownModel';
import type { ConversationIndex, PlainMessage } from '../../services/conversation/conversationIndex';
import { beginConversationTurn, type ConversationTurn } from '../../services/conversation/conversationTurn';
import { boundAnswerText, CursorResultMetadata, readResultMetadata } from '../../services/conversation/resultMetadata';
import { visibleAnswerKey, withoutAnswerFooter } from '../../services/conversation/visibleAnswer';
import type { Settings } from '../../services/settingsSchema';
import { LastTurn, renderAnswerFooter } from './continuity';
import { actionCommand } from './errorActions';
import { imageCount, readReferences } from './chatReferences';
import { withImagesNote } from '../../services/engine/images';
import { StreamRenderer } from './streamRenderer';
import type { QuestionBoard } from '../chatUi/questionBoard';
import type { NativeTodoSync } from '../chatUi/todoList';
import { renderPlanButtons } from '../plans/planActions';
import type { RecentPlans } from '../../services/plans/recentPlans';
import type { ModelPickWatch } from './modelPickWatch';
import { pickWorkspaceFolder } from '../workspaceFolder';
import { renderModelsMarkdown, renderStatusMarkdown } from '../../services/readiness/reports';
import type { AgentFeatures } from '../../services/engine/agentFeatures';
import { commandsRequest, historyText, isListing, resumeRequest } from './agentSlashCommands';
import { type LocalChatAdvice, localChatLinks } from '../../services/readiness/localChat';
import { type AnsweredHere, answeredHere, slashCommand, type SlashCommandName } from '../../services/engine/slashCommands';

export const PARTICIPANT_ID = 'cursor-agent.cursor';

export interface ParticipantDeps {
  flow: ChatTurnFlow;
  binary: BinaryService;
  auth: AuthService;
  catalog: ModelCatalog;
  settings: () => Settings;
  modelChoice: ModelChoice;
  /** The model the next turn uses, with its label and where it comes from (the status bar shows the same; absent: the bare choice). */
  nextModel?(): ShownModel;
  /** Which CLI chat holds exactly the visible history (shared with the language model provider; survives a reload). */
  conversations: ConversationIndex;
  logger: Logger;
  /** The OS the CLI runs on (for the macOS keychain note in /status). */
  platform: string;
  /** The last answered chat (Continue in Terminal) and the status bar's last-turn note. */
  lastTurn?: LastTurn;
  iconPath?: vscode.Uri;
  /** Which backend runs turns and why, for /status. */
  backendStatus: () => string;
  /** Whether ACP runs turns (it sends no token counts: /status says usage is not available). */
  usesAcp: () => boolean;
  /** /status's line on the editor tools (MCP), given whether ACP runs turns. */
  editorToolsStatus?: (usesAcp: boolean) => string;
  /** Sees each request's Cursor model: a change is a picker choice (the walkthrough's model step). */
  modelPicks: Pick<ModelPickWatch, 'requested'>;
  /** Past Cursor chats (/resume) and the agent's own commands (/commands). */
  features: AgentFeatures;
  /** Where VS Code starts new chats (/status says when it is where @cursor cannot answer). */
  localChat?: () => LocalChatAdvice;
  /** The agent's questions, answered in this chat (VS Code's carousel or buttons). */
  questions?: QuestionBoard;
  /** VS Code's own to-do list for this request's turn, where it keeps the agent's to-dos (else undefined: a checklist). */
  nativeTodos?: (tool: vscode.ChatParticipantToolToken) => NativeTodoSync | undefined;
  /** Keeps each plan shown with its buttons, for Cursor: Open Recent Plan… after a reload. */
  recentPlans?: Pick<RecentPlans, 'remember'>;
}

export function registerChatParticipant(deps: ParticipantDeps): vscode.Disposable {
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, (request, context, stream, token) =>
    handleRequest(deps, request, context, stream, token),
  );
  if (deps.iconPath) participant.iconPath = deps.iconPath;
  participant.followupProvider = {
    provideFollowups(result) {
      const meta = readResultMetadata(result.metadata);
      if (meta.errorKind === 'unknownModel')
        return [{ prompt: '', command: 'models' satisfies SlashCommandName, label: vscode.l10n.t('List the available models') }];
      if (meta.errorKind === 'loggedOut' || meta.errorKind === 'notInstalled') {
        return [{ prompt: '', command: 'status' satisfies SlashCommandName, label: vscode.l10n.t('Check the Cursor CLI status') }];
      }
      return [];
    },
  };
  return participant;
}

type Handler = (deps: ParticipantDeps, stream: vscode.ChatResponseStream, request: vscode.ChatRequest) => Promise<vscode.ChatResult>;

/** The slash commands answered here, without a turn: one handler for each declared one (services/engine/slashCommands.ts). */
const ANSWERED_HERE: Record<AnsweredHere, Handler> = {
  models: async (deps, stream) => {
    const snap = await deps.catalog.get();
    stream.markdown(renderModelsMarkdown(snap, deps.modelChoice.next(deps.settings().model).id));
    return { metadata: {} };
  },
  status: async (deps, stream, request) => {
    stream.progress(vscode.l10n.t('Checking the Cursor CLI…'));
    // This request carries the picker's selection: count it, as a question would, so /status names the next turn's model.
    chooseModel(deps, request);
    const [resolution, state] = await Promise.all([deps.binary.resolve(), deps.auth.refresh({ force: true })]);
    const remote = vscode.env.remoteName !== undefined;
    const model = deps.nextModel?.() ?? shownModel(deps.modelChoice.next(deps.settings().model));
    const backend = deps.backendStatus();
    const usesAcp = deps.usesAcp();
    const editorTools = deps.editorToolsStatus?.(usesAcp);
    const localChat = deps.localChat?.() ?? { kind: 'none' };
    stream.markdown(renderStatusMarkdown({ resolution, state, model, remote, platform: deps.platform, backend, usesAcp, editorTools, localChat }));
    for (const l of localChatLinks(localChat)) stream.button({ title: vscode.l10n.t(l.title), command: l.command });
    return { metadata: {} };
  },
  commands: (deps, stream) => commandsRequest(deps.features, stream),
};

async function handleRequest(
  deps: ParticipantDeps,
  request: vscode.ChatRequest,
  context: vscode.ChatContext,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  if (answeredHere(request.command)) return ANSWERED_HERE[request.command](deps, stream, request);

  let model: string | undefined;
  let folder: vscode.WorkspaceFolder | undefined;
  let renderer: StreamRenderer | undefined;
  const meta: CursorResultMetadata = {};
  // What this answer shows, as the next request's history will show it.
  const shown = watchMarkdown(stream);
  stream = shown.stream;
  // `/resume <id> <question>`: that chat, opened (its recap shown), takes this turn; anything else was answered here.
  const resumed = slashCommand(request.command)?.behaviour === 'pastChat' ? await resumeRequest(deps.features, request.prompt, stream) : undefined;
  if (resumed && 'result' in resumed) return resumed.result;
  /** Which Cursor session this turn continues, and what the record keeps when it ends (services/memory). */
  let memory: ConversationTurn | undefined;
  const remember = (sessionId: string | undefined, backend: BackendId | undefined, answered: boolean) => {
    if (!sessionId) return;
    meta.cursorSessionId = sessionId;
    if (backend && backend !== 'print') meta.backend = backend;
    memory?.settle(sessionId, backend, answered ? visibleAnswerKey(shown.text(), readLabel()) : undefined);
  };
  try {
    const result = await deps.flow.run({
      folder: async () => (folder = resumed?.folder ?? (await pickWorkspaceFolder()))?.uri.fsPath,
      conversation: async (workspace) => {
        const settings = deps.settings();
        const mode = slashCommand(request.command)?.mode ?? settings.mode;
        model = chooseModel(deps, request);
        Object.assign(meta, { workspace, ...(model ? { model } : {}) });
        const { history, visible } = readHistory(context);
        // Resume only a session that holds exactly the turns the history shows (not after an edit, a retry, or a
        // restored chat that lost a turn), decided from the visible turns, not from metadata a reload may lose.
        const transcript: PlainMessage[] = [...visible, { role: 'user', text: request.prompt }];
        memory = beginConversationTurn(deps.conversations, transcript, workspace, { resume: settings.resumeSessions, newMessages: 'last' });
        const matched = memory.previous;
        const previous = resumed ? { backend: 'acp' as const, sessionId: resumed.chat.id } : matched;
        const { references, attachments } = await readReferences(request, deps.logger);
        const listReadFiles = hidesParticipantReferences(vscode.version);
        const nativeTodos = deps.nativeTodos?.(request.toolInvocationToken);
        renderer = new StreamRenderer(stream, folder!.uri, {
          showActivity: settings.showThinking,
          listReadFiles,
          ...(nativeTodos ? { nativeTodos } : {}),
        });
        stream.progress(vscode.l10n.t('Asking Cursor…'));
        return { mode, model, history, message: resumed?.question ?? request.prompt, references, attachments, ...(previous ? { previous } : {}) };
      },
      cancellation: token,
      onEvent: (e) => renderer?.render(e),
      onNotice: (m) => stream.progress(m),
      onOmittedTurns: (n) => stream.progress(vscode.l10n.t('The conversation is long: its {0} oldest turns were left out of the prompt.', n)),
      knownModels: () => deps.catalog.peek().models.map((m) => m.id),
      ...(deps.questions ? { askQuestion: deps.questions.asker(stream, { tool: request.toolInvocationToken, cancellation: token }) } : {}),
    });
    await renderer?.todosSettled();
    return renderResult(deps, stream, result, { meta, remember, renderer, model });
  } catch (err) {
    meta.answerText = boundAnswerText(renderer?.text ?? '');
    deps.logger.error(err instanceof Error ? err : String(err));
    return { errorDetails: { message: vscode.l10n.t('Unexpected error: {0}', err instanceof Error ? err.message : String(err)) }, metadata: meta };
  } finally {
    memory?.end();
  }
}

/** The model this request's turn uses: the picker's selection (a Cursor model) or the setting, whichever was chosen last. */
function chooseModel(deps: ParticipantDeps, request: vscode.ChatRequest): string | undefined {
  const picked = request.model?.vendor === 'cursor' ? request.model.id : undefined;
  deps.modelPicks.requested(picked);
  return deps.modelChoice.choose(picked, deps.settings().model);
}

interface TurnState {
  meta: CursorResultMetadata;
  remember(sessionId: string | undefined, backend: BackendId | undefined, answered: boolean): void;
  renderer: StreamRenderer | undefined;
  model: string | undefined;
}

/** The flow's result as the chat shows it: the footer under an answer, or the error with its buttons. */
function renderResult(deps: ParticipantDeps, stream: vscode.ChatResponseStream, result: ChatTurnResult, t: TurnState): vscode.ChatResult {
  if (result.status === 'refused') {
    if (result.reason === 'untrustedWorkspace') {
      stream.button({ title: vscode.l10n.t('Manage Workspace Trust'), command: 'workbench.trust.manage' });
      const message = vscode.l10n.t(refusalMessage('untrustedWorkspace', 'chat'));
      return { errorDetails: { message }, metadata: { errorKind: 'untrustedWorkspace' } };
    }
    return { errorDetails: { message: vscode.l10n.t(refusalMessage('noFolder', 'chat')) }, metadata: { errorKind: 'noFolder' } };
  }
  const { meta } = t;
  if (result.status === 'failed') meta.answerText = boundAnswerText(t.renderer?.text ?? '');
  if (result.status !== 'answered') t.remember(result.sessionId, result.backend, false);
  if (result.status === 'answered') {
    t.renderer?.renderTodos(result.cancelled);
    // The plans and notes shown count as the answer too (a fresh chat folds them into its history).
    const extra = t.renderer?.extraText;
    meta.answerText = boundAnswerText(extra ? `${result.text}\n\n${extra}` : result.text);
    if (result.cancelled) t.remember(result.sessionId, result.backend, false);
    else {
      const handOff = result.sessionId ? { chatId: result.sessionId, workspace: result.workspace, backend: result.backend } : undefined;
      t.renderer?.renderReadList();
      if (t.renderer?.plan) {
        const shown = renderPlanButtons(stream, t.renderer.plan);
        deps.recentPlans?.remember(shown);
      }
      const modelName = t.renderer?.modelName;
      renderAnswerFooter({ stream, usage: result.usage, modelName, modelId: t.model, catalog: deps.catalog, handOff, lastTurn: deps.lastTurn });
      t.remember(result.sessionId, result.backend, true);
      void vscode.commands.executeCommand('setContext', 'cursorAgent.answered', true);
    }
    return { metadata: meta };
  }
  const err = result.error;
  meta.errorKind = err.kind;
  deps.logger.warn(`[participant] turn failed: ${err.kind}`);
  for (const a of err.actions) {
    const cmd = actionCommand(a);
    if (cmd) stream.button(cmd);
  }
  return { errorDetails: { message: err.userMessage }, metadata: meta };
}

/**
 * The visible history: as prompt turns (an answer as the model said it, from its metadata when VS Code kept it),
 * and as the transcript the user sees (every answer's shown text), which decides what can be resumed.
 */
function readHistory(context: vscode.ChatContext): { history: HistoryTurn[]; visible: PlainMessage[] } {
  const history: HistoryTurn[] = [];
  const visible: PlainMessage[] = [];
  // Lists and reports (/models, /status, /commands, /resume without a question) are no part of the conversation, nor their answers.
  let skipAnswer = false;
  for (const turn of context.history) {
    if (turn instanceof vscode.ChatRequestTurn) {
      skipAnswer = isReport(turn.command) || isListing(turn.command, turn.prompt);
      if (skipAnswer) continue;
      // A resumed chat's session holds its images; a fresh chat's prompt says they are not included.
      history.push({ role: 'user', text: withImagesNote(historyText(turn.command, turn.prompt), imageCount(turn.references)) });
      visible.push({ role: 'user', text: turn.prompt });
    } else if (turn instanceof vscode.ChatResponseTurn) {
      if (skipAnswer || isReport(turn.command)) continue;
      const shownText = turn.response.map((p) => (p instanceof vscode.ChatResponseMarkdownPart ? p.value.value : '')).join('');
      const text = readResultMetadata(turn.result.metadata).answerText ?? withoutAnswerFooter(shownText, readLabel());
      if (text) history.push({ role: 'assistant', text });
      if (shownText.trim()) visible.push({ role: 'assistant', text: visibleAnswerKey(shownText, readLabel()) });
    }
  }
  return { history, visible };
}

const readLabel = () => vscode.l10n.t('Read:');
const isReport = (command: string | undefined) => slashCommand(command)?.behaviour === 'report';

/** The stream, and the markdown sent to it (what the chat history will hold as this answer's text). */
function watchMarkdown(stream: vscode.ChatResponseStream): { stream: vscode.ChatResponseStream; text(): string } {
  let text = '';
  // VS Code's stream is frozen (a Proxy over it breaks the proxy invariants): an object inheriting from it, whose own markdown() notes the text.
  const watched = Object.create(stream) as vscode.ChatResponseStream;
  Object.defineProperty(watched, 'markdown', {
    value: (value: string | vscode.MarkdownString) => {
      text += typeof value === 'string' ? value : value.value;
      stream.markdown(value);
      return watched;
    },
  });
  return { stream: watched, text: () => text };
}

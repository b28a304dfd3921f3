/**
 * Language model chat provider (vendor `cursor`): Cursor's models in the chat
 * model picker and in `vscode.lm.selectChatModels({ vendor: 'cursor' })`. Each
 * request runs one read-only `cursor-agent` turn; a conversation whose earlier
 * turns this provider already ran resumes that CLI chat.
 */
import * as vscode from 'vscode';
import { languageModelErrorKind } from '../../cli/errorKindRules';
import type { Logger } from '../../cli/logger';
import { refusalMessage } from '../../cli/workspaceGuard';
import type { AuthService } from '../../services/readiness/authService';
import type { ConversationIndex, PlainMessage } from '../../services/conversation/conversationIndex';
import { beginConversationTurn, type ConversationTurn } from '../../services/conversation/conversationTurn';
import type { ChatTurnFlow } from '../../services/engine/chatTurn';
import type { ModelCatalog } from '../../services/models/modelCatalog';
import type { Settings } from '../../services/settingsSchema';
import { estimateTokens, modelInformation } from '../../services/models/modelInformation';
import { PlanTracker } from '../../services/plans/planMarkdown';
import { shortlist } from '../../services/models/modelShortlist';
import { BACKEND_NAMES, listedModels } from '../../services/models/modelAvailability';
import type { ModelMemory } from '../../services/models/modelMemory';
import { defaultWorkspaceFolder } from '../workspaceFolder';
import { readLmMessage } from './lmParts';
import { withImagesNote } from '../../services/engine/images';
import { offeredToolsNote, toolNamesForLog } from '../../services/answer/offeredTools';

export const VENDOR = 'cursor';
/**
 * How long a failed request waits, after streaming some text, before it rejects (see below). VS Code gives a provider
 * no signal that its parts were delivered: the workbench forwards them one round trip at a time, and a stream that has
 * failed drops the parts not yet read (AsyncIterableObject checks its error before its buffer). 150 ms lost the partial
 * text on a loaded 2-core machine (load 12); the cost of waiting longer falls only on a request that fails anyway.
 */
const PARTS_FLUSH_MS = 500;

export interface ProviderDeps {
  flow: ChatTurnFlow;
  auth: AuthService;
  catalog: ModelCatalog;
  settings: () => Settings;
  logger: Logger;
  /** Which CLI chat holds which conversation; kept in the workspace storage so it survives a reload. */
  conversations: ConversationIndex;
  /** The models told to VS Code before this window's CLI has listed any. */
  memory: ModelMemory;
  /** The workbench asked for our models (the chat view opened, a caller selects models): a chance to warm a session. */
  onModelsAsked?: () => void;
}

export class CursorChatProvider implements vscode.LanguageModelChatProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeLanguageModelChatInformation = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly conversations: ConversationIndex;

  constructor(private readonly deps: ProviderDeps) {
    this.conversations = deps.conversations;
    this.subscriptions.push(
      { dispose: deps.catalog.onDidChange(() => this.changed.fire()).dispose },
      { dispose: deps.auth.onDidChange(() => this.changed.fire()).dispose },
    );
  }

  /** The model picker's short list follows Manage Models… and Switch Model; its models follow the backend. */
  settingsChanged(changed: ReadonlySet<keyof Settings>): void {
    if (changed.has('pickerModels') || changed.has('model') || changed.has('backend')) this.announce();
  }

  /** Asks the workbench to re-read our models (it does not resolve a third-party vendor by itself). */
  announce(): void {
    this.changed.fire();
  }

  async provideLanguageModelChatInformation(
    _options: vscode.PrepareLanguageModelChatModelOptions,
    _token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelChatInformation[]> {
    // Answers at once, never after a CLI call: VS Code resolves the model of every chat request (before it calls
    // @cursor) from what this answered last, and a fresh window's chat input selects a model only once this has
    // answered. Until this window's CLI has listed its models, the last list a window showed (or Cursor's Auto):
    // services/models/modelMemory.ts. Never prompts, silent or not: login happens in a terminal the user opens.
    const state = this.deps.auth.state;
    if (state.state === 'ready') this.deps.onModelsAsked?.();
    // Not ready (e.g. the CLI was missing at the last probe): check again, throttled, in the background. Every
    // vscode.lm.selectChatModels() lands here, so once the CLI is back the state change brings its models.
    else if (state.state !== 'checking' && state.state !== 'error') void this.deps.auth.recheckWhileNotReady();
    // 'error' (a status probe that timed out, a status format we don't know) still lists the CLI's models if it can
    // name them. The list is fetched (when cold or stale) in the background: when its ids change, the catalog's
    // change event makes VS Code ask again. Logged out, keychain locked or CLI gone: no CLI call, and the models
    // stay listed, so @cursor can say what to do (not logged in, with its Log In button; /status).
    if (state.state === 'ready' || state.state === 'error') void this.deps.catalog.get();
    const snap = this.deps.catalog.peek();
    const known = snap.fetchedAt > 0 ? snap : { ...this.deps.memory.provisional(), other: snap.other };
    // Every model is offered (any id works in selectChatModels and @cursor); the picker shows the short list.
    const settings = this.deps.settings();
    const shown = shortlist({ models: known.models, chosen: settings.pickerModels, selected: settings.model || undefined });
    // A model of the other backend (the backend changed) and the setting's stay listed, out of the picker: a request for
    // it reaches @cursor, which reports it (or runs its counterpart), never VS Code's "Language model unavailable".
    const here = BACKEND_NAMES[known.backend];
    return listedModels(known, shown, [settings.model]).map(({ model, selectable, kept }) => ({
      ...modelInformation(model, known.backend),
      isUserSelectable: selectable,
      ...(kept
        ? {
            detail: `Cursor · not available with the ${here} backend`,
            tooltip: `Cursor model \`${model.id}\` is not available with the ${here} backend.`,
          }
        : {}),
    }));
  }

  async provideLanguageModelChatResponse(
    model: vscode.LanguageModelChatInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const hold: { memory?: ConversationTurn } = {};
    try {
      await this.respond(model, messages, options, progress, token, hold);
    } finally {
      hold.memory?.end();
    }
  }

  /** One request; `hold.memory` holds the session it continues until it ends. */
  private async respond(
    model: vscode.LanguageModelChatInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
    hold: { memory?: ConversationTurn },
  ): Promise<void> {
    // A message of an image alone counts too: its image is sent (when new) or noted (when history).
    const read = messages.map(readLmMessage).filter((m) => m.text.trim() !== '' || m.attachments.length > 0);
    const plain: PlainMessage[] = read.map(({ role, text }) => ({ role, text }));
    const lastUser = plain.map((m) => m.role).lastIndexOf('user');
    if (lastUser === -1) throw new vscode.LanguageModelError('The request has no user message.');
    const settings = this.deps.settings();
    let answer = '';
    // A caller of vscode.lm sees only text: a plan (ACP) and a skipped question come as text parts too.
    const plans = new PlanTracker();
    const report = (text: string) => {
      answer += text;
      progress.report(new vscode.LanguageModelTextPart(text));
    };
    const block = (markdown: string | undefined) => {
      if (markdown) report(`${answer === '' ? '' : '\n\n'}${markdown}\n\n`);
    };
    // VS Code's own agent offers its tools with every request: the Cursor agent never calls them (it reads with its own).
    const tools = options.tools ?? [];
    if (tools.length > 0) this.deps.logger.info(`[lm] ${tools.length} tools offered (${toolNamesForLog(tools.map((t) => t.name))}): not called`);
    const result = await this.deps.flow.run({
      // Never run the agent (with --trust) in the home folder: it could read ~/.ssh and friends.
      folder: () => defaultWorkspaceFolder()?.uri.fsPath,
      conversation: (workspace) => {
        // Which session holds this conversation (held until this request ends); what it holds, or the history to fold in; then what is new.
        const memory = beginConversationTurn(this.conversations, plain, workspace, { resume: settings.resumeSessions, newMessages: 'any' });
        hold.memory = memory;
        const split = memory.previous ? memory.consumed : lastUser;
        const previous = memory.previous;
        return {
          mode: settings.mode,
          model: model.id,
          history: read.slice(0, split).map(({ role, text, attachments }) => ({ role, text: withImagesNote(text, attachments.length) })),
          message: renderNewMessages(plain.slice(split)),
          references: [],
          attachments: read.slice(split).flatMap((m) => m.attachments),
          ...(previous ? { previous } : {}),
        };
      },
      cancellation: token,
      onEvent: (e) => {
        if (e.type === 'text') report(e.text);
        else block(plans.push(e).block);
      },
      knownModels: () => this.deps.catalog.peek().models.map((m) => m.id),
    });
    if (result.status === 'refused') {
      throw vscode.LanguageModelError.NoPermissions(refusalMessage(result.reason, 'languageModel'));
    }
    if (result.status === 'answered') {
      block(plans.finish());
      const note = result.cancelled ? undefined : offeredToolsNote(tools.length);
      if (note) report(`${answer === '' || answer.endsWith('\n\n') ? '' : '\n\n'}${note}`);
      // The session holds the answer as the CLI states it (result.result), which is also what was streamed
      // unless the two disagreed. With a plan, the caller got the plan's text parts as well, and sends them
      // back as the assistant's message: the streamed text is what it will match. A cancelled turn is retired.
      hold.memory?.settle(result.sessionId, result.backend, result.cancelled ? undefined : plans.text || note ? answer : result.text);
      return;
    }
    // The text parts travel to the caller asynchronously; a rejection that overtakes them makes
    // VS Code's response stream throw before yielding them, and the caller loses the partial
    // answer. Give them a moment to arrive first.
    if (answer !== '') await new Promise((resolve) => setTimeout(resolve, PARTS_FLUSH_MS));
    const err = result.error;
    hold.memory?.settle(result.sessionId, result.backend, undefined);
    this.deps.logger.warn(`[lm] request failed: ${err.kind}`);
    switch (languageModelErrorKind(err.kind)) {
      case 'NoPermissions':
        throw vscode.LanguageModelError.NoPermissions(err.userMessage);
      case 'NotFound':
        throw vscode.LanguageModelError.NotFound(err.userMessage);
      case 'Blocked':
        throw vscode.LanguageModelError.Blocked(err.userMessage);
      default:
        throw new vscode.LanguageModelError(err.userMessage);
    }
  }

  async provideTokenCount(
    _model: vscode.LanguageModelChatInformation,
    text: string | vscode.LanguageModelChatRequestMessage,
    _token: vscode.CancellationToken,
  ): Promise<number> {
    return estimateTokens(typeof text === 'string' ? text : readLmMessage(text).text);
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
    this.changed.dispose();
  }
}

/** The messages after the part the CLI chat already has, as one user message. */
function renderNewMessages(fresh: PlainMessage[]): string {
  const [only, ...more] = fresh;
  if (only && more.length === 0) return only.text;
  return fresh.map((m) => `${m.role === 'user' ? 'User' : 'Assistant'}: ${m.text}`).join('\n\n');
}

/**
 * One chat turn, the same for the `@cursor` participant and the language
 * model provider: the trust and folder gate, the prompt (resume the previous
 * answer's session, or fresh with the history folded in), the backend, the run,
 * and the fallbacks (a resume the CLI refused, a backend whose transport
 * failed), ending in a result value the VS Code edge only translates.
 */
import { CliError, describeError } from '../../cli/errors';
import { needsAuthRecheck } from '../../cli/errorKindRules';
import type { ChatMode } from '../../cli/args';
import type { CancellationLike } from '../../cli/cancellation';
import type { Logger } from '../../cli/logger';
import { checkPromptSize, type HistoryTurn, type PromptReference } from '../../cli/prompt';
import type { TurnEvent } from '../../turn/events';
import type { QuestionAsker } from '../../turn/questions';
import type { BackendAnswer, BackendId, BackendSelector, BackendTurnOutcome, ChatBackend, ImageAttachment } from '../../turn/chatBackend';
import { composeTurnPrompt } from './turnPrompt';
import { notSentNote, prepareImages, type BinaryAttachment } from './images';
import type { WorkspaceGate } from './workspaceGate';

export const RESUME_FALLBACK_NOTICE =
  'The earlier Cursor chat could not be resumed, so this answer starts a fresh chat with the conversation so far.';
export const OTHER_BACKEND_NOTICE =
  'The earlier Cursor chat ran on another connection to the CLI, so this answer starts a fresh chat with the conversation so far.';
export const TRANSPORT_FALLBACK_NOTICE =
  'The connection to the Cursor CLI failed before answering, so this answer runs in print mode with the conversation so far.';

export interface ChatTurnDeps {
  selector: BackendSelector;
  logger: Logger;
  /** The workspace gate: an untrusted window runs nothing; turns never run in the home folder, what holds it, or a root. */
  gate: Pick<WorkspaceGate, 'isTrusted' | 'unsafeError'>;
  /** Why `model` cannot run on `backend` (it is known to be the other backend's only), if so: reported, never replaced. */
  modelCheck(model: string | undefined, backend: BackendId): CliError | undefined;
  /** The listed model of the same family and options to run instead of `model`, which `backend` does not list (a notice the first time). */
  modelInstead?(model: string | undefined, backend: BackendId): { model: string; notice?: string } | undefined;
  /** A turn is about to run on `backend` (e.g. print mode after auto fell back): the model list may have to follow. */
  onBackend(backend: BackendId): void;
  /** A turn failed or was refused: its kind only (for "Cursor: Report Issue…"; never a message or a prompt). */
  onFailed(kind: string): void;
  /**
   * A turn failed in a way that says the CLI's readiness changed (signed out, keychain locked, gone): probe it again
   * (the status bar and the model list follow). The one place this is decided for every surface (@cursor, vscode.lm,
   * the ask tools).
   */
  recheckReadiness?(): void;
  /** Whether `message` invokes one of the ACP agent's own slash commands in `workspace` (then it is sent as written). */
  invokesAgentCommand?(workspace: string, message: string): boolean;
}

/** What the turn runs: mode and model (chosen once the folder is known), and the conversation it continues. */
export interface TurnConversation {
  mode: ChatMode;
  model?: string;
  /** Earlier turns, oldest first. */
  history: HistoryTurn[];
  message: string;
  references: PromptReference[];
  /** Images and other binary attachments of this message (the bytes decide what is an image; see images.ts). */
  attachments?: readonly BinaryAttachment[];
  /** The session the previous answer ran in, when it holds exactly `history` (resumed on the same backend only). */
  previous?: { backend: BackendId; sessionId: string };
}

interface TurnCallbacks {
  cancellation?: CancellationLike;
  onEvent(event: TurnEvent): void;
  /** Something about the turn the user should know (a resume fell back, the backend changed). */
  onNotice?(message: string): void;
  /** Models known to exist, for the "unknown model" message. */
  knownModels?: () => readonly string[];
  /** Shows the agent's questions in the chat (the participant only). */
  askQuestion?: QuestionAsker;
}

export interface ChatTurnRequest extends TurnCallbacks {
  /** The folder to run in, asked only once the workspace is trusted (it may ask the user). */
  folder(): Promise<string | undefined> | string | undefined;
  /** The conversation in that folder. */
  conversation(workspace: string): Promise<TurnConversation> | TurnConversation;
  /** History turns were left out of the prompt to keep it within the size limit. */
  onOmittedTurns?(count: number): void;
}

/** A turn whose prompt is already planned (the prompt, and what to send instead if the resume fails). */
export interface PlannedTurn extends TurnCallbacks {
  workspace: string;
  mode: ChatMode;
  model?: string;
  prompt: string;
  resume?: { sessionId: string; fallbackPrompt: string };
  images?: readonly ImageAttachment[];
}

export type ChatTurnResult =
  /** Nothing ran: the workspace is not trusted, or no folder is open (or chosen). */
  | { status: 'refused'; reason: 'untrustedWorkspace' | 'noFolder' }
  /** `text`: the answer as the backend states it (print: `result.result`), for the history; `resumed`: it continued the previous session. */
  | ({ status: 'answered'; workspace: string; backend: BackendId; resumed: boolean } & BackendAnswer)
  | { status: 'failed'; workspace: string; backend?: BackendId; error: CliError; sessionId?: string; shownText: boolean; resumed: boolean };

export class ChatTurnFlow {
  constructor(private readonly deps: ChatTurnDeps) {}

  /** Runs one chat turn. Rejects only on a programming error (a CliError always comes back as `failed`). */
  async run(req: ChatTurnRequest): Promise<ChatTurnResult> {
    const result = await this.runOnce(req);
    if (result.status !== 'answered') this.deps.onFailed(result.status === 'refused' ? result.reason : result.error.kind);
    if (result.status === 'failed' && needsAuthRecheck(result.error.kind)) this.deps.recheckReadiness?.();
    return result;
  }

  private async runOnce(req: ChatTurnRequest): Promise<ChatTurnResult> {
    if (!this.deps.gate.isTrusted()) return { status: 'refused', reason: 'untrustedWorkspace' };
    const workspace = await req.folder();
    if (!workspace) return { status: 'refused', reason: 'noFolder' };
    const conv = await req.conversation(workspace);
    const backend = await this.deps.selector.current();
    const previous = conv.previous;
    const resumeId = previous && previous.backend === backend.id ? previous.sessionId : undefined;
    let planned;
    let images: readonly ImageAttachment[] = [];
    try {
      const prepared = prepareImages(conv.attachments ?? []);
      images = prepared.images;
      const references = [...conv.references];
      if (prepared.notSent.length > 0) {
        // Named, never sent: the agent can say what it could not see, and the user reads why.
        references.push({ kind: 'text', label: 'attachments not sent', content: notSentNote(prepared.notSent) });
        req.onNotice?.(`Not sent (not an image the agent can read): ${prepared.notSent.map((n) => n.label).join(', ')}`);
      }
      const verbatim = backend.id === 'acp' && this.deps.invokesAgentCommand?.(workspace, conv.message) === true;
      if (verbatim) this.deps.logger.info("[turn] the message invokes one of the agent's commands: sent as written");
      planned = composeTurnPrompt({ history: conv.history, message: conv.message, references, resumeChatId: resumeId, verbatim });
    } catch (err) {
      if (err instanceof CliError) return { status: 'failed', workspace, backend: backend.id, error: err, shownText: false, resumed: false };
      throw err;
    }
    if (previous && !resumeId) {
      this.deps.logger.info(
        `[turn] session ${previous.sessionId} ran on ${previous.backend}, this turn runs on ${backend.id}: starting fresh with the history`,
      );
      req.onNotice?.(OTHER_BACKEND_NOTICE);
    }
    if (planned.omittedTurns > 0) req.onOmittedTurns?.(planned.omittedTurns);
    const resume = planned.resume ? { sessionId: planned.resume.chatId, fallbackPrompt: planned.resume.fallbackPrompt } : undefined;
    return this.runPlanned({ ...req, workspace, mode: conv.mode, model: conv.model, prompt: planned.prompt, resume, images }, backend);
  }

  /** Runs a planned turn in a trusted folder: the safe-folder check, the run, and the fallbacks. */
  async runPlanned(t: PlannedTurn, chosen?: ChatBackend): Promise<ChatTurnResult> {
    const { workspace } = t;
    // Trusted or not, never the home folder (or what holds it) or a root: `--trust` there exposes everything below.
    const unsafe = this.deps.gate.unsafeError(workspace);
    if (unsafe) return { status: 'failed', workspace, error: unsafe, shownText: false, resumed: false };
    let backend = chosen ?? (await this.deps.selector.current());
    const freshPrompt = t.resume?.fallbackPrompt ?? t.prompt;
    const attempt = async (b: ChatBackend, prompt: string, resumeId: string | undefined): Promise<BackendTurnOutcome> => {
      this.deps.onBackend(b.id);
      const instead = this.deps.modelInstead?.(t.model, b.id);
      const told = instead?.notice ? ' (the user is told)' : '';
      if (instead) this.deps.logger.info(`[turn] the model ${t.model ?? ''} is not listed by the ${b.id} backend: running ${instead.model}${told}`);
      if (instead?.notice) t.onNotice?.(instead.notice);
      const model = instead?.model ?? t.model;
      const refused = this.deps.modelCheck(model, b.id);
      if (refused) {
        this.deps.logger.info(`[turn] the model ${model ?? ''} is not available with the ${b.id} backend: reported, nothing run`);
        return { ok: false, error: refused, shownText: false };
      }
      // Print mode takes text on stdin only: a question with an image is refused whole, never sent without it.
      if (b.id === 'print' && (t.images?.length ?? 0) > 0) {
        return { ok: false, error: new CliError(describeError('imagesUnsupported', { backend: 'print' })), shownText: false };
      }
      // The size limit, checked once here for both backends and every caller (a planned prompt may come from outside the flow).
      try {
        checkPromptSize(prompt);
      } catch (err) {
        if (err instanceof CliError) return { ok: false, error: err, shownText: false };
        throw err;
      }
      return b.runTurn({
        workspace,
        mode: t.mode,
        model,
        prompt,
        images: t.images,
        resumeId,
        cancellation: t.cancellation,
        onEvent: t.onEvent,
        onNotice: t.onNotice,
        knownModels: t.knownModels,
        ...(t.askQuestion ? { askQuestion: t.askQuestion } : {}),
      });
    };

    let resumed = t.resume !== undefined;
    let outcome = await attempt(backend, t.prompt, t.resume?.sessionId);
    if (!outcome.ok && outcome.transport && !outcome.shownText) {
      const next = this.deps.selector.fallBack(backend, `${outcome.error.kind}: ${outcome.error.message}`);
      if (next) {
        this.deps.logger.info(
          `[turn] the ${backend.id} backend failed before answering (${outcome.error.kind}); rerunning on ${next.id} with the history`,
        );
        t.onNotice?.(TRANSPORT_FALLBACK_NOTICE);
        backend = next;
        resumed = false;
        outcome = await attempt(backend, freshPrompt, undefined);
      }
    }
    if (
      !outcome.ok &&
      resumed &&
      t.resume &&
      (outcome.error.kind === 'resumeFailed' || outcome.error.kind === 'sessionInUse') &&
      !outcome.shownText
    ) {
      this.deps.logger.info(`[turn] resume of ${t.resume.sessionId} failed (${outcome.error.kind}); starting a fresh chat with the history`);
      t.onNotice?.(RESUME_FALLBACK_NOTICE);
      resumed = false;
      outcome = await attempt(backend, freshPrompt, undefined);
    }
    return toResult(outcome, workspace, backend.id, resumed);
  }
}

function toResult(o: BackendTurnOutcome, workspace: string, backend: BackendId, resumed: boolean): ChatTurnResult {
  if (!o.ok)
    return {
      status: 'failed',
      workspace,
      backend,
      error: o.error,
      ...(o.sessionId ? { sessionId: o.sessionId } : {}),
      shownText: o.shownText,
      resumed,
    };
  const { ok: _ok, ...answer } = o;
  return { status: 'answered', workspace, backend, ...answer, resumed };
}

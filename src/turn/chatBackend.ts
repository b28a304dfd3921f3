/**
 * The seam between the chat-turn flow and what runs a turn. Print mode
 * (`cursor-agent -p`, one process per turn) and ACP (`cursor-agent acp`, one
 * long-lived process serving sessions) are two implementations; the
 * participant and the language model provider never see which one ran.
 * Pure: type-only imports.
 */
import type { BackendId, ChatMode } from '../cli/args';
import type { CliError } from '../cli/errors';
import type { CancellationLike } from '../cli/cancellation';
import type { TurnEvent, Usage } from './events';
import type { QuestionAsker } from './questions';

export type { BackendId };

/** An image the user attached (ACP can send it; print mode folds in its name only). */
export interface ImageAttachment {
  mimeType: string;
  /** Base64, no data: prefix. */
  data: string;
  label?: string;
}

/** One turn as a backend runs it: the flow has already chosen resume or fresh and planned the text. */
export interface BackendTurnRequest {
  /** Absolute path of the workspace folder the agent runs in (already checked safe and trusted). */
  workspace: string;
  mode: ChatMode;
  model?: string;
  /** The text of this turn: the new message alone when `resumeId` is set, else the fresh prompt with the history folded in. */
  prompt: string;
  images?: readonly ImageAttachment[];
  /** This backend's own conversation to continue: a CLI chat id (print, `--resume`) or an ACP session id. */
  resumeId?: string;
  cancellation?: CancellationLike;
  onEvent(event: TurnEvent): void;
  /** Something the user should read in the chat (ACP shows a rejected permission request or a skipped question as a `notice` event instead). */
  onNotice?(message: string): void;
  /** Models known to exist, for the "unknown model" message. */
  knownModels?: () => readonly string[];
  /** Shows the agent's questions in the chat (ACP); absent where nobody can answer (skipped at once). */
  askQuestion?: QuestionAsker;
}

export type BackendTurnOutcome =
  | {
      ok: true;
      /** True when the user stopped the turn; the partial answer stays. */
      cancelled: boolean;
      /** The conversation the turn ran in (to resume next time). */
      sessionId?: string;
      /** The answer as the backend states it (print: `result.result`; ACP: the streamed text). */
      text: string;
      /** Token counts, where the backend reports them (print mode only). */
      usage?: Usage;
      durationMs: number;
      /** Bytes of prompt sent (for cost accounting). */
      promptBytes: number;
    }
  | {
      ok: false;
      error: CliError;
      sessionId?: string;
      /** Whether answer text had already been shown when it failed. */
      shownText: boolean;
      /**
       * The failure is the backend's transport itself (ACP: the process died before streaming, a
       * protocol error, a handshake that did not complete), not the user's business: with
       * `cursorAgent.backend: auto` and nothing shown, the flow reruns the turn in print mode.
       */
      transport?: boolean;
    };

/** A turn's answer as a backend reports it. */
export type BackendAnswer = Omit<Extract<BackendTurnOutcome, { ok: true }>, 'ok'>;

export interface ChatBackend {
  readonly id: BackendId;
  runTurn(req: BackendTurnRequest): Promise<BackendTurnOutcome>;
  /** Ends every process the backend started. */
  dispose(): void;
}

/** Which backend runs the next turn (`cursorAgent.backend`: auto, acp, print). */
export interface BackendSelector {
  current(): Promise<ChatBackend>;
  /**
   * After a transport failure of `failed` before any text: switch the rest of the window to print
   * mode (auto only) and return the backend to rerun on, or undefined when no fallback applies.
   */
  fallBack(failed: ChatBackend, reason: string): ChatBackend | undefined;
}

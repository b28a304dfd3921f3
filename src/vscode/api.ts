import type { AuthService, ReadyState } from '../services/readiness/authService';
import type { CursorStatusBar } from './status/statusBar';
import type { OpenButton, QuestionBoard } from './chatUi/questionBoard';
import type { NativeChat } from './chatUi/nativeChat';
import type { BackendId } from '../turn/chatBackend';

/** What `activate` returns: read-only views for tests and other extensions. */
export interface CursorAgentApi {
  readonly statusBarText: string;
  readonly statusBarTooltip: string;
  readonly readiness: ReadyState;
  refresh(): Thenable<ReadyState>;
  /** The buttons of the agent's questions open in the chat now (each runs `cursorAgent.answerQuestion` with its id). */
  openQuestionButtons(): OpenButton[];
  /** The chat (its session resource) the last `@cursor` request came from, where VS Code's tool token names it. */
  lastChat(): string | undefined;
  /**
   * Whose model list VS Code is given now: the backend the model catalog last listed (undefined before any list). After a
   * change of backend the other backend's list stays listed too, so `vscode.lm` alone cannot tell that the new one arrived.
   */
  readonly modelsBackend: BackendId | undefined;
}

export function createApi(
  statusBar: CursorStatusBar,
  auth: AuthService,
  questions: QuestionBoard,
  models: () => { backend: BackendId; fetchedAt: number },
  nativeChat?: NativeChat,
): CursorAgentApi {
  return {
    get statusBarText() {
      return statusBar.view.text;
    },
    get statusBarTooltip() {
      return statusBar.view.tooltip;
    },
    get readiness() {
      return auth.state;
    },
    refresh: () => auth.refresh({ force: true }),
    openQuestionButtons: () => questions.openButtons(),
    lastChat: () => nativeChat?.lastChat,
    get modelsBackend() {
      const snap = models();
      return snap.fetchedAt > 0 ? snap.backend : undefined;
    },
  };
}

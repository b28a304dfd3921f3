import type { AuthService, ReadyState } from '../services/readiness/authService';
import type { CursorStatusBar } from './status/statusBar';
import type { OpenButton, QuestionBoard } from './chatUi/questionBoard';
import type { NativeChat } from './chatUi/nativeChat';

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
}

export function createApi(statusBar: CursorStatusBar, auth: AuthService, questions: QuestionBoard, nativeChat?: NativeChat): CursorAgentApi {
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
  };
}

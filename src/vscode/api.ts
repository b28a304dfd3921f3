import * as vscode from 'vscode';
import type { AuthService, ReadyState } from '../services/readiness/authService';
import type { CursorStatusBar } from './statusBar';

/** What `activate` returns: read-only views for tests and other extensions. */
export interface CursorAgentApi {
  readonly statusBarText: string;
  readonly statusBarTooltip: string;
  readonly readiness: ReadyState;
  refresh(): Thenable<ReadyState>;
}

export function createApi(statusBar: CursorStatusBar, auth: AuthService): CursorAgentApi {
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
  };
}

/** Adapts a service event (plain emitter) to a vscode.Disposable subscription. */
export function subscribe<T>(event: (l: (v: T) => void) => { dispose(): void }, listener: (v: T) => void): vscode.Disposable {
  const d = event(listener);
  return new vscode.Disposable(() => d.dispose());
}

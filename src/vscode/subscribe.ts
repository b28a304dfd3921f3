import * as vscode from 'vscode';
/** Adapts a service event (plain emitter) to a vscode.Disposable subscription. */
export function subscribe<T>(event: (l: (v: T) => void) => { dispose(): void }, listener: (v: T) => void): vscode.Disposable {
  const d = event(listener);
  return new vscode.Disposable(() => d.dispose());
}

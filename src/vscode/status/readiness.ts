/** What follows the CLI's readiness: the model list once logged in, and the walkthrough's completion context keys. */
import * as vscode from 'vscode';
import type { AuthService } from '../../services/readiness/authService';
import type { ModelCatalog } from '../../services/models/modelCatalog';
import { subscribe } from '../subscribe';

export function followReadiness(auth: AuthService, catalog: ModelCatalog): vscode.Disposable {
  return subscribe(auth.onDidChange, (s) => {
    if (s.state === 'ready') catalog.invalidate();
    // Context keys for the walkthrough's completion events.
    void vscode.commands.executeCommand('setContext', 'cursorAgent.installed', s.state !== 'notInstalled' && s.state !== 'checking');
    void vscode.commands.executeCommand('setContext', 'cursorAgent.ready', s.state === 'ready');
  });
}

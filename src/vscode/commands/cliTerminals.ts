/** The CLI in a terminal for the palette: Log In, Log Out, Unlock Keychain (the launch is the hand-off's: terminal/handOff.ts). */
import * as vscode from 'vscode';
import { CliError } from '../../cli/errors';
import { terminalLaunch } from '../terminal/handOff';

import type { CommandDeps } from './commandDeps';

export async function runInTerminal(deps: CommandDeps, sub: 'login' | 'logout'): Promise<void> {
  let plan;
  try {
    plan = await deps.agent.resolveLaunch([sub]);
  } catch (err) {
    const message = err instanceof CliError ? err.userMessage : String(err);
    const select = vscode.l10n.t('Select Binary…');
    const logs = vscode.l10n.t('Show Logs');
    const choice = await vscode.window.showErrorMessage(vscode.l10n.t('Cannot run cursor-agent {0}: {1}', sub, message), select, logs);
    if (choice === select) await vscode.commands.executeCommand('cursorAgent.selectBinary');
    if (choice === logs) deps.output.show(true);
    return;
  }
  const name = sub === 'login' ? 'Cursor: Log In' : 'Cursor: Log Out';
  const terminal = vscode.window.createTerminal({ name, isTransient: true, ...terminalLaunch(deps, plan) });
  terminal.show();
  watchTerminal(deps, terminal, () => {
    deps.catalog.invalidate();
    void deps.auth.refresh({ force: true });
  });
}

/** Runs `onClose` when the terminal closes; the listener is disposed then, or with the extension. */
function watchTerminal(deps: CommandDeps, terminal: vscode.Terminal, onClose: () => void): void {
  const listener = vscode.window.onDidCloseTerminal((t) => {
    if (t !== terminal) return;
    listener.dispose();
    deps.terminalListeners.delete(listener);
    onClose();
  });
  deps.terminalListeners.add(listener);
}

export function unlockKeychain(deps: CommandDeps): void {
  const launch = terminalLaunch(deps, { command: '/usr/bin/security', args: ['unlock-keychain'] });
  const terminal = vscode.window.createTerminal({ name: 'Cursor: Unlock Keychain', isTransient: true, ...launch });
  terminal.show();
  watchTerminal(deps, terminal, () => void deps.auth.refresh({ force: true }));
}

/** The palette commands (category "Cursor"). */
import * as vscode from 'vscode';
import { READINESS_COMMANDS, statusMenuEntries } from '../../services/readiness/readinessTable';
import { manageModels, switchModel } from './modelCommands';
import { runInTerminal, unlockKeychain } from './cliTerminals';

export type { CommandDeps } from './commandDeps';
import type { CommandDeps } from './commandDeps';

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  const reg = (id: string, fn: (...args: unknown[]) => unknown) => vscode.commands.registerCommand(id, fn);
  return [
    new vscode.Disposable(() => {
      for (const l of deps.terminalListeners) l.dispose();
      deps.terminalListeners.clear();
    }),
    reg('cursorAgent.switchModel', () => switchModel(deps)),
    reg('cursorAgent.manageModels', () => manageModels(deps)),
    reg('cursorAgent.login', () => runInTerminal(deps, 'login')),
    reg('cursorAgent.logout', () => runInTerminal(deps, 'logout')),
    reg('cursorAgent.unlockKeychain', () => unlockKeychain(deps)),
    reg('cursorAgent.refreshStatus', async () => {
      deps.binary.invalidate();
      deps.catalog.invalidate();
      return deps.auth.refresh({ force: true });
    }),
    reg('cursorAgent.selectBinary', () => selectBinary(deps)),
    reg('cursorAgent.showLogs', () => deps.output.show(true)),
    reg('cursorAgent.showStatusMenu', () => statusMenu(deps)),
    reg('cursorAgent.reportIssue', () => deps.reportIssue()),
  ];
}

async function selectBinary(deps: CommandDeps): Promise<string | undefined> {
  const picked = await vscode.window.showOpenDialog({
    canSelectFiles: true,
    canSelectFolders: false,
    canSelectMany: false,
    title: vscode.l10n.t('Select the cursor-agent binary'),
    openLabel: vscode.l10n.t('Use This Binary'),
  });
  const file = picked?.[0]?.fsPath;
  if (!file) return undefined;
  const probe = await deps.binary.validate(file);
  if (!probe.ok) {
    const message = vscode.l10n.t('{0} is not a working cursor-agent: {1}', file, probe.reason);
    void vscode.window.showErrorMessage(message, vscode.l10n.t('Show Logs')).then((c) => c && deps.output.show(true));
    return undefined;
  }
  await vscode.workspace.getConfiguration('cursorAgent').update('path', file, vscode.ConfigurationTarget.Global);
  void vscode.window.showInformationMessage(vscode.l10n.t('Cursor will use {0} ({1}).', file, probe.version));
  return file;
}

async function statusMenu(deps: CommandDeps): Promise<void> {
  // The entries come from the readiness table; their English titles are the l10n keys.
  const items = statusMenuEntries(deps.auth.state.state, deps.platform).map((e): vscode.QuickPickItem & { command: string } => {
    const c = READINESS_COMMANDS[e.run];
    const description =
      e.description === 'model' ? deps.settings().model || vscode.l10n.t("CLI's default") : e.description && vscode.l10n.t(e.description);
    return { label: `$(${c.icon}) ${vscode.l10n.t(c.menu)}`, ...(description ? { description } : {}), command: c.command };
  });
  const view = deps.statusBar()?.view;
  const title = view ? view.text.replace(/\$\([^)]*\)\s*/g, '') : 'Cursor';
  const choice = await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Cursor') });
  if (choice) await vscode.commands.executeCommand(choice.command);
}

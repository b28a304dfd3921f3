/** Re-validates the binary when `cursorAgent.path` changes, and tells the user when it doesn't work. */
import * as vscode from 'vscode';
import type { AuthService } from '../../services/readiness/authService';
import type { BinaryService } from '../../services/readiness/binaryService';
import type { ModelCatalog } from '../../services/models/modelCatalog';

/** `cursorAgent.path` changed (the user's value: a workspace value changes nothing): look again, list again, probe again. */
export function binaryPathChanged(
  deps: { binary: BinaryService; catalog: ModelCatalog; auth: AuthService; output: vscode.LogOutputChannel },
  configured: string,
): void {
  deps.binary.invalidate();
  deps.catalog.invalidate();
  void deps.auth.refresh({ force: true });
  reportBinaryChoice(deps.binary, configured, deps.output).catch((err) => deps.output.error(String(err)));
}

export async function reportBinaryChoice(binary: BinaryService, configured: string, output: vscode.LogOutputChannel): Promise<void> {
  const r = await binary.resolve();
  if (!configured) return;
  const reason = r.rejected.find((x) => x.source === 'setting')?.reason ?? '';
  const openSettings = vscode.l10n.t('Open Settings');
  let message: string | undefined;
  if (r.found && r.configuredPathFailed) {
    message = vscode.l10n.t('cursorAgent.path "{0}" does not work ({1}). Using {2} instead.', configured, reason, r.path);
  } else if (!r.found) {
    message = vscode.l10n.t('cursorAgent.path "{0}" does not work ({1}), and no other cursor-agent was found.', configured, reason);
  }
  if (!message) return;
  const remoteHint = vscode.env.remoteName
    ? ' ' + vscode.l10n.t("(In a remote window this setting is read from the remote machine's settings.)")
    : '';
  const choice = await vscode.window.showWarningMessage(message + remoteHint, openSettings, vscode.l10n.t('Show Logs'));
  if (choice === openSettings) await vscode.commands.executeCommand('workbench.action.openSettings', 'cursorAgent.path');
  else if (choice) output.show(true);
}

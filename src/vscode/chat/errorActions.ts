import * as vscode from 'vscode';
import type { CliErrorAction } from '../../cli/errors';

export const INSTALL_URL = 'https://cursor.com/docs/cli/installation';

/** The VS Code command behind each error action (undefined: nothing to click). */
export function actionCommand(action: CliErrorAction): vscode.Command | undefined {
  switch (action) {
    case 'installCli':
      return { title: vscode.l10n.t('How to Install'), command: 'vscode.open', arguments: [vscode.Uri.parse(INSTALL_URL)] };
    case 'openPathSetting':
      return { title: vscode.l10n.t('Open Settings'), command: 'workbench.action.openSettings', arguments: ['cursorAgent.path'] };
    case 'selectBinary':
      return { title: vscode.l10n.t('Select Binary…'), command: 'cursorAgent.selectBinary' };
    case 'login':
      return { title: vscode.l10n.t('Log In'), command: 'cursorAgent.login' };
    case 'unlockKeychain':
      return { title: vscode.l10n.t('Unlock Keychain'), command: 'cursorAgent.unlockKeychain' };
    case 'switchModel':
      return { title: vscode.l10n.t('Switch Model'), command: 'cursorAgent.switchModel' };
    case 'showLogs':
      return { title: vscode.l10n.t('Show Logs'), command: 'cursorAgent.showLogs' };
    case 'manageTrust':
      return { title: vscode.l10n.t('Manage Workspace Trust'), command: 'workbench.trust.manage' };
    case 'openFolder':
      return { title: vscode.l10n.t('Open Folder…'), command: 'workbench.action.files.openFolder' };
    case 'openBackendSetting':
      return { title: vscode.l10n.t('Open Settings'), command: 'workbench.action.openSettings', arguments: ['cursorAgent.backend'] };
    case 'retry':
      return undefined;
  }
}

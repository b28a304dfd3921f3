import * as vscode from 'vscode';

/**
 * The folder a turn runs in: the only folder; in a multi-root window the active
 * editor's folder; otherwise the user picks (undefined when they don't, or when
 * no folder is open).
 */
export async function pickWorkspaceFolder(): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) return undefined;
  if (folders.length === 1) return folders[0];
  const active = vscode.window.activeTextEditor?.document.uri;
  const own = active ? vscode.workspace.getWorkspaceFolder(active) : undefined;
  if (own) return own;
  return vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Which folder should Cursor work in?') });
}

/** Non-interactive variant for the language model API (no UI may be shown there). */
export function defaultWorkspaceFolder(): vscode.WorkspaceFolder | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const active = vscode.window.activeTextEditor?.document.uri;
  return (active && vscode.workspace.getWorkspaceFolder(active)) || folders[0];
}

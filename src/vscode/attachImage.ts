/**
 * "Cursor: Attach Image to @cursor…": puts images into the chat input beside `@cursor `, for the
 * user to ask about. VS Code pastes or drops an image into the chat only while an extension with
 * its image-attachment proposal is installed (GitHub Copilot Chat has it); without one, nothing is
 * attached. The chat's own open command attaches image files either way (as image attachments,
 * which reach the participant as binary data), so this command works for every user.
 */
import * as vscode from 'vscode';

export const ATTACH_IMAGE = 'cursorAgent.attachImage';
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'];

/** `target`: the Explorer's selected image (its context menu), else the user picks images in a file dialog. */
export async function attachImage(target?: unknown, selected?: unknown): Promise<void> {
  const fromExplorer = Array.isArray(selected) ? selected.filter((u): u is vscode.Uri => u instanceof vscode.Uri) : [];
  const images = fromExplorer.length > 0 ? fromExplorer : target instanceof vscode.Uri ? [target] : await pickImages();
  if (!images?.length) return;
  await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@cursor ', isPartialQuery: true, attachFiles: images });
}

function pickImages(): Thenable<vscode.Uri[] | undefined> {
  return vscode.window.showOpenDialog({
    canSelectMany: true,
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
    filters: { [vscode.l10n.t('Images')]: IMAGE_EXTENSIONS },
    openLabel: vscode.l10n.t('Attach to @cursor'),
    title: vscode.l10n.t('Attach Image to @cursor'),
  });
}

/**
 * An unsaved Markdown document with `content`, shown: Open Plan's plan, Report Issue's report. VS Code can hand a
 * document opened just after another untitled one was closed the closing document (its name and old text: seen on
 * 1.110 and 1.139, for plans and for reports), so one that does not hold `content` is asked for once more, which
 * gives a new one. One place for the workaround.
 */
import * as vscode from 'vscode';

export async function showUntitledMarkdown(content: string): Promise<vscode.TextEditor> {
  let doc = await vscode.workspace.openTextDocument({ language: 'markdown', content });
  if (doc.getText() !== content) doc = await vscode.workspace.openTextDocument({ language: 'markdown', content });
  return vscode.window.showTextDocument(doc);
}

/**
 * Activation failures shown to the user, as rust-analyzer does: VS Code only logs an `activate()` that throws,
 * and @cursor, the Cursor models and the status bar are then simply missing. A failure to activate, or of a
 * service started after activation, is logged and named in one notification that offers Show Logs.
 */
import * as vscode from 'vscode';
import type { Logger } from '../cli/logger';

/** What a failure is reported through: the log, and the channel Show Logs reveals. */
export interface StartFailureOutput extends Logger {
  show(preserveFocus?: boolean): void;
}

/** Logs `err` and tells the user that `what` failed ("activate", "start the status probe"), with Show Logs. */
export async function reportStartFailure(output: StartFailureOutput, what: string, err: unknown): Promise<void> {
  const why = err instanceof Error ? err.message : String(err);
  output.error(`[start] could not ${what}: ${err instanceof Error && err.stack ? err.stack : why}`);
  const logs = vscode.l10n.t('Show Logs');
  const choice = await vscode.window.showErrorMessage(vscode.l10n.t('Cursor for VS Code Chat could not {0}: {1}', what, why), logs);
  if (choice === logs) output.show(true);
}

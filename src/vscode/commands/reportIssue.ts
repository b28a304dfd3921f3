/**
 * "Cursor: Report Issue…": the redacted report in VS Code's issue reporter when the manifest names a `bugs` URL;
 * otherwise (no tracker yet, or no issue reporter as in code-server) in an untitled document that says where it can go.
 */
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { AuthService } from '../../services/readiness/authService';
import type { BinaryService } from '../../services/readiness/binaryService';
import { issueDestination, NO_TRACKER_MESSAGE, NO_TRACKER_NOTE } from '../../services/readiness/issueDestination';
import { composeIssueReport, type IssueReportInput, type RecentErrorKinds } from '../../services/readiness/issueReport';
import { showUntitledMarkdown } from '../untitledMarkdown';

export const REPORT_ISSUE = 'cursorAgent.reportIssue';

export interface ReportIssueDeps {
  context: Pick<vscode.ExtensionContext, 'extension' | 'logUri'>;
  rt: { binary: BinaryService; auth: AuthService; backendStatus(): string; errorKinds: RecentErrorKinds };
  host: { homeDir: string; platform: string };
}

/** What the command did: where the text went, and the text (the host tests read it). */
export interface ReportIssueResult {
  shownIn: 'issueReporter' | 'document';
  text: string;
  /** The document was opened because the manifest names no tracker (`bugs`). */
  noTracker?: boolean;
}

export async function reportIssue(deps: ReportIssueDeps): Promise<ReportIssueResult> {
  const text = composeIssueReport(await reportInput(deps));
  const extensionId = deps.context.extension.id;
  const issueBody = `${vscode.l10n.t('Describe what you did, what you expected and what happened instead.')}\n\n${text}`;
  if (issueDestination(deps.context.extension.packageJSON).kind === 'document') {
    await showUntitledMarkdown(`${NO_TRACKER_NOTE}\n\n${issueBody}`);
    void vscode.window.showInformationMessage(vscode.l10n.t(NO_TRACKER_MESSAGE));
    return { shownIn: 'document', text, noTracker: true };
  }
  try {
    // A workbench command, not API (the shape every VS Code version since 1.60 takes): missing in code-server's browser build.
    await vscode.commands.executeCommand('workbench.action.openIssueReporter', { extensionId, issueTitle: '', issueBody });
    return { shownIn: 'issueReporter', text };
  } catch {
    // No issue reporter (code-server's browser build): the same text in a Markdown document, to copy from.
    await showUntitledMarkdown(issueBody);
    return { shownIn: 'document', text };
  }
}

async function reportInput(deps: ReportIssueDeps): Promise<IssueReportInput> {
  const { context, rt, host } = deps;
  return {
    extensionVersion: String((context.extension.packageJSON as { version?: unknown }).version ?? 'unknown'),
    vscodeVersion: vscode.version,
    os: { platform: host.platform, arch: process.arch, release: os.release() },
    ...(vscode.env.remoteName ? { remoteName: vscode.env.remoteName } : {}),
    uiKind: vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop',
    appHost: vscode.env.appHost,
    backend: rt.backendStatus(),
    resolution: await rt.binary.resolve(),
    homeDir: host.homeDir,
    readiness: rt.auth.state.state,
    errorKinds: rt.errorKinds.list(),
    log: await readLog(context.logUri),
  };
}

/**
 * The "Cursor" LogOutputChannel's file: VS Code writes it as `<logUri>/Cursor.log` (the channel has no read API).
 * Only its end is wanted, but `workspace.fs` reads whole files; the log rotates per session, so it stays small.
 */
async function readLog(logUri: vscode.Uri): Promise<IssueReportInput['log']> {
  try {
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(logUri, 'Cursor.log'));
    return { text: new TextDecoder().decode(bytes) };
  } catch (err) {
    return { unreadable: err instanceof Error ? err.message : String(err) };
  }
}

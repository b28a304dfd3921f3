/**
 * `cursor_ask` (`#cursor` in a prompt): the Cursor agent as a language model tool that any agent or
 * extension in VS Code can call. One read-only turn in the workspace folder, through the same chat-turn
 * flow as `@cursor` (trust and folder gate, size limit, backend, errors); the result is the answer's
 * text and the files the agent read. It never claims more: a refusal or a failure is an error, a
 * cancelled turn a cancellation.
 */
import * as vscode from 'vscode';
import { needsAuthRecheck } from '../cli/errorKindRules';
import type { Logger } from '../cli/logger';
import type { HostEnvironment } from '../cli/process';
import { refusalMessage } from '../cli/workspaceGuard';
import type { ChatTurnFlow } from '../services/engine/chatTurn';
import { parseAskInput } from '../services/engine/askInput';
import type { ModelCatalog } from '../services/models/modelCatalog';
import type { AuthService } from '../services/readiness/authService';
import type { Settings } from '../services/settingsSchema';
import { FilesRead } from '../services/views/filesRead';
import { PlanTracker } from '../services/views/planMarkdown';
import { readToolFiles, ToolInputError } from './askToolFiles';
import { defaultWorkspaceFolder } from './workspaceFolder';

export const ASK_TOOL = 'cursor_ask';
/** How much of the question the invocation message shows. */
const SHOWN_QUESTION_CHARS = 200;

export interface AskToolDeps {
  flow: ChatTurnFlow;
  auth: AuthService;
  catalog: ModelCatalog;
  settings: () => Settings;
  logger: Logger;
  host: Pick<HostEnvironment, 'platform' | 'realPath'>;
}

export class CursorAskTool implements vscode.LanguageModelTool<unknown> {
  constructor(private readonly deps: AskToolDeps) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): vscode.PreparedToolInvocation {
    const parsed = parseAskInput(options.input);
    if (!parsed.ok) return { invocationMessage: vscode.l10n.t('Asking Cursor (the input is not valid)') };
    const { question, files } = parsed.input;
    const shown = oneLine(question, SHOWN_QUESTION_CHARS);
    return {
      invocationMessage: files?.length
        ? vscode.l10n.t('Asking Cursor: "{0}" with {1}', shown, oneLine(files.join(', '), SHOWN_QUESTION_CHARS))
        : vscode.l10n.t('Asking Cursor: "{0}"', shown),
    };
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<unknown>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const parsed = parseAskInput(options.input);
    if (!parsed.ok) throw new Error(parsed.message);
    const { question, files = [] } = parsed.input;
    const settings = this.deps.settings();
    let answer = '';
    let read: FilesRead | undefined;
    const plans = new PlanTracker();
    const block = (markdown: string | undefined) => {
      if (markdown) answer += `${answer === '' ? '' : '\n\n'}${markdown}\n\n`;
    };
    let result;
    try {
      result = await this.deps.flow.run({
        folder: () => defaultWorkspaceFolder()?.uri.fsPath,
        conversation: async (workspace) => {
          read = new FilesRead(workspace);
          const references = await readToolFiles(files, workspace, this.deps.host);
          // A one-off question: no history, no earlier session; the mode and model as configured.
          return { mode: settings.mode, model: settings.model || undefined, history: [], message: question, references };
        },
        cancellation: token,
        onEvent: (e) => {
          if (e.type === 'text') answer += e.text;
          else if (e.type === 'tool') read?.push(e);
          else block(plans.push(e).block);
        },
        knownModels: () => this.deps.catalog.peek().models.map((m) => m.id),
      });
    } catch (err) {
      if (err instanceof ToolInputError) throw new Error(err.message);
      throw err;
    }
    if (result.status === 'refused') throw new Error(refusalMessage(result.reason, 'languageModel'));
    if (result.status === 'failed') {
      this.deps.logger.warn(`[tool] ${ASK_TOOL} failed: ${result.error.kind}`);
      if (needsAuthRecheck(result.error.kind)) void this.deps.auth.refresh({ force: true });
      throw new Error(result.error.userMessage);
    }
    if (result.cancelled || token.isCancellationRequested) throw new vscode.CancellationError();
    block(plans.finish());
    const text = answer.trim() || result.text.trim() || vscode.l10n.t('(The Cursor agent gave no answer.)');
    return new vscode.LanguageModelToolResult([
      new vscode.LanguageModelTextPart(text),
      new vscode.LanguageModelTextPart(`\n\n${filesLine(read)}`),
    ]);
  }
}

/** The line under the answer: the files the agent read (relative to the folder), or that it read none. */
function filesLine(read: FilesRead | undefined): string {
  const paths = read?.relative() ?? [];
  if (paths.length === 0) return vscode.l10n.t('Files the Cursor agent read: none.');
  const more = read?.more ? vscode.l10n.t(' and {0} more', read.more) : '';
  return vscode.l10n.t('Files the Cursor agent read: {0}{1}.', paths.join(', '), more);
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

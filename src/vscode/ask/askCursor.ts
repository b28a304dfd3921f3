/**
 * One read-only Cursor turn for a question from another agent: the one function behind the `cursor_ask`
 * language model tool (askTool.ts) and the `ask_cursor` MCP tool (the ask server). Through the same
 * chat-turn flow as `@cursor` (trust and folder gate, size limit, backend, errors), in the workspace
 * folder, with files of that folder only; the result is the answer's text and the files the agent read.
 * It never claims more: a refusal or a failure is an error, a cancelled turn a cancellation.
 */
import * as vscode from 'vscode';
import type { CancellationLike } from '../../cli/cancellation';
import type { Logger } from '../../cli/logger';
import type { HostEnvironment } from '../../cli/process';
import { refusalMessage } from '../../cli/workspaceGuard';
import type { ChatTurnFlow } from '../../services/engine/chatTurn';
import { parseAskInput } from '../../services/engine/askInput';
import type { ModelCatalog } from '../../services/models/modelCatalog';
import type { Settings } from '../../services/settingsSchema';
import { FilesRead } from '../../services/answer/filesRead';
import { PlanTracker } from '../../services/plans/planMarkdown';
import type { AskOutcome } from '../../turn/askInput';
import { readToolFiles, ToolInputError } from './askToolFiles';
import { defaultWorkspaceFolder } from '../workspaceFolder';

export interface AskCursorDeps {
  flow: ChatTurnFlow;
  catalog: ModelCatalog;
  settings: () => Settings;
  logger: Logger;
  host: Pick<HostEnvironment, 'platform' | 'realPath'>;
}

/** `tool` names the caller in the log (`cursor_ask`, `ask_cursor`). Rejects only on a programming error. */
export async function askCursorOnce(deps: AskCursorDeps, tool: string, input: unknown, cancellation: CancellationLike): Promise<AskOutcome> {
  const parsed = parseAskInput(input);
  if (!parsed.ok) return { status: 'error', message: parsed.message };
  const { question, files = [] } = parsed.input;
  const settings = deps.settings();
  let answer = '';
  let read: FilesRead | undefined;
  const plans = new PlanTracker();
  const block = (markdown: string | undefined) => {
    if (markdown) answer += `${answer === '' ? '' : '\n\n'}${markdown}\n\n`;
  };
  let result;
  try {
    result = await deps.flow.run({
      folder: () => defaultWorkspaceFolder()?.uri.fsPath,
      conversation: async (workspace) => {
        read = new FilesRead(workspace);
        const references = await readToolFiles(files, workspace, deps.host);
        // A one-off question: no history, no earlier session; the mode and model as configured.
        return { mode: settings.mode, model: settings.model || undefined, history: [], message: question, references };
      },
      cancellation,
      onEvent: (e) => {
        if (e.type === 'text') answer += e.text;
        else if (e.type === 'tool') read?.push(e);
        else block(plans.push(e).block);
      },
      knownModels: () => deps.catalog.peek().models.map((m) => m.id),
    });
  } catch (err) {
    if (err instanceof ToolInputError) return { status: 'error', message: err.message };
    throw err;
  }
  if (result.status === 'refused') return { status: 'error', message: refusalMessage(result.reason, 'languageModel') };
  if (result.status === 'failed') {
    deps.logger.warn(`[tool] ${tool} failed: ${result.error.kind}`);
    return { status: 'error', message: result.error.userMessage };
  }
  if (result.cancelled || cancellation.isCancellationRequested) return { status: 'cancelled' };
  block(plans.finish());
  const text = answer.trim() || result.text.trim() || vscode.l10n.t('(The Cursor agent gave no answer.)');
  return { status: 'answered', text, filesLine: filesLine(read) };
}

/** The line under the answer: the files the agent read (relative to the folder), or that it read none. */
function filesLine(read: FilesRead | undefined): string {
  const paths = read?.relative() ?? [];
  if (paths.length === 0) return vscode.l10n.t('Files the Cursor agent read: none.');
  const more = read?.more ? vscode.l10n.t(' and {0} more', read.more) : '';
  return vscode.l10n.t('Files the Cursor agent read: {0}{1}.', paths.join(', '), more);
}

/**
 * What comes after an answer: the usage line with how full the context is (and
 * a New Chat button past ~80%), and Continue in Terminal, which hands the same
 * CLI chat to the interactive `cursor-agent` in an integrated terminal, where
 * the agent can act under its own approvals (this extension stays read-only).
 *
 * Print-mode chats only: the interactive CLI resumes a `--resume` chat id but
 * cannot open an ACP session. An ACP backend passes `backend: 'acp'` and gets
 * no button; the command explains why if called for one.
 */
import * as vscode from 'vscode';
import { type BackendId, isChatId } from '../../cli/args';
import type { Usage } from '../../turn/events';
import type { ModelCatalog } from '../../services/models/modelCatalog';
import { contextWarning, TurnUsage, usageLine } from '../../services/answer/turnUsage';
import { handOffToTerminal, type HandOffWords, type TerminalHandOffDeps } from '../terminal/handOff';
import type { CursorStatusBar } from '../status/statusBar';

export const CONTINUE_IN_TERMINAL = 'cursorAgent.continueInTerminal';

/** A CLI chat an answer came from. */
export interface HandOff {
  chatId: string;
  workspace: string;
  backend: BackendId;
}

/** The last answered chat (for the palette command) and the status bar's last-turn note. */
export class LastTurn {
  handOff: HandOff | undefined;
  constructor(
    private readonly statusBar: () => CursorStatusBar | undefined,
    /** @cursor answered: the user found a chat where it works (the Local chat advice needs no more flagging). */
    private readonly onAnswered: () => void = () => undefined,
  ) {}

  answered(turn: TurnUsage | undefined, handOff: HandOff | undefined): void {
    if (handOff && isChatId(handOff.chatId)) this.handOff = handOff;
    this.onAnswered();
    this.statusBar()?.setLastTurn(turn);
  }
}

export interface FooterInput {
  stream: vscode.ChatResponseStream;
  usage: Usage | undefined;
  /** The model's display name from the CLI. */
  modelName: string | undefined;
  /** The model id the turn ran with (undefined: the CLI's default). */
  modelId: string | undefined;
  catalog: ModelCatalog;
  handOff: HandOff | undefined;
  lastTurn?: LastTurn;
}

/** The usage line, the context warning, and the hand-off button under an answer. */
export function renderAnswerFooter(f: FooterInput): void {
  const models = f.catalog.peek().models;
  const info = f.modelId ? models.find((m) => m.id === f.modelId) : (models.find((m) => m.isCurrent) ?? models.find((m) => m.isDefault));
  const turn: TurnUsage | undefined = f.usage
    ? { model: f.modelName ?? f.modelId, usage: f.usage, ...(info?.contextTokens ? { contextTokens: info.contextTokens } : {}) }
    : undefined;
  if (turn) {
    const line = usageLine(turn);
    f.stream.markdown(`\n\n*${line.text}*`);
    const warn = contextWarning(line);
    if (warn) {
      f.stream.markdown(new vscode.MarkdownString(`\n\n$(warning) ${warn}`, true));
      f.stream.button({ title: vscode.l10n.t('New Chat'), command: 'workbench.action.chat.newChat' });
    }
  }
  if (f.handOff?.backend === 'print' && isChatId(f.handOff.chatId)) {
    f.stream.button({ title: vscode.l10n.t('Continue in Terminal'), command: CONTINUE_IN_TERMINAL, arguments: [f.handOff] });
  }
  f.lastTurn?.answered(turn, f.handOff);
}

export interface HandOffDeps extends TerminalHandOffDeps {
  lastTurn: LastTurn;
}

/**
 * Opens an integrated terminal in the chat's workspace folder running
 * `cursor-agent --resume <chat id>` (never `--force`): the terminal hand-off, as Build in Terminal.
 */
export function continueInTerminal(deps: HandOffDeps, arg: unknown): Promise<vscode.Terminal | undefined> {
  return handOffToTerminal(deps, CONTINUE_WORDS(), () => {
    // Only a chat id that passes isChatId ever follows --resume, whichever path it came by. A button's
    // argument that fails the check is refused (never replaced by another chat: the last one answered).
    const handOff = arg === undefined ? validHandOff(deps.lastTurn.handOff) : readHandOff(arg);
    if (arg !== undefined && !handOff) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t('This Cursor chat cannot be continued in a terminal: its chat id is not one the Cursor CLI issues.'),
      );
      return undefined;
    }
    if (!handOff) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('No Cursor chat to continue yet: ask @cursor something first, then use Continue in Terminal under the answer.'),
      );
      return undefined;
    }
    if (handOff.backend !== 'print') {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('This chat runs over ACP, which the interactive cursor-agent cannot open: continue it in the chat panel.'),
      );
      return undefined;
    }
    return { args: ['--resume', handOff.chatId], folder: handOff.workspace, log: `[handoff] continuing chat ${handOff.chatId} in a terminal` };
  });
}

const CONTINUE_WORDS = (): HandOffWords => ({
  name: vscode.l10n.t('Cursor Agent'),
  untrusted: {
    message: vscode.l10n.t('Trust this folder first: the Cursor agent continues a chat only in a trusted folder.'),
    action: { title: vscode.l10n.t('Manage Workspace Trust'), command: 'workbench.trust.manage' },
  },
  noFolder: vscode.l10n.t('Open the folder of this chat first: the agent continues in that folder.'),
  cannotStart: (reason) => ({
    message: vscode.l10n.t('Cannot continue in the terminal: {0}', reason),
    action: { title: vscode.l10n.t('Select Binary…'), command: 'cursorAgent.selectBinary' },
  }),
});

function readHandOff(arg: unknown): HandOff | undefined {
  if (!arg || typeof arg !== 'object') return undefined;
  const a = arg as Record<string, unknown>;
  if (!isChatId(a.chatId) || typeof a.workspace !== 'string') return undefined;
  return { chatId: a.chatId, workspace: a.workspace, backend: a.backend === 'acp' ? 'acp' : 'print' };
}

function validHandOff(h: HandOff | undefined): HandOff | undefined {
  return h && isChatId(h.chatId) ? h : undefined;
}

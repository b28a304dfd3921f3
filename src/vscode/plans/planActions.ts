/**
 * What a user can do with the agent's plan (ACP `cursor/create_plan`), from buttons under the answer. @cursor
 * itself never writes: each button hands the plan to something the user then drives. The plan travels in the
 * button's own arguments, with its to-dos as they ended (the final checklist's states), read back as data only
 * (validated and bounded), never as a command. VS Code keeps the arguments in the window that showed the answer
 * only: in a chat restored after a window reload it disables every button ("Button not available in restored
 * chat", VS Code 1.110 and 1.139): the plan stays readable in the answer, and **Cursor: Open Recent Plan…**
 * (recentPlanCommand.ts) offers the same actions over the workspace's last plans.
 * - Open Plan: an untitled Markdown document (the user saves it, or not);
 * - Build with Agent: VS Code's chat in agent mode, the plan in its input (the user sends it, with their model), only
 *   when VS Code has a model that can edit there (services/plans/buildRoute.ts); otherwise a message that says so and
 *   offers Build in Terminal or Open Plan;
 * - Build in Terminal: an interactive `cursor-agent` in the plan's own workspace folder with the plan as its prompt
 *   (an argument array, never `--force`: the user approves each step there), in a trusted window only
 *   (terminal/handOff.ts, as Continue in Terminal); where the route the CLI starts through cannot pass the plan intact
 *   (Windows: a command line too long, a `.cmd` or `.ps1` launcher), in a prompt file the CLI is told to read, else
 *   not at all, with Copy Plan (services/plans/terminalPrompt.ts).
 */
import * as vscode from 'vscode';
import { planMarkdown, type PlanView } from '../../services/plans/planMarkdown';
import { planArg, readPlanArg } from '../../services/plans/planArg';
import { agentCanBuild } from '../../services/plans/buildRoute';
import { buildPrompt } from '../../services/plans/terminalPrompt';
import { showUntitledMarkdown } from '../untitledMarkdown';
import { handOffToTerminal, type HandOffWords, type TerminalHandOffDeps } from '../terminal/handOff';

export const OPEN_PLAN = 'cursorAgent.openPlan';
export const BUILD_WITH_AGENT = 'cursorAgent.buildPlanWithAgent';
export const BUILD_IN_TERMINAL = 'cursorAgent.buildPlanInTerminal';
export { MAX_PLAN_CHARS, planArg } from '../../services/plans/planArg';
export { buildPrompt } from '../../services/plans/terminalPrompt';

/** What a user can do with a plan, in the order shown: the buttons under an answer and Open Recent Plan's second pick. */
export function planActionList(): Array<{ title: string; command: string; tooltip: string }> {
  return [
    { title: vscode.l10n.t('Open Plan'), command: OPEN_PLAN, tooltip: vscode.l10n.t('The plan as an unsaved Markdown document') },
    {
      title: vscode.l10n.t('Build with Agent'),
      command: BUILD_WITH_AGENT,
      tooltip: vscode.l10n.t("VS Code's agent mode with the plan in its input: needs a chat model that can edit, such as GitHub Copilot's"),
    },
    {
      title: vscode.l10n.t('Build in Terminal'),
      command: BUILD_IN_TERMINAL,
      tooltip: vscode.l10n.t('The Cursor agent in a terminal with the plan; you approve each change there'),
    },
  ];
}

/** The buttons under an answer that proposed `plan`; returns the plan they carry. */
export function renderPlanButtons(stream: vscode.ChatResponseStream, plan: PlanView): PlanView {
  const arg = planArg(plan);
  for (const a of planActionList()) stream.button({ ...a, arguments: [arg] });
  return arg;
}

export function registerPlanActions(deps: TerminalHandOffDeps): vscode.Disposable[] {
  const withPlan = (fn: (p: PlanView) => unknown) => (arg: unknown) => {
    const p = readPlanArg(arg);
    if (!p) return void vscode.window.showErrorMessage(vscode.l10n.t('This plan cannot be read: ask @cursor for it again.'));
    return fn(p);
  };
  return [
    vscode.commands.registerCommand(
      OPEN_PLAN,
      withPlan(async (p) => {
        return showUntitledMarkdown(`${planMarkdown(p)}\n`);
      }),
    ),
    vscode.commands.registerCommand(
      BUILD_WITH_AGENT,
      withPlan(async (p) => {
        const vendors = (await vscode.lm.selectChatModels()).map((m) => m.vendor);
        if (!agentCanBuild(vendors)) return noBuildingModel(p);
        await vscode.commands.executeCommand('workbench.action.chat.newChat');
        // In the input, not sent: the user picks the model and sends it.
        await vscode.commands.executeCommand('workbench.action.chat.open', { mode: 'agent', query: buildPrompt(p), isPartialQuery: true });
        return undefined;
      }),
    ),
    vscode.commands.registerCommand(
      BUILD_IN_TERMINAL,
      withPlan((p) => buildInTerminal(deps, p)),
    ),
  ];
}

/** Build with Agent with no model that can edit: what happened, and the two ways on. */
async function noBuildingModel(p: PlanView): Promise<unknown> {
  const terminal = vscode.l10n.t('Build in Terminal');
  const open = vscode.l10n.t('Open Plan');
  const picked = await vscode.window.showWarningMessage(
    vscode.l10n.t(
      "Build with Agent needs a chat model that can edit files in VS Code's agent mode, such as GitHub Copilot's, and none is " +
        "available here (Cursor's models only answer, read-only). Build in Terminal hands the plan to the Cursor agent in a terminal, " +
        'where you approve each change.',
    ),
    terminal,
    open,
  );
  if (picked === terminal) return vscode.commands.executeCommand(BUILD_IN_TERMINAL, p);
  if (picked === open) return vscode.commands.executeCommand(OPEN_PLAN, p);
  return undefined;
}

/** The plan to the interactive `cursor-agent`, as its prompt, in the folder the plan was made in: the terminal hand-off. */
function buildInTerminal(deps: TerminalHandOffDeps, p: PlanView): Promise<vscode.Terminal | undefined> {
  const prompt = buildPrompt(p);
  return handOffToTerminal(deps, BUILD_WORDS(prompt), () => ({
    prompt,
    folder: p.folder,
    log: '[plan] building a plan with cursor-agent in a terminal',
  }));
}

const BUILD_WORDS = (prompt: string): HandOffWords => ({
  name: vscode.l10n.t('Cursor Agent: Build Plan'),
  untrusted: { message: vscode.l10n.t('Trust this folder first: the Cursor agent builds a plan only in a trusted folder.') },
  noFolder: vscode.l10n.t('Open the folder to build in first.'),
  cannotStart: (reason) => ({ message: vscode.l10n.t('Cannot start the Cursor agent: {0}', reason) }),
  promptRefused: (reason) => ({
    message: vscode.l10n.t(
      'Cannot hand this plan to the Cursor agent in a terminal safely: {0}. Copy the plan, run cursor-agent in a terminal and paste it there.',
      reason,
    ),
    action: { title: vscode.l10n.t('Copy Plan'), run: () => vscode.env.clipboard.writeText(prompt) },
  }),
});

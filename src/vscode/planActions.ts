/**
 * What a user can do with the agent's plan (ACP `cursor/create_plan`), from buttons under the answer. @cursor
 * itself never writes: each button hands the plan to something the user then drives. The plan travels in the
 * button's own arguments, with its to-dos as they ended (the final checklist's states), read back as data only
 * (validated and bounded), never as a command. VS Code keeps the arguments in the window that showed the answer
 * only: in a chat restored after a window reload it disables every button ("Button not available in restored
 * chat", VS Code 1.110 and 1.139), and the plan stays readable in the answer.
 * - Open Plan: an untitled Markdown document (the user saves it, or not);
 * - Build with Agent: VS Code's chat in agent mode, the plan in its input (the user sends it, with their model);
 * - Build in Terminal: an interactive `cursor-agent` in the workspace folder with the plan as its prompt (an
 *   argument array, never `--force`: the user approves each step there), in a trusted window only.
 */
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { CliError } from '../cli/errors';
import type { TodoItem } from '../turn/events';
import { planMarkdown, todoChecklist, type PlanView } from '../services/views/planMarkdown';
import { terminalLaunch } from './cliTerminals';
import type { HandOffDeps } from './continuity';

export const OPEN_PLAN = 'cursorAgent.openPlan';
export const BUILD_WITH_AGENT = 'cursorAgent.buildPlanWithAgent';
export const BUILD_IN_TERMINAL = 'cursorAgent.buildPlanInTerminal';
/**
 * The plan carried in a button, as markdown (name, overview, plan, to-dos), at most this long: a command line
 * (Windows: 32K characters) holds it. The to-dos come first (their final states are what changed during the turn),
 * then the plan's own markdown fills what is left.
 */
export const MAX_PLAN_CHARS = 20_000;
const MAX_TODOS = 100;
const MAX_TODO_CHARS = 300;
/** What the to-do checklist may take of {@link MAX_PLAN_CHARS}; rows beyond it are counted ("… and N more"). */
const MAX_CHECKLIST_CHARS = 8_000;

const STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
const planArgSchema = z.object({
  name: z.optional(z.string()),
  overview: z.optional(z.string()),
  markdown: z.string(),
  todos: z.array(z.object({ content: z.string(), status: z.enum(STATUSES) })),
  more: z.optional(z.int().check(z.minimum(0))),
});

const cut = (s: string | undefined, n: number) => (s === undefined ? undefined : s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The plan as a button carries it: its markdown (planMarkdown) at most {@link MAX_PLAN_CHARS} long. */
export function planArg(p: PlanView): PlanView {
  const todos: TodoItem[] = [];
  let used = 0;
  for (const t of p.todos.slice(0, MAX_TODOS)) {
    const todo = { content: cut(t.content, MAX_TODO_CHARS)!, status: t.status };
    used += todoChecklist([todo]).length + 1;
    if (used > MAX_CHECKLIST_CHARS) break;
    todos.push(todo);
  }
  const more = (p.more ?? 0) + p.todos.length - todos.length;
  const name = cut(p.name, 200);
  const overview = cut(p.overview, 2000);
  const rest = { ...(name ? { name } : {}), ...(overview ? { overview } : {}), todos, ...(more > 0 ? { more } : {}) };
  // The plan's own markdown gets the room the rest leaves (two characters for the blank line before it).
  const room = MAX_PLAN_CHARS - planMarkdown({ ...rest, markdown: '' }).length - 2;
  return { ...rest, markdown: cut(p.markdown, room)! };
}

function readPlanArg(arg: unknown): PlanView | undefined {
  const p = planArgSchema.safeParse(arg);
  return p.success ? planArg(p.data) : undefined;
}

/** The buttons under an answer that proposed `plan`. */
export function renderPlanButtons(stream: vscode.ChatResponseStream, plan: PlanView): void {
  const arg = planArg(plan);
  stream.button({ title: vscode.l10n.t('Open Plan'), command: OPEN_PLAN, arguments: [arg] });
  stream.button({ title: vscode.l10n.t('Build with Agent'), command: BUILD_WITH_AGENT, arguments: [arg] });
  stream.button({ title: vscode.l10n.t('Build in Terminal'), command: BUILD_IN_TERMINAL, arguments: [arg] });
}

/** What the agent that builds it reads: one paragraph that never starts with "-" (never taken for an option), then the plan. */
export function buildPrompt(p: PlanView): string {
  return `Build this plan:\n\n${planMarkdown(p)}`;
}

export function registerPlanActions(deps: Omit<HandOffDeps, 'lastTurn'>): vscode.Disposable[] {
  const withPlan = (fn: (p: PlanView) => unknown) => (arg: unknown) => {
    const p = readPlanArg(arg);
    if (!p) return void vscode.window.showErrorMessage(vscode.l10n.t('This plan cannot be read: ask @cursor for it again.'));
    return fn(p);
  };
  return [
    vscode.commands.registerCommand(
      OPEN_PLAN,
      withPlan(async (p) => {
        const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: `${planMarkdown(p)}\n` });
        return vscode.window.showTextDocument(doc);
      }),
    ),
    vscode.commands.registerCommand(
      BUILD_WITH_AGENT,
      withPlan(async (p) => {
        await vscode.commands.executeCommand('workbench.action.chat.newChat');
        // In the input, not sent: the user picks the model and sends it.
        await vscode.commands.executeCommand('workbench.action.chat.open', { mode: 'agent', query: buildPrompt(p), isPartialQuery: true });
      }),
    ),
    vscode.commands.registerCommand(
      BUILD_IN_TERMINAL,
      withPlan((p) => buildInTerminal(deps, p)),
    ),
  ];
}

async function buildInTerminal(deps: Omit<HandOffDeps, 'lastTurn'>, p: PlanView): Promise<vscode.Terminal | undefined> {
  if (!deps.gate.isTrusted()) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Trust this folder first: the Cursor agent builds a plan only in a trusted folder.'));
    return undefined;
  }
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return void vscode.window.showErrorMessage(vscode.l10n.t('Open the folder to build in first.'));
  let plan;
  try {
    plan = await deps.agent.resolveLaunch([buildPrompt(p)]);
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Cannot start the Cursor agent: {0}', err instanceof CliError ? err.userMessage : String(err)));
    return undefined;
  }
  deps.logger.info('[plan] building a plan with cursor-agent in a terminal');
  const terminal = vscode.window.createTerminal({ name: vscode.l10n.t('Cursor Agent: Build Plan'), ...terminalLaunch(deps, plan), cwd: folder.uri });
  terminal.show();
  return terminal;
}

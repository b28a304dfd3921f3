/**
 * How Build in Terminal hands a plan to the interactive `cursor-agent`: as its prompt argument when the route the CLI
 * starts through passes it intact and the command line fits; else in a prompt file the CLI is told to read (one short
 * line, safe on every route); else not at all, saying why. Pure: the launch is resolved by the caller's function, the
 * file is written by the caller.
 *
 * What each route does with an argument (Windows):
 * - directly (`node.exe index.js`, a `.exe`): VS Code's terminal quotes it with the C runtime's rules, so it arrives
 *   whole, but each `"` becomes `\"`: the command line must stay under 32,767 characters (CreateProcess);
 * - `cmd.exe /d /s /c` (a `.cmd` whose `node.exe` is unknown): no newline, quote or `%`, and under 8,000 characters
 *   (windowsLaunch.ts refuses the rest), so a plan, which always holds a newline, never goes as an argument there;
 * - `powershell.exe -File` (such a `.ps1`): Windows PowerShell 5.1 hands arguments to `node.exe` without escaping
 *   the quotes inside them (`x" --force "y` would arrive as three arguments, one of them `--force`), and a trailing
 *   backslash escapes its closing quote: only a line with no quote, no newline and no trailing backslash goes there.
 */
import type { LaunchPlan } from '../../cli/process';
import { MAX_WINDOWS_COMMAND_LINE, windowsTerminalCommandLine } from '../../cli/terminalCommandLine';
import { MAX_CMD_LINE, terminalShell } from '../../cli/windowsLaunch';
import { planMarkdown, type PlanView } from './planMarkdown';

/** Linux: the longest one argument may be (MAX_ARG_STRLEN, in bytes with its NUL). */
export const MAX_POSIX_ARG_BYTES = 131_072;

/** What the agent that builds it reads: one paragraph that never starts with "-" (never taken for an option), then the plan. */
export function buildPrompt(p: PlanView): string {
  return `Build this plan:\n\n${planMarkdown(p)}`;
}

/** The line the CLI gets instead of a prompt carried in a file: no quote, no newline, no `%`, `(` or `&`; it ends with a full stop. */
export function promptFileLine(file: string): string {
  return `Read the file ${file}, then build the plan it holds.`;
}

export interface PromptLaunchDeps {
  platform: string;
  /** The launch plan for the CLI with `args` (the launcher's). @throws when the CLI cannot be started with them. */
  resolveLaunch(args: string[]): Promise<LaunchPlan>;
}

export type PromptLaunch =
  /** The prompt is the CLI's one argument. */
  | { how: 'argument'; plan: LaunchPlan }
  /** Write `text` to `file` first: the CLI's one argument is {@link promptFileLine}; `why` the prompt did not go as an argument. */
  | { how: 'file'; plan: LaunchPlan; file: string; text: string; why: string }
  /** Neither way is safe on this route: `why` not as an argument, `reason` not as a prompt file either (for the user). */
  | { how: 'refused'; why: string; reason: string };

/**
 * How to start the interactive CLI with `prompt` (see the module comment). `file` is where a prompt file would go.
 * @throws what `resolveLaunch([])` throws: the CLI cannot be started at all.
 */
export async function planPromptLaunch(prompt: string, file: string, deps: PromptLaunchDeps): Promise<PromptLaunch> {
  await deps.resolveLaunch([]);
  const asArgument = await attempt(prompt, deps);
  if ('plan' in asArgument) return { how: 'argument', plan: asArgument.plan };
  const viaFile = await attempt(promptFileLine(file), deps);
  if ('plan' in viaFile) return { how: 'file', plan: viaFile.plan, file, text: prompt, why: asArgument.why };
  return { how: 'refused', why: asArgument.why, reason: viaFile.why.replace(/\.$/, '') };
}

async function attempt(arg: string, deps: PromptLaunchDeps): Promise<{ plan: LaunchPlan } | { why: string }> {
  let plan: LaunchPlan;
  try {
    plan = await deps.resolveLaunch([arg]);
  } catch (err) {
    return { why: err instanceof Error ? err.message : String(err) };
  }
  const why = unfit(plan, arg, deps.platform);
  return why === undefined ? { plan } : { why };
}

/** Why `arg` cannot go on `plan`'s route as it will reach the CLI; undefined when it can. */
export function unfit(plan: LaunchPlan, arg: string, platform: string): string | undefined {
  if (platform !== 'win32') {
    const bytes = new TextEncoder().encode(arg).length + 1;
    return bytes > MAX_POSIX_ARG_BYTES ? `it would be ${n(bytes)} bytes, over the ${n(MAX_POSIX_ARG_BYTES)} one argument may have` : undefined;
  }
  if (plan.via === 'powershell' && (/["\r\n]/.test(arg) || arg.endsWith('\\') || arg === '')) {
    return 'Windows PowerShell 5.1 would not pass it on intact (it holds a quote or a line break)';
  }
  const shell = terminalShell(plan, platform);
  const length = windowsTerminalCommandLine(shell.shellPath, shell.shellArgs).length;
  if (plan.via === 'cmd' && length >= MAX_CMD_LINE) {
    return `the command line would be ${n(length)} characters, and cmd.exe takes fewer than ${n(MAX_CMD_LINE)}`;
  }
  if (length >= MAX_WINDOWS_COMMAND_LINE) {
    return `the command line would be ${n(length)} characters, and Windows takes fewer than ${n(MAX_WINDOWS_COMMAND_LINE)}`;
  }
  return undefined;
}

const n = (x: number) => x.toLocaleString('en-US');

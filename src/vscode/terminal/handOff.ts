/**
 * The one hand-off from the chat to the interactive `cursor-agent` in an integrated terminal, which Continue in
 * Terminal (a CLI chat) and Build in Terminal (a plan) both call: in a trusted window only; in the folder the chat
 * or the plan came from when that folder is open in this window (else the window's first); through the same launch
 * as every Cursor terminal (the environment allowlist, Windows shims); never with `--force`. Each caller brings
 * its own words. A prompt (Build in Terminal's plan) goes as the route the CLI starts through allows
 * (services/plans/terminalPrompt.ts: an argument, a prompt file, or refused with a Copy Plan action). The terminals of
 * Log In, Log Out and Unlock Keychain use {@link terminalLaunch} too (in the home folder, never the workspace).
 */
import * as vscode from 'vscode';
import { cleanTerminalLaunch } from '../../cli/env';
import { CliError } from '../../cli/errors';
import type { Logger } from '../../cli/logger';
import type { LaunchPlan } from '../../cli/process';
import { terminalShell } from '../../cli/windowsLaunch';
import type { CursorAgentService } from '../../services/engine/cursorAgentService';
import { promptLaunch } from './promptFile';
import type { WorkspaceGate } from '../../services/engine/workspaceGate';

type TerminalLaunch = Pick<vscode.TerminalOptions, 'cwd' | 'env' | 'strictEnv' | 'shellPath' | 'shellArgs'>;

/**
 * Where the Log In / Log Out / Unlock Keychain terminals run: the home folder (never the workspace, trusted or not),
 * with the same allowlisted environment as turns and nothing else (`strictEnv`: no extension host variables such as
 * `NODE_OPTIONS`, no `terminal.integrated.env.*` from workspace settings). A hand-off replaces `cwd` with its folder.
 */
export function terminalLaunch(deps: { agent: Pick<CursorAgentService, 'launcher'> }, plan: LaunchPlan): TerminalLaunch {
  const { launcher } = deps.agent;
  const platform = launcher.platform;
  const env = launcher.terminalEnv();
  // Windows: a cmd.exe plan goes as one command-line string, so it arrives once-quoted (strictEnv holds there).
  // POSIX: /bin/sh drops whatever a remote window added to the environment, then starts the command.
  const shell = platform === 'win32' ? terminalShell(plan, platform) : cleanTerminalLaunch(plan.command, plan.args, env, platform);
  return { cwd: launcher.homeFolder(), env, strictEnv: true, ...shell };
}

export interface TerminalHandOffDeps {
  agent: CursorAgentService;
  logger: Logger;
  /** The workspace gate: the agent is handed anything only in a trusted window. */
  gate: Pick<WorkspaceGate, 'isTrusted'>;
  /** Where a prompt that cannot go as an argument is written (the extension's storage); needed for a request's `prompt`. */
  promptFolder?: string;
}

/** A message, and the one action it offers (its command, or `run`, when chosen). */
export interface Notice {
  message: string;
  action?: { title: string } & ({ command: string } | { run(): unknown });
}

/** What a caller says at each step. */
export interface HandOffWords {
  /** The terminal's name. */
  name: string;
  /** An information message in an untrusted window. */
  untrusted: Notice;
  /** An error message when no folder is open. */
  noFolder: string;
  /** An error message when the CLI cannot be launched (`reason`: the launch error's words). */
  cannotStart(reason: string): Notice;
  /** An error message when a request's prompt cannot be handed over safely on this route (`reason`: why). */
  promptRefused?(reason: string): Notice;
}

/**
 * What is handed over: the CLI's arguments, or one prompt (passed as the route allows), and the folder it belongs in
 * (a path; undefined: the window's first folder).
 */
export type HandOffRequest = ({ args: string[] } | { prompt: string }) & {
  folder: string | undefined;
  /** The log line when the terminal opens. */
  log: string;
};

/**
 * Trust, then the request (`request()` returns undefined when it has already said why there is none), then the folder,
 * the launch, and the terminal, shown. Returns the terminal, or undefined when nothing was opened.
 */
export async function handOffToTerminal(
  deps: TerminalHandOffDeps,
  words: HandOffWords,
  request: () => HandOffRequest | undefined,
): Promise<vscode.Terminal | undefined> {
  if (!deps.gate.isTrusted()) return void (await notify('info', words.untrusted));
  const req = request();
  if (!req) return undefined;
  // Only a folder that is open in this window: the request's own, or else the first one.
  const folders = vscode.workspace.workspaceFolders ?? [];
  const folder = folders.find((f) => f.uri.fsPath === req.folder) ?? folders[0];
  if (!folder) return void vscode.window.showErrorMessage(words.noFolder);
  let launch;
  try {
    launch = 'prompt' in req ? await promptLaunch(deps, req.prompt) : { plan: await deps.agent.resolveLaunch(req.args) };
  } catch (err) {
    return void (await notify('error', words.cannotStart(err instanceof CliError ? err.userMessage : String(err))));
  }
  if ('refused' in launch) {
    const refused = words.promptRefused?.(launch.refused) ?? words.cannotStart(launch.refused);
    return void (await notify('error', refused));
  }
  deps.logger.info(req.log);
  const terminal = vscode.window.createTerminal({ name: words.name, ...terminalLaunch(deps, launch.plan), cwd: folder.uri });
  launch.opened?.(terminal);
  terminal.show();
  return terminal;
}

async function notify(kind: 'info' | 'error', n: Notice): Promise<void> {
  const show = (...items: string[]) =>
    kind === 'info' ? vscode.window.showInformationMessage(n.message, ...items) : vscode.window.showErrorMessage(n.message, ...items);
  if (!n.action) return void show();
  const choice = await show(n.action.title);
  if (choice !== n.action.title) return;
  await ('command' in n.action ? vscode.commands.executeCommand(n.action.command) : n.action.run());
}

/** The CLI in a terminal: Log In, Log Out, Unlock Keychain, and the launch every Cursor terminal uses (Continue in Terminal too). */
import * as vscode from 'vscode';
import { cleanTerminalLaunch } from '../../cli/env';
import { CliError } from '../../cli/errors';
import { terminalShell } from '../../cli/windowsLaunch';
import type { LaunchPlan } from '../../cli/process';
import type { CursorAgentService } from '../../services/engine/cursorAgentService';

import type { CommandDeps } from './commandDeps';

type TerminalLaunch = Pick<vscode.TerminalOptions, 'cwd' | 'env' | 'strictEnv' | 'shellPath' | 'shellArgs'>;

/**
 * Where the Log In / Log Out / Unlock Keychain terminals run: the home folder (never the workspace, trusted or not),
 * with the same allowlisted environment as turns and nothing else (`strictEnv`: no extension host variables such as
 * `NODE_OPTIONS`, no `terminal.integrated.env.*` from workspace settings).
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

export async function runInTerminal(deps: CommandDeps, sub: 'login' | 'logout'): Promise<void> {
  let plan;
  try {
    plan = await deps.agent.resolveLaunch([sub]);
  } catch (err) {
    const message = err instanceof CliError ? err.userMessage : String(err);
    const select = vscode.l10n.t('Select Binary…');
    const logs = vscode.l10n.t('Show Logs');
    const choice = await vscode.window.showErrorMessage(vscode.l10n.t('Cannot run cursor-agent {0}: {1}', sub, message), select, logs);
    if (choice === select) await vscode.commands.executeCommand('cursorAgent.selectBinary');
    if (choice === logs) deps.output.show(true);
    return;
  }
  const name = sub === 'login' ? 'Cursor: Log In' : 'Cursor: Log Out';
  const terminal = vscode.window.createTerminal({ name, isTransient: true, ...terminalLaunch(deps, plan) });
  terminal.show();
  watchTerminal(deps, terminal, () => {
    deps.catalog.invalidate();
    void deps.auth.refresh({ force: true });
  });
}

/** Runs `onClose` when the terminal closes; the listener is disposed then, or with the extension. */
function watchTerminal(deps: CommandDeps, terminal: vscode.Terminal, onClose: () => void): void {
  const listener = vscode.window.onDidCloseTerminal((t) => {
    if (t !== terminal) return;
    listener.dispose();
    deps.terminalListeners.delete(listener);
    onClose();
  });
  deps.terminalListeners.add(listener);
}

export function unlockKeychain(deps: CommandDeps): void {
  const launch = terminalLaunch(deps, { command: '/usr/bin/security', args: ['unlock-keychain'] });
  const terminal = vscode.window.createTerminal({ name: 'Cursor: Unlock Keychain', isTransient: true, ...launch });
  terminal.show();
  watchTerminal(deps, terminal, () => void deps.auth.refresh({ force: true }));
}

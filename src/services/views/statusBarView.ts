/** What the status bar item shows for each readiness state (pure). */
import { MAC_KEYCHAIN_NOTE } from '../../cli/errors';
import type { ReadyState } from '../readiness/authService';
import { contextWarning, TurnUsage, usageLine } from './turnUsage';

export interface StatusBarView {
  text: string;
  tooltip: string;
  background?: 'warning' | 'error';
}

/** The item's label (with a codicon), Markdown tooltip with command links, and theme background. */
export function statusBarView(state: ReadyState, model: string | undefined, demo: boolean, platform?: string, lastTurn?: TurnUsage, modelNote?: string): StatusBarView {
  const links = {
    login: '[Log In](command:cursorAgent.login)',
    model: '[Switch Model](command:cursorAgent.switchModel)',
    binary: '[Select Binary…](command:cursorAgent.selectBinary)',
    logs: '[Show Logs](command:cursorAgent.showLogs)',
    refresh: '[Refresh](command:cursorAgent.refreshStatus)',
    unlock: '[Unlock Keychain](command:cursorAgent.unlockKeychain)',
  };
  const demoNote = demo ? '\n\n**Demo mode**: answers come from a simulated CLI, not from Cursor.' : '';
  const label = demo ? 'Cursor (demo)' : 'Cursor';
  switch (state.state) {
    case 'checking':
      return { text: `$(loading~spin) ${label}`, tooltip: `**Cursor**: checking the cursor-agent CLI…${demoNote}` };
    case 'notInstalled':
      return {
        text: `$(warning) ${label}`,
        tooltip: `**Cursor**: ${state.message}\n\nInstall the CLI, or point \`cursorAgent.path\` at it.\n\n${links.binary} · ${links.logs} · ${links.refresh}${demoNote}`,
        background: 'warning',
      };
    case 'loggedOut':
      if (platform === 'darwin') {
        // The CLI reads a keychain it cannot open as "Not logged in": offer both ways out, and say why.
        return {
          text: `$(sign-in) ${label}`,
          tooltip: `**Cursor**: not logged in. ${MAC_KEYCHAIN_NOTE} If you are logged in, unlock it.\n\n${links.login} · ${links.unlock} · ${links.logs} · ${links.refresh}${demoNote}`,
          background: 'warning',
        };
      }
      return { text: `$(sign-in) ${label}`, tooltip: `**Cursor**: not logged in.\n\n${links.login} · ${links.logs} · ${links.refresh}${demoNote}`, background: 'warning' };
    case 'keychainLocked':
      return {
        text: `$(lock) ${label}`,
        tooltip: `**Cursor**: your macOS login keychain is locked. Run \`security unlock-keychain\`, then refresh.\n\n${links.unlock} · ${links.refresh} · ${links.logs}${demoNote}`,
        background: 'warning',
      };
    case 'ready':
      // A model chosen under the other backend (the backend changed): say so, @cursor reports it too.
      return {
        text: `${modelNote ? '$(warning)' : '$(check)'} ${label}${model ? `: ${model}` : ''}`,
        tooltip:
          `**Cursor** is ready${state.email ? ` (${escapeMd(state.email)})` : ''}\n\nCLI ${state.version}\n\n` +
          `Model: ${model ? `\`${model}\`` : "the CLI's default"}${modelNote ? `, ${modelNote}: pick another` : ''}${lastTurnNote(lastTurn)}\n\n` +
          `${links.model} · ${links.logs} · ${links.refresh}${demoNote}`,
        ...(modelNote ? { background: 'warning' as const } : {}),
      };
    case 'error':
      return { text: `$(error) ${label}`, tooltip: `**Cursor**: ${escapeMd(state.detail)}\n\n${links.logs} · ${links.binary} · ${links.refresh}${demoNote}`, background: 'error' };
  }
}

/** The last answer's model and usage (only when the CLI reported numbers). */
function lastTurnNote(t: TurnUsage | undefined): string {
  if (!t) return '';
  const line = usageLine(t);
  const warn = contextWarning(line);
  return `\n\nLast answer: ${escapeMd(line.text)}${warn ? `\n\n$(warning) ${escapeMd(warn)}` : ''}`;
}

function escapeMd(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-!|<>]/g, '\\$&');
}


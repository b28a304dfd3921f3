/**
 * The user-facing message, fix and actions of each error kind (errors.ts declares the kinds): one case per kind
 * and no `default:`, so a new kind without its text fails to compile (and lint's switch-exhaustiveness-check).
 */
import type { CliErrorInfo, CliErrorKind, ErrorDetails } from './errorKinds';
import { REFUSAL_REASONS } from './workspaceGuard';

/** Why a Mac user who is logged in may still be told "not logged in" (the CLI cannot tell the two apart). */
export const MAC_KEYCHAIN_NOTE = 'On macOS a locked login keychain looks the same to the CLI.';

const INSTALL_HINT =
  "Install it with `curl https://cursor.com/install -fsS | bash` (Windows: `irm 'https://cursor.com/install?win32=true' | iex`), " +
  'or point the `cursorAgent.path` setting at the binary.';

/** The user-facing text for each kind. */
export function describeError(kind: CliErrorKind, d: ErrorDetails = {}): CliErrorInfo {
  switch (kind) {
    case 'notInstalled':
      return {
        kind,
        message: `The Cursor CLI (\`cursor-agent\`) was not found${d.binary ? ` at \`${d.binary}\`` : ''}.`,
        fix: INSTALL_HINT,
        actions: ['installCli', 'selectBinary', 'openPathSetting'],
      };
    case 'notExecutable':
      return {
        kind,
        message: `\`${d.binary ?? 'cursor-agent'}\` exists but could not be started${d.detail ? ` (${d.detail})` : ''}.`,
        fix: 'Check that it is executable (`chmod +x`), or choose another binary with "Cursor: Select Binary…".',
        actions: ['selectBinary', 'openPathSetting', 'showLogs'],
      };
    case 'ideLauncherOnly':
      return {
        kind,
        message: 'The `cursor` command found is the Cursor IDE launcher, not the Cursor agent CLI.',
        fix: INSTALL_HINT,
        actions: ['installCli', 'selectBinary'],
      };
    case 'loggedOut':
      if (d.platform === 'darwin') {
        return {
          kind,
          message: `The Cursor CLI is not logged in. ${MAC_KEYCHAIN_NOTE}`,
          fix: 'Run `cursor-agent login` ("Log In"), or if you are logged in, unlock the keychain ("Unlock Keychain"); then ask again.',
          actions: ['login', 'unlockKeychain', 'showLogs'],
        };
      }
      return {
        kind,
        message: 'The Cursor CLI is not logged in.',
        fix: 'Run `cursor-agent login` (the "Log In" button opens a terminal for it), then ask again.',
        actions: ['login', 'showLogs'],
      };
    case 'keychainLocked':
      return {
        kind,
        message: 'Your macOS login keychain is locked, so the Cursor CLI cannot read its login.',
        fix: 'Run `security unlock-keychain` in a terminal (or unlock the keychain in Keychain Access), then ask again.',
        actions: ['unlockKeychain', 'showLogs'],
      };
    case 'invalidApiKey':
      return {
        kind,
        message: 'The Cursor CLI rejected its API key (`CURSOR_API_KEY`).',
        fix: 'Remove or correct `CURSOR_API_KEY` in your environment, or log in with `cursor-agent login`.',
        actions: ['login', 'showLogs'],
      };
    case 'unknownModel': {
      const known = d.knownModels ?? [];
      const list = known.length > 0 ? ` Available: ${known.slice(0, 30).join(', ')}${known.length > 30 ? ', …' : ''}.` : '';
      // ACP and print mode name models differently: a model chosen under one backend may not exist under the other.
      const why =
        d.backend === 'acp'
          ? " The CLI's ACP server (the backend in use) names models differently from `cursor-agent models`, " +
            'so a model chosen for print mode may not exist here.'
          : d.model?.includes('[')
            ? ' That is an ACP model id; print mode (the backend in use) takes the ids `cursor-agent models` lists.'
            : '';
      const named = d.model ? ` \`${d.model}\`` : '';
      const offer =
        d.backend === 'acp'
          ? `The Cursor CLI's ACP server does not accept the model${named}.`
          : `Cursor does not offer the model${named} to this account.`;
      return {
        kind,
        message: `${offer}${why}${list}`,
        fix: 'Pick another model with "Cursor: Switch Model" or in the model picker.',
        actions: ['switchModel'],
      };
    }
    case 'usageLimit':
      return {
        kind,
        message: "You've hit your Cursor usage limit.",
        fix: 'Check your plan at cursor.com/settings, or switch to a model your plan still covers.',
        actions: ['switchModel', 'showLogs'],
      };
    case 'rateLimit':
      return { kind, message: 'Cursor is rate-limiting requests right now.', fix: 'Wait a moment and ask again.', actions: ['retry', 'showLogs'] };
    case 'network':
      return {
        kind,
        message: 'The Cursor CLI could not reach Cursor (network error).',
        fix: 'Check your connection and proxy settings (`HTTPS_PROXY`; a `socks5://` proxy is not supported by the CLI), then ask again.',
        actions: ['retry', 'showLogs'],
      };
    case 'sessionInUse':
      return {
        kind,
        message: 'This Cursor chat is already in use by another `cursor-agent` process.',
        fix: 'Wait for the other run to finish, or start a new chat.',
        actions: ['retry'],
      };
    case 'resumeFailed':
      return {
        kind,
        message: 'The earlier Cursor chat could not be continued.',
        fix: 'Ask again in a new chat (the + button in the chat view).',
        actions: ['retry'],
      };
    case 'promptTooLarge': {
      const kb = d.limitBytes ? ` (limit ${Math.round(d.limitBytes / 1000)} KB)` : '';
      return {
        kind,
        message: `The prompt is too large for the Cursor CLI${kb}.`,
        fix: 'Attach fewer or smaller files, or start a new chat.',
        actions: [],
      };
    }
    case 'timeout':
      if (d.stage === 'command') {
        const what = d.detail ? `\`cursor-agent ${d.detail}\`` : 'A `cursor-agent` command';
        return {
          kind,
          message: `${what} did not finish within ${d.seconds ?? '?'} s.`,
          fix: 'Check your network and run `cursor-agent status` in a terminal; then use "Cursor: Refresh Status".',
          actions: ['retry', 'showLogs'],
        };
      }
      return {
        kind,
        message:
          d.stage === 'first output'
            ? `The Cursor CLI printed nothing for ${d.seconds ?? '?'} s after starting.`
            : `The Cursor CLI stopped responding (no output for ${d.seconds ?? '?'} s).`,
        fix:
          'Check your network and `cursor-agent status`, then ask again. ' +
          'The timeouts are the `cursorAgent.firstOutputTimeoutSeconds` and `cursorAgent.inactivityTimeoutSeconds` settings.',
        actions: ['retry', 'showLogs'],
      };
    case 'malformedStream':
      return {
        kind,
        message: `The Cursor CLI's output could not be understood${d.detail ? ` (${d.detail})` : ''}.`,
        fix: 'Update the CLI (`cursor-agent update`) and try again; the log has the details.',
        actions: ['showLogs', 'retry'],
      };
    case 'policyBreach':
      return {
        kind,
        message: `The Cursor agent changed something in a read-only turn${d.detail ? ` (${d.detail})` : ''}, so the turn was stopped.`,
        fix: 'Review your workspace for changes (e.g. `git status`). Report this to Cursor; this extension only runs the agent in plan/ask mode.',
        actions: ['showLogs'],
      };
    case 'untrustedWorkspace':
      return {
        kind,
        message: REFUSAL_REASONS.untrustedWorkspace,
        fix: 'Trust the folder (Manage Workspace Trust) to use @cursor here.',
        actions: ['manageTrust'],
      };
    case 'unsafeWorkspace':
      return {
        kind,
        message:
          `Cursor does not run the agent in ${d.detail ? `\`${d.detail}\`, ` : ''}your home folder, a folder that holds it, or a filesystem root: ` +
          'the agent could read everything below it, `~/.ssh` and other credentials included.',
        fix: 'Open the project folder you want to ask about (File > Open Folder…), then ask again.',
        actions: ['openFolder'],
      };
    case 'imageTooLarge':
      return {
        kind,
        message: `The question was not sent: ${(d.detail ?? 'an attached image is too large').replace(/[.!?]$/, '')}.`,
        fix: 'Attach a smaller image (crop it, or save it as JPEG) or fewer images, then ask again.',
        actions: [],
      };
    case 'imagesUnsupported':
      return d.backend === 'acp'
        ? {
            kind,
            message: "This Cursor CLI's ACP server does not accept images, so the question (with its image) was not sent.",
            fix: 'Update the CLI (`cursor-agent update`), or ask again without the image.',
            actions: ['showLogs'],
          }
        : {
            kind,
            message: 'Print mode (the `cursorAgent.backend` in use) sends text only, so the question (with its image) was not sent.',
            fix: 'Set `cursorAgent.backend` to `auto` or `acp` (Open Settings) to send images, or ask again without the image.',
            actions: ['openBackendSetting'],
          };
    // No `default:`: a new error kind without its message fails to compile (and lint's switch-exhaustiveness-check).
    case 'unknown':
      // The detail (often the CLI's first stderr line) may or may not end a sentence.
      return {
        kind: 'unknown',
        message: `The Cursor CLI failed${d.detail ? `: ${d.detail}${/[.!?]$/.test(d.detail) ? '' : '.'}` : '.'}`,
        fix: 'See the Cursor log for details.',
        actions: ['showLogs', 'retry'],
      };
  }
}

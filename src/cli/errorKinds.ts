/** The closed set of error kinds, their actions and the details a message may use (errors.ts holds the error itself). */
import type { BackendId } from './args';

export type CliErrorKind =
  | 'notInstalled'
  | 'notExecutable'
  | 'ideLauncherOnly'
  | 'loggedOut'
  | 'keychainLocked'
  | 'invalidApiKey'
  | 'unknownModel'
  | 'usageLimit'
  | 'rateLimit'
  | 'network'
  | 'sessionInUse'
  | 'resumeFailed'
  | 'promptTooLarge'
  | 'timeout'
  | 'malformedStream'
  | 'policyBreach'
  | 'untrustedWorkspace'
  | 'unsafeWorkspace'
  | 'imageTooLarge'
  | 'imagesUnsupported'
  | 'unknown';

/** What the UI offers next to the message; the VS Code edge maps each to a command. */
export type CliErrorAction =
  | 'installCli'
  | 'openPathSetting'
  | 'selectBinary'
  | 'login'
  | 'unlockKeychain'
  | 'switchModel'
  | 'showLogs'
  | 'retry'
  | 'manageTrust'
  | 'openFolder'
  | 'openBackendSetting';

export interface CliErrorInfo {
  kind: CliErrorKind;
  /** One or two sentences: what happened, in the user's terms. */
  message: string;
  /** What to do about it, as an instruction. */
  fix: string;
  /** Buttons, best first. */
  actions: CliErrorAction[];
}

export interface ErrorDetails {
  /** Model ids from the catalog, to list when a model is unknown. */
  knownModels?: readonly string[];
  model?: string;
  binary?: string;
  /** Seconds, for timeouts. */
  seconds?: number;
  stage?: 'first output' | 'inactivity' | 'command';
  limitBytes?: number;
  detail?: string;
  /** The backend that refused a model (`unknownModel`): ACP and print mode name models differently. */
  backend?: BackendId;
  /** The OS the CLI runs on (`process.platform`): on macOS a locked keychain looks logged out. */
  platform?: string;
}

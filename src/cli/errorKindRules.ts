/**
 * The rules the chat surfaces share per error kind (errors.ts has the kinds and their texts): which
 * kinds send the readiness probe round again, and which `vscode.LanguageModelError` each becomes.
 */
import type { CliErrorKind } from './errors';

/** Kinds after which the readiness probe runs again (the status bar and the model list follow the CLI's login). */
const AUTH_RECHECK_KINDS: ReadonlySet<CliErrorKind> = new Set<CliErrorKind>([
  'notInstalled',
  'loggedOut',
  'keychainLocked',
  'invalidApiKey',
  'untrustedWorkspace',
]);

/** Whether a failure of this kind means the CLI's readiness (installed, logged in) should be probed again. */
export function needsAuthRecheck(kind: CliErrorKind): boolean {
  return AUTH_RECHECK_KINDS.has(kind);
}

/** The `vscode.LanguageModelError` a kind maps to for language model API callers (`generic`: the plain constructor). */
export type LanguageModelErrorKind = 'NoPermissions' | 'NotFound' | 'Blocked' | 'generic';

export function languageModelErrorKind(kind: CliErrorKind): LanguageModelErrorKind {
  switch (kind) {
    case 'loggedOut':
    case 'invalidApiKey':
    case 'keychainLocked':
    case 'untrustedWorkspace':
    case 'unsafeWorkspace':
      return 'NoPermissions';
    case 'unknownModel':
    case 'notInstalled':
      return 'NotFound';
    case 'policyBreach':
      return 'Blocked';
    default:
      return 'generic';
  }
}

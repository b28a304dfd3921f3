/**
 * The closed set of things that can go wrong with a `cursor-agent` run, and the
 * message and action a user needs for each (the evidence is read in
 * failureClassifier.ts; the rules the chat surfaces share per kind are in
 * errorKindRules.ts).
 */
import { inertText } from './agentText';
import { redactSecrets } from './redact';

export type { CliErrorAction, CliErrorInfo, CliErrorKind, ErrorDetails } from './errorKinds';
import type { CliErrorAction, CliErrorInfo, CliErrorKind } from './errorKinds';

export class CliError extends Error {
  readonly kind: CliErrorKind;
  readonly fix: string;
  readonly actions: CliErrorAction[];
  /** The CLI's own stderr tail, for the log (never shown as the main message). */
  readonly stderrTail: string;
  readonly exitCode: number | null;

  /**
   * Message, fix and stderr are redacted here: they may quote the CLI, and end up in the log, the chat and chat history.
   * The message is also made inert ({@link inertText}): it is shown in notifications and chat error details, which
   * read `[label](command:…)` as a link; a quoted error must show as text.
   */
  constructor(info: CliErrorInfo, opts: { stderrTail?: string; exitCode?: number | null; cause?: unknown } = {}) {
    super(inertText(redactSecrets(info.message)));
    this.name = 'CliError';
    this.kind = info.kind;
    this.fix = redactSecrets(info.fix);
    this.actions = info.actions;
    this.stderrTail = redactSecrets(opts.stderrTail ?? '');
    this.exitCode = opts.exitCode ?? null;
    if (opts.cause !== undefined) (this as { cause?: unknown }).cause = opts.cause;
  }

  /** Message and fix in one line, for chat error details and LanguageModelError. */
  get userMessage(): string {
    return `${this.message} ${this.fix}`.trim();
  }
}

// The message and fix of each kind live in errorMessages.ts (an exhaustive switch: a kind without its text fails to
// compile); re-exported so every caller keeps one import.
export { describeError, MAC_KEYCHAIN_NOTE } from './errorMessages';

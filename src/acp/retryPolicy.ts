/**
 * When an ACP turn is tried again. Under `acp` the CLI does not retry a failed model call (print mode does,
 * inside the CLI): a transient failure (`Error: RetriableError: [unavailable] …`, the `network` kind) that ends
 * a turn before any text was shown is retried once, after {@link RETRY_BACKOFF_MS}, in a fresh session, so
 * the agent never holds the question twice (the failed session keeps the unanswered one, and is not used
 * again). Never after text was shown, never for sign-in, plan, payment or other failures, never twice. Pure.
 */
import type { CancellationLike } from '../cli/cancellation';
import type { Clock } from '../cli/clock';
import type { BackendTurnOutcome } from '../turn/chatBackend';

/** The pause before the one retry (ms). */
export const RETRY_BACKOFF_MS = 1500;

/** Whether `outcome` (a first attempt) is tried again. */
export function retryable(outcome: BackendTurnOutcome): boolean {
  return !outcome.ok && !outcome.shownText && !outcome.transport && outcome.error.kind === 'network';
}

/**
 * Runs `attempt` and, when its outcome is {@link retryable} and there is an `again` (a new chat), tells the chat (`progress`), waits the backoff on
 * `clock` and runs `again` once (unless the turn was cancelled meanwhile: then the first outcome stands).
 */
export async function withOneRetry(
  attempt: () => Promise<BackendTurnOutcome>,
  again: (() => Promise<BackendTurnOutcome>) | undefined,
  deps: { clock: Clock; progress: () => void; cancellation?: CancellationLike; log?: (m: string) => void },
): Promise<BackendTurnOutcome> {
  const first = await attempt();
  if (!again || !retryable(first) || deps.cancellation?.isCancellationRequested) return first;
  deps.log?.(`[acp] Cursor could not be reached (${first.ok ? '' : first.error.kind}); trying again once in a fresh session`);
  deps.progress();
  await new Promise<void>((resolve) => deps.clock.setTimeout(resolve, RETRY_BACKOFF_MS));
  if (deps.cancellation?.isCancellationRequested) return first;
  return again();
}

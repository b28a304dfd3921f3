/**
 * A `ProcessRunner` with no processes: each run plays a scripted reply (stdout lines, then an
 * outcome) and records what it was asked to run. For fast plain-mocha tests of what sits above
 * the runner (the agent service, the participant and the provider on test/support/vscodeShim.ts):
 * they see the same `onLine` / `onSpawn` / cancellation protocol as with the real runner.
 */
import type { ProcessRunner, RunOutcome, RunRequest } from '../../src/cli/process';

/** What one run does: stdout lines (fed to `onLine`, or collected), then how it ends. */
export interface FakeRun {
  /** Stdout lines, without their newlines. */
  lines?: string[];
  /** Fields of the outcome (default: `exited` with code 0); `completed` is set when `onLine` says so. */
  outcome?: Partial<RunOutcome>;
  /** Stderr the process printed (the outcome's `stderrTail`). */
  stderr?: string;
  /** Never ends by itself: only cancellation (or `dispose`) ends it. */
  hang?: boolean;
}

export type FakeReply = FakeRun | ((request: RunRequest) => FakeRun);

export class FakeProcessRunner implements ProcessRunner {
  /** Every request, oldest first. */
  readonly requests: RunRequest[] = [];
  private readonly queue: FakeReply[] = [];
  private readonly live = new Set<() => void>();
  private nextPid = 4000;
  disposed = false;

  /**
   * @param fallback the reply once the queued ones are used up (default: exit 0, no output).
   */
  constructor(private readonly fallback: FakeReply = {}) {}

  /** Queues replies, used one per run in order. */
  reply(...replies: FakeReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  /** The stdin each run received (undefined where stdin was closed at once). */
  get stdins(): Array<string | undefined> {
    return this.requests.map((r) => r.stdin);
  }

  async run(request: RunRequest): Promise<RunOutcome> {
    this.requests.push(request);
    const next = this.queue.shift() ?? this.fallback;
    const script = typeof next === 'function' ? next(request) : next;
    const pid = this.nextPid++;
    const base: RunOutcome = {
      kind: 'exited',
      exitCode: 0,
      signal: null,
      stdout: '',
      stderrTail: script.stderr ?? '',
      lines: 0,
      oversizedLines: 0,
      pid,
      durationMs: 1,
    };
    if (request.cancellation?.isCancellationRequested) return { ...base, kind: 'cancelled', exitCode: null, signal: 'SIGTERM' };
    request.onSpawn?.(pid);
    await Promise.resolve();
    const collected: string[] = [];
    for (const line of script.lines ?? []) {
      if (request.cancellation?.isCancellationRequested) return { ...base, kind: 'cancelled', exitCode: null, signal: 'SIGTERM', lines: base.lines };
      base.lines++;
      if (!request.onLine) {
        collected.push(line);
        continue;
      }
      if (request.onLine(line) === 'complete') return { ...base, kind: 'completed', ...script.outcome, stdout: '', lines: base.lines };
      await Promise.resolve();
    }
    if (script.hang) await this.untilCancelled(request);
    if (request.cancellation?.isCancellationRequested || (script.hang && this.disposed)) {
      return { ...base, kind: 'cancelled', exitCode: null, signal: 'SIGTERM' };
    }
    const stdout = collected.length ? collected.join('\n') + '\n' : '';
    return { ...base, stdout, ...script.outcome };
  }

  dispose(): void {
    this.disposed = true;
    for (const end of [...this.live]) end();
  }

  private untilCancelled(request: RunRequest): Promise<void> {
    return new Promise<void>((resolve) => {
      const end = () => {
        this.live.delete(end);
        sub?.dispose();
        resolve();
      };
      this.live.add(end);
      const sub = request.cancellation?.onCancellationRequested(end);
      if (this.disposed || request.cancellation?.isCancellationRequested) end();
    });
  }
}

/** Lines of a stream-json turn that answers `answer` in session `sessionId` (init, user, one delta, the recap, the result). */
export function streamJsonTurn(answer: string, sessionId = 'fake-session-1', prompt = 'question'): string[] {
  const events = [
    { type: 'system', subtype: 'init', apiKeySource: 'login', cwd: '/w', session_id: sessionId, model: 'Auto', permissionMode: 'default' },
    { type: 'user', message: { role: 'user', content: [{ type: 'text', text: prompt }] }, session_id: sessionId },
    { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: answer }] }, session_id: sessionId, timestamp_ms: 1 },
    { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: answer }] }, session_id: sessionId },
    {
      ...{
        type: 'result',
        subtype: 'success',
        duration_ms: 5,
        duration_api_ms: 5,
        is_error: false,
        result: answer,
        session_id: sessionId,
        request_id: 'r1',
      },
      usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
    },
  ];
  return events.map((e) => JSON.stringify(e));
}

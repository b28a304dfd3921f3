/**
 * Which backend runs the next turn, from `cursorAgent.backend`: `print`
 * always print mode; `acp` always ACP (its failures are reported, nothing
 * falls back); `auto` ACP when the binary supports it ({@link AcpSupport}),
 * print mode otherwise, and print mode for the rest of the window after an
 * ACP transport failure before any text. Also prepares warm ACP sessions.
 * Pure: the ACP backend and its launch plan come from the caller.
 */
import type { ChatMode } from '../../cli/args';
import { type Clock, systemClock, type TimerHandle } from '../../cli/clock';
import type { Logger } from '../../cli/logger';
import { redactHead } from '../../cli/redact';
import type { BackendSetting } from '../settingsSchema';
import type { AcpSupport, AcpVerdict } from './acpSupport';
import type { BackendSelector, ChatBackend } from '../../turn/chatBackend';

export type { BackendSetting };

/**
 * Which backend runs turns, and why: `cursorAgent.backend` and what this window has seen of
 * ACP (the support verdict, a transport failure), as one state. Every question below is a
 * `switch` over it.
 */
export type BackendSelection =
  /** `cursorAgent.backend: print`. */
  | { kind: 'print' }
  /** `cursorAgent.backend: acp`: its failures are reported, nothing falls back. */
  | { kind: 'acp' }
  /** `auto`, ACP support not known yet: print mode until it is. */
  | { kind: 'auto-undecided' }
  /** `auto`, the CLI supports ACP. */
  | { kind: 'auto-acp' }
  /** `auto`, the CLI does not support ACP (`reason` says why). */
  | { kind: 'auto-print'; reason: string }
  /** `auto`, an ACP transport failure before any text: print mode for the rest of the window. */
  | { kind: 'auto-fell-back'; because: string };

/** What the window has seen of ACP; kept across setting changes, forgotten when the binary changes. */
type AcpSeen = { kind: 'unchecked' } | { kind: 'checked'; verdict: AcpVerdict } | { kind: 'fell-back'; because: string };

/** What the selector needs of the ACP backend (src/acp/acpBackend.ts). */
export interface WarmBackend extends ChatBackend {
  /** Starts a process for `workspace` and prepares a spare session in the background. Never rejects. */
  prepare(workspace: string, mode?: ChatMode): void;
  /** Ends the processes no turn runs in now. */
  endIdle(): void;
}

export interface SelectorDeps {
  setting(): BackendSetting;
  print: ChatBackend;
  acp: WarmBackend;
  support: AcpSupport;
  /** Makes the ACP backend ready to start processes (resolves `cursor-agent acp`'s launch plan); rejects with a CliError without a binary. */
  readyAcp(): Promise<void>;
  /** Whether a process may start in `workspace` (never the home folder, what holds it, or a root). */
  canWarm(workspace: string): boolean;
  logger: Logger;
  /** How long a turn waits for an unfinished support check before running in print mode (ms). */
  detectionWaitMs: number;
  /** The detection wait's clock (default: the real one). */
  clock?: Clock;
}

export class SettingSelector implements BackendSelector {
  private seen: AcpSeen = { kind: 'unchecked' };

  constructor(private readonly deps: SelectorDeps) {}

  /** The selection now, without waiting for anything. */
  state(): BackendSelection {
    const setting = this.deps.setting();
    switch (setting) {
      case 'print':
      case 'acp':
        return { kind: setting };
      case 'auto':
        switch (this.seen.kind) {
          case 'unchecked':
            return { kind: 'auto-undecided' };
          case 'fell-back':
            return { kind: 'auto-fell-back', because: this.seen.because };
          case 'checked':
            return this.seen.verdict.supported ? { kind: 'auto-acp' } : { kind: 'auto-print', reason: this.seen.verdict.reason };
        }
    }
  }

  async current(): Promise<ChatBackend> {
    switch (this.state().kind) {
      case 'print':
      case 'auto-fell-back':
        return this.deps.print;
      case 'auto-undecided':
      case 'auto-acp':
      case 'auto-print': {
        // Asked each turn (a remembered verdict answers at once): no binary, or a check still running, means print mode.
        const v = await this.verdictWithin(this.deps.detectionWaitMs);
        if (!v?.supported) return this.deps.print;
        break;
      }
      case 'acp':
        break;
    }
    try {
      await this.deps.readyAcp();
    } catch {
      // No binary: print mode reports it exactly as it always has.
      return this.deps.print;
    }
    return this.deps.acp;
  }

  fallBack(failed: ChatBackend, reason: string): ChatBackend | undefined {
    if (this.deps.setting() !== 'auto' || failed.id !== 'acp') return undefined;
    const because = redactHead(reason, 300);
    this.seen = { kind: 'fell-back', because };
    this.deps.logger.warn(`[backend] the ACP connection failed before answering (${because}); this window uses print mode from now on`);
    // Not dispose(): other chats' answers may be streaming from ACP processes (of any folder); each
    // ends when its turn does (ACP may no longer run), the idle ones now.
    this.deps.acp.endIdle();
    return this.deps.print;
  }

  /** Checks ACP support in the background (after the first successful status probe). Never rejects. */
  detectInBackground(): void {
    if (this.deps.setting() !== 'auto') return;
    void this.verdictWithin(Number.POSITIVE_INFINITY);
  }

  /** Prepares a warm ACP session for `workspace` when ACP would run its next turn (never checks support itself). */
  warm(workspace: string, mode: ChatMode = 'plan'): void {
    if (!this.usesAcp() || !this.deps.canWarm(workspace)) return;
    this.deps.readyAcp().then(
      () => this.deps.acp.prepare(workspace, mode),
      () => undefined,
    );
  }

  /** Whether ACP may run turns (and so keep processes) in this window: not in print mode, not after a fallback. */
  acpMayRun(): boolean {
    switch (this.state().kind) {
      case 'acp':
      case 'auto-undecided':
      case 'auto-acp':
      case 'auto-print':
        return true;
      case 'print':
      case 'auto-fell-back':
        return false;
    }
  }

  /** `cursorAgent.backend` changed: in print mode the idle ACP processes end now (one running a turn, when the turn ends). */
  settingChanged(): void {
    if (this.acpMayRun()) return;
    this.deps.logger.info('[backend] cursorAgent.backend is print: the cursor-agent acp processes of this window end');
    this.deps.acp.endIdle();
  }

  /** The binary changed: every ACP process ends, support is checked again, a fallback is forgotten. */
  binaryChanged(): void {
    this.deps.acp.dispose();
    this.deps.support.invalidate();
    this.seen = { kind: 'unchecked' };
  }

  /** One line for `/status`: which backend runs turns, and why. */
  describe(): string {
    const s = this.state();
    switch (s.kind) {
      case 'print':
        return 'print mode (`cursor-agent -p`, one process per turn), set by `cursorAgent.backend`';
      case 'acp':
        return 'ACP (`cursor-agent acp`, warm sessions), set by `cursorAgent.backend`';
      case 'auto-fell-back':
        return `print mode: the ACP connection failed before answering (${s.because}), so this window stays on print mode`;
      case 'auto-undecided':
        return 'checking whether the CLI supports ACP… (print mode until then)';
      case 'auto-acp':
        return 'ACP (`cursor-agent acp`, warm sessions)';
      case 'auto-print':
        return `print mode (\`cursor-agent -p\`): ${s.reason}`;
    }
  }

  /** Whether ACP runs the next turn, as far as is known without waiting (for `/status`'s usage line, and warming). */
  usesAcp(): boolean {
    switch (this.state().kind) {
      case 'acp':
      case 'auto-acp':
        return true;
      case 'print':
      case 'auto-undecided':
      case 'auto-print':
      case 'auto-fell-back':
        return false;
    }
  }

  dispose(): void {
    this.deps.acp.dispose();
  }

  private async verdictWithin(ms: number): Promise<AcpVerdict | undefined> {
    const check = this.deps.support.verdict().then((v) => {
      // A fallback stands until the binary changes, whatever a later check says.
      if (v && this.seen.kind !== 'fell-back') this.seen = { kind: 'checked', verdict: v };
      return v;
    });
    if (!Number.isFinite(ms)) return check;
    const clock = this.deps.clock ?? systemClock;
    let timer: TimerHandle | undefined;
    const late = new Promise<'late'>((resolve) => (timer = clock.setTimeout(() => resolve('late'), ms)));
    const r = await Promise.race([check, late]);
    clock.clearTimeout(timer);
    if (r === 'late') {
      this.deps.logger.info(`[backend] the ACP support check is still running after ${ms} ms: this turn runs in print mode`);
      return undefined;
    }
    return r;
  }
}

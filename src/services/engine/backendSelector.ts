/**
 * Which backend runs the next turn, from `cursorAgent.backend`: `print`
 * always print mode; `acp` always ACP (its failures are reported, nothing
 * falls back); `auto` ACP when the binary supports it ({@link AcpSupport}),
 * print mode otherwise, and print mode for the rest of the window after an
 * ACP transport failure before any text. Also prepares warm ACP sessions.
 * Pure: the ACP backend and its launch plan come from the caller.
 */
import type { Logger } from '../../cli/logger';
import { redactHead } from '../../cli/redact';
import type { AcpSupport, AcpVerdict } from './acpSupport';
import type { BackendSelector, ChatBackend } from '../../turn/chatBackend';

export type BackendSetting = 'auto' | 'acp' | 'print';

/** What the selector needs of the ACP backend (src/acp/acpBackend.ts). */
export interface WarmBackend extends ChatBackend {
  /** Starts a process for `workspace` and prepares a spare session in the background. Never rejects. */
  prepare(workspace: string, mode?: 'plan' | 'ask'): void;
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
}

/** Always print mode: tools and tests outside the chat. */
export class PrintOnlySelector implements BackendSelector {
  constructor(private readonly print: ChatBackend) {}

  current(): Promise<ChatBackend> {
    return Promise.resolve(this.print);
  }

  fallBack(): ChatBackend | undefined {
    return undefined;
  }
}

export class SettingSelector implements BackendSelector {
  /** Why `auto` went to print mode for the rest of the window (an ACP transport failure). */
  private fellBackBecause: string | undefined;
  private verdictSeen: AcpVerdict | undefined;

  constructor(private readonly deps: SelectorDeps) {}

  async current(): Promise<ChatBackend> {
    const setting = this.deps.setting();
    if (setting === 'print') return this.deps.print;
    if (setting === 'auto') {
      if (this.fellBackBecause) return this.deps.print;
      const v = await this.verdictWithin(this.deps.detectionWaitMs);
      if (!v?.supported) return this.deps.print;
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
    this.fellBackBecause = redactHead(reason, 300);
    this.deps.logger.warn(`[backend] the ACP connection failed before answering (${this.fellBackBecause}); this window uses print mode from now on`);
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
  warm(workspace: string, mode: 'plan' | 'ask' = 'plan'): void {
    const setting = this.deps.setting();
    if (setting === 'print' || (setting === 'auto' && (this.fellBackBecause || !this.verdictSeen?.supported))) return;
    if (!this.deps.canWarm(workspace)) return;
    this.deps.readyAcp().then(
      () => this.deps.acp.prepare(workspace, mode),
      () => undefined,
    );
  }

  /** Whether ACP may run turns (and so keep processes) in this window: not in print mode, not after a fallback. */
  acpMayRun(): boolean {
    const setting = this.deps.setting();
    return setting === 'acp' || (setting === 'auto' && !this.fellBackBecause);
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
    this.verdictSeen = undefined;
    this.fellBackBecause = undefined;
  }

  /** One line for `/status`: which backend runs turns, and why. */
  describe(): string {
    const setting = this.deps.setting();
    if (setting === 'print') return 'print mode (`cursor-agent -p`, one process per turn), set by `cursorAgent.backend`';
    if (setting === 'acp') return 'ACP (`cursor-agent acp`, warm sessions), set by `cursorAgent.backend`';
    if (this.fellBackBecause) return `print mode: the ACP connection failed before answering (${this.fellBackBecause}), so this window stays on print mode`;
    const v = this.verdictSeen;
    if (!v) return 'checking whether the CLI supports ACP… (print mode until then)';
    return v.supported ? 'ACP (`cursor-agent acp`, warm sessions)' : `print mode (\`cursor-agent -p\`): ${v.reason}`;
  }

  /** Whether ACP runs the next turn, as far as is known without waiting (for `/status`'s usage line). */
  usesAcp(): boolean {
    const setting = this.deps.setting();
    if (setting !== 'auto') return setting === 'acp';
    return !this.fellBackBecause && this.verdictSeen?.supported === true;
  }

  dispose(): void {
    this.deps.acp.dispose();
  }

  private async verdictWithin(ms: number): Promise<AcpVerdict | undefined> {
    const check = this.deps.support.verdict().then((v) => {
      if (v) this.verdictSeen = v;
      return v;
    });
    if (!Number.isFinite(ms)) return check;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
    const r = await Promise.race([check, late]);
    clearTimeout(timer);
    if (r === 'late') {
      this.deps.logger.info(`[backend] the ACP support check is still running after ${ms} ms: this turn runs in print mode`);
      return undefined;
    }
    return r;
  }
}

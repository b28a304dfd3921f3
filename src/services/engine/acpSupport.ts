/**
 * Whether the resolved `cursor-agent` speaks ACP, for `cursorAgent.backend:
 * auto`: its `acp --help` text, then a handshake with a deadline and the shape
 * of its answer (src/acp/support.ts). Checked once per binary path and
 * version, remembered across windows (a small record in the extension's
 * storage), checked again when the binary changes. Pure: the commands come
 * from the caller.
 */
import * as z from 'zod/mini';
import type { Resolution } from '../../cli/binaryResolution';
import type { Logger } from '../../cli/logger';
import { redactHead } from '../../cli/redact';
import { helpSaysAcp, isAcpInitializeResult } from '../../acp/support';
import { PersistentStore, saveQuietly } from '../persistentStore';

export const ACP_SUPPORT_KEY = 'cursorAgent.acpSupport.v1';
/** Verdicts kept (one per binary path and version seen). */
const MAX_REMEMBERED = 20;

export interface AcpVerdict {
  supported: boolean;
  /** Why, in a few words, for the log and `/status`. */
  reason: string;
  /** A handshake that failed may have been a slow moment: this window keeps the verdict, the next one checks again (never saved). */
  transient?: true;
}

const stored = z.array(
  z.tuple([z.string().check(z.maxLength(5000)), z.object({ supported: z.boolean(), reason: z.string().check(z.maxLength(300)) })]),
);

export interface AcpSupportDeps {
  resolve(): Promise<Resolution>;
  /** `cursor-agent acp --help` stdout; rejects when it cannot run. */
  helpText(): Promise<string>;
  /** Starts `cursor-agent acp`, sends `initialize`, ends the process: the raw result; rejects on a failure or its deadline. */
  handshake(): Promise<unknown>;
  store?: PersistentStore;
  logger: Logger;
}

export class AcpSupport {
  private readonly known = new Map<string, AcpVerdict>();
  private pending: { key: string; verdict: Promise<AcpVerdict | undefined> } | undefined;

  constructor(private readonly deps: AcpSupportDeps) {
    const parsed = stored.safeParse(deps.store?.get(ACP_SUPPORT_KEY));
    if (parsed.success) for (const [k, v] of parsed.data.slice(-MAX_REMEMBERED)) this.known.set(k, v);
  }

  /** The verdict for the current binary, checking it first when needed; undefined when there is no binary. Never rejects. */
  async verdict(): Promise<AcpVerdict | undefined> {
    const r = await this.deps.resolve();
    if (!r.found) return undefined;
    const key = `${r.path}\u0000${r.version}`;
    const remembered = this.known.get(key);
    if (remembered) return remembered;
    if (this.pending?.key !== key) this.pending = { key, verdict: this.check(key, r.path, r.version) };
    return this.pending.verdict;
  }

  /** The binary changed: its verdict is looked up (or checked) again next time. */
  invalidate(): void {
    this.pending = undefined;
  }

  private async check(key: string, path: string, version: string): Promise<AcpVerdict | undefined> {
    const t0 = Date.now();
    const v = await this.probe();
    if (this.pending?.key !== key) return v; // the binary changed meanwhile: not remembered under its key
    this.pending = undefined;
    if (!v) return undefined;
    this.deps.logger.info(
      `[acp] ${path} (${version}) ${v.supported ? 'supports' : 'does not support'} ACP: ${v.reason} (checked in ${Date.now() - t0} ms)`,
    );
    this.known.delete(key);
    this.known.set(key, v);
    while (this.known.size > MAX_REMEMBERED) this.known.delete(this.known.keys().next().value as string);
    const lasting = [...this.known].filter(([, x]) => !x.transient);
    saveQuietly(this.deps.store, ACP_SUPPORT_KEY, lasting, (why) => this.deps.logger.warn(`[storage] could not save the ACP support check: ${why}`));
    return v;
  }

  /** undefined: the check itself could not run (no binary, a spawn failure): nothing to remember. */
  private async probe(): Promise<AcpVerdict | undefined> {
    let help: string;
    try {
      help = await this.deps.helpText();
    } catch (err) {
      this.deps.logger.debug(`[acp] acp --help could not run: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
    if (!helpSaysAcp(help)) return { supported: false, reason: 'the CLI has no `acp` command' };
    try {
      const result = await this.deps.handshake();
      return isAcpInitializeResult(result)
        ? { supported: true, reason: 'handshake answered' }
        : { supported: false, reason: 'its ACP handshake answer has an unknown shape' };
    } catch (err) {
      const why = err instanceof Error ? redactHead(err.message, 200) : String(err);
      return { supported: false, reason: `its ACP handshake failed (${why})`, transient: true };
    }
  }
}

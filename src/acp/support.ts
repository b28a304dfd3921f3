/**
 * Whether a `cursor-agent` binary speaks ACP: its `acp --help` text first (an
 * older CLI prints its general help, or fails), then the shape of its
 * `initialize` answer. The caller remembers the verdict per binary and
 * version. Pure.
 */
import { initializeResultSchema, type InitializeResult } from './schema';

/** `cursor-agent acp --help` stdout → whether the `acp` command exists. */
export function helpSaysAcp(stdout: string): boolean {
  return /Agent Client Protocol/i.test(stdout.slice(0, 20000));
}

/** An `initialize` result that is Cursor's ACP server: protocol version 1. */
export function isAcpInitializeResult(result: unknown): boolean {
  const p = initializeResultSchema.safeParse(result);
  return p.success && p.data.protocolVersion === 1;
}

/** Whether the ACP server said it takes `image` prompt blocks (ACP: a client sends none unless `promptCapabilities.image` is true). */
export function acceptsImages(init: InitializeResult | undefined): boolean {
  return init?.agentCapabilities?.promptCapabilities?.image === true;
}

/**
 * Turns what went wrong on the ACP wire into the error kinds print mode uses,
 * and says whether it was the transport itself (the process died, a protocol
 * error, a handshake that never completed), which `auto` may rerun in print
 * mode, or the user's business (signed out, unknown model, …), which is
 * reported as such. Pure.
 */
import { CliError, CliErrorKind, describeError, ErrorDetails } from '../cli/errors';
import { classifyFailure } from '../cli/failureClassifier';
import { redactThenCut } from '../cli/redact';
import { AcpRpcError, AcpTransportError } from './peer';
import { RPC } from './wire';

export class AcpFailure extends Error {
  constructor(
    readonly error: CliError,
    /** True when the ACP transport failed (a print-mode rerun may work); false when it is the user's business. */
    readonly transport: boolean,
  ) {
    super(error.message);
    this.name = 'AcpFailure';
  }
}

export function failure(kind: CliErrorKind, d: ErrorDetails, transport: boolean, stderrTail?: string): AcpFailure {
  return new AcpFailure(new CliError(describeError(kind, d), stderrTail ? { stderrTail } : {}), transport);
}

/** Maps an error thrown by the peer during `method` to an {@link AcpFailure}. */
export function failureOf(err: unknown, method: string, d: ErrorDetails = {}): AcpFailure {
  if (err instanceof AcpFailure) return err;
  if (err instanceof AcpRpcError) {
    const text = `${err.rpcMessage} ${dataMessage(err.data)}`;
    if (err.code === RPC.authRequired) return failure('loggedOut', d, false);
    if (err.code === RPC.invalidParams && /Invalid model value|unknown model/i.test(text)) return failure('unknownModel', d, false);
    if (err.code === RPC.invalidParams && method === 'session/load' && /not found/i.test(text)) return failure('resumeFailed', d, false);
    // Other errors to our own well-formed requests: a protocol disagreement. Only the handshake's is the
    // transport's (print mode may work); a session's error (`session/load` -32603, …) is that session's:
    // one chat's failure never moves the window to print mode.
    // Redacted before it is cut: a key crossing the cut would otherwise keep its first characters.
    return failure('malformedStream', { ...d, detail: `${method}: ${err.code} ${redactThenCut(err.rpcMessage, 200)}` }, method === 'initialize');
  }
  if (err instanceof AcpTransportError) {
    const exit = err.exit;
    if (exit?.spawnErrorCode) return new AcpFailure(classifyFailure({ spawnErrorCode: exit.spawnErrorCode }, d), false);
    if (err.reason === 'protocol') return failure('malformedStream', { ...d, detail: err.message }, true);
    if (err.reason === 'timeout') return failure('timeout', { ...d, stage: 'command', detail: `acp (${method})` }, true);
    const classified = classifyFailure({ exitCode: exit?.code ?? null, signal: exit?.signal ?? null, stderr: exit?.stderrTail ?? '' }, d);
    // A recognised message on stderr (keychain locked, …) is the user's business; a bare exit is the transport's.
    return new AcpFailure(classified, classified.kind === 'unknown');
  }
  return failure('unknown', { ...d, detail: err instanceof Error ? err.message : String(err) }, true);
}

function dataMessage(data: unknown): string {
  if (typeof data === 'string') return data;
  if (typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string')
    return (data as { message: string }).message;
  return '';
}

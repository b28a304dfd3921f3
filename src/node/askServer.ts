/**
 * The ask server: one MCP tool, `ask_cursor`, for VS Code's own agents (the Copilot harness forwards
 * MCP servers to its agents, not extension language model tools). Each call is one read-only Cursor turn,
 * the same turn as the `cursor_ask` language model tool (`ask`, src/vscode/ask/askCursor.ts); when the HTTP
 * request closes before the answer (the client went away, or cancelled the call), the turn is cancelled.
 * On the guarded loopback plumbing of guardedMcpServer.ts. Never offered to the Cursor agent itself.
 */
import type { CancellationLike } from '../cli/cancellation';
import { ASK_CURSOR_DESCRIPTION, ASK_CURSOR_TOOL, askInputSchema, type AskCursor } from '../turn/askInput';
import { MAX_REQUEST_BYTES, MAX_RESULT_CHARS } from '../turn/editorTools';
import { startGuardedMcpServer, toolText, type GuardedMcpServer } from './guardedMcpServer';

export interface AskServerOptions {
  ask: AskCursor;
  version: string;
  log?(message: string): void;
}

export type AskServer = GuardedMcpServer;

export async function startAskServer(opts: AskServerOptions): Promise<AskServer> {
  const server = await startGuardedMcpServer({
    name: 'cursor-ask',
    label: 'ask server',
    serverInfo: { name: 'cursor-ask', version: opts.version },
    maxBodyBytes: MAX_REQUEST_BYTES,
    log: opts.log,
    tools: (mcp, counted) => {
      const config = {
        description: ASK_CURSOR_DESCRIPTION,
        inputSchema: askInputSchema,
        // Read-only, but the agent explores the folder and Cursor's service answers: not a closed world.
        annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
      };
      mcp.registerTool(
        ASK_CURSOR_TOOL,
        config,
        counted(async (input: unknown, extra: { signal: AbortSignal }) => {
          try {
            const outcome = await opts.ask(input, fromSignal(extra.signal));
            if (outcome.status === 'answered') return toolText(`${outcome.text}\n\n${outcome.filesLine}`, MAX_RESULT_CHARS);
            if (outcome.status === 'cancelled') return toolText('The call was cancelled.', MAX_RESULT_CHARS, true);
            return toolText(outcome.message, MAX_RESULT_CHARS, true);
          } catch (err) {
            // A programming error: its message only (never a stack), and the log says which.
            opts.log?.(`[ask server] ${ASK_CURSOR_TOOL} failed: ${err instanceof Error ? err.message : String(err)}`);
            return toolText('The Cursor agent could not answer (see the Cursor log).', MAX_RESULT_CHARS, true);
          }
        }),
      );
    },
  });
  opts.log?.(`[ask server] serving ${ASK_CURSOR_TOOL} as MCP server ${server.name} on ${new URL(server.url).host}`);
  return server;
}

/** An AbortSignal as the cancellation shape the turn takes (vscode.CancellationToken's). */
function fromSignal(signal: AbortSignal): CancellationLike {
  return {
    get isCancellationRequested() {
      return signal.aborted;
    },
    onCancellationRequested(listener: () => void) {
      signal.addEventListener('abort', listener, { once: true });
      return { dispose: () => signal.removeEventListener('abort', listener) };
    },
  };
}

/**
 * The editor-tools MCP server: this window's read-only editor tools for the Cursor agent, on the
 * guarded loopback plumbing of guardedMcpServer.ts (Host, Origin, bearer token, one path, POST only,
 * bounded body). Bundled on its own (dist/editorToolsServer.js: the SDK brings its own dependencies)
 * with the ask server (askServer.ts, re-exported below), and loaded only when either first starts, so
 * activation loads none of it. No tool changes anything.
 */
import { randomBytes } from 'node:crypto';
import type { EditorToolHandlers, McpServerSpec } from '../turn/editorTools';
import { EDITOR_TOOL_NAMES, EDITOR_TOOLS, MAX_REQUEST_BYTES, MAX_RESULT_CHARS } from '../turn/editorTools';
import { startGuardedMcpServer, toolText } from './guardedMcpServer';
import type { ConnectionStats, LoopbackLimits } from './loopbackLimits';

export { MCP_PATH } from './guardedMcpServer';
export { startAskServer, type AskServer, type AskServerOptions } from './askServer';

export interface EditorToolsServerOptions {
  handlers: EditorToolHandlers;
  version: string;
  log?(message: string): void;
  /** The flood limits (connection cap, idle close, quiet refusal log); tests shorten them. */
  limits?: Partial<LoopbackLimits>;
}

export interface EditorToolsServer {
  /** Unique to this window (`vscode-<random>`), so no project or user MCP server shares it. */
  readonly name: string;
  readonly url: string;
  /** What ACP's session/new and session/load get (the bearer token in `headers`). */
  spec(): McpServerSpec;
  readonly stats: { requests: number; refused: number; toolCalls: number };
  readonly connections: ConnectionStats;
  close(): Promise<void>;
}

export async function startEditorToolsServer(opts: EditorToolsServerOptions): Promise<EditorToolsServer> {
  const server = await startGuardedMcpServer({
    name: `vscode-${randomBytes(4).toString('hex')}`,
    label: 'editor tools',
    serverInfo: { name: 'vscode-editor-tools', version: opts.version },
    maxBodyBytes: MAX_REQUEST_BYTES,
    log: opts.log,
    limits: opts.limits,
    tools: (mcp, counted) => {
      for (const tool of EDITOR_TOOL_NAMES) {
        const spec = EDITOR_TOOLS[tool];
        const run = opts.handlers[tool] as (input: unknown) => Promise<Record<string, unknown>>;
        const config = { description: spec.description, inputSchema: spec.input, annotations: { readOnlyHint: true, openWorldHint: false } };
        mcp.registerTool(
          tool,
          config,
          counted(async (input: unknown) => {
            try {
              return toolText(JSON.stringify(await run(input)), MAX_RESULT_CHARS);
            } catch (err) {
              return toolText(err instanceof Error ? err.message : String(err), MAX_RESULT_CHARS, true);
            }
          }),
        );
      }
    },
  });
  opts.log?.(`[editor tools] serving ${EDITOR_TOOL_NAMES.length} tools as MCP server ${server.name} on ${new URL(server.url).host}`);
  return server;
}

/**
 * The editor tools the extension serves to the Cursor agent over MCP (ACP backend): their names,
 * what each tells the agent and the user, their inputs (zod), their limits, and the port the
 * VS Code edge implements. Shared by the server (src/node/editorToolsServer.ts), the permission
 * rule (src/acp/editorToolPermission.ts) and the VS Code edge. Pure.
 */
import * as z from 'zod/mini';

export const EDITOR_TOOL_NAMES = [
  'diagnostics',
  'open_editors',
  'definition',
  'references',
  'document_symbols',
  'workspace_symbols',
  'hover',
] as const;
export type EditorToolName = (typeof EDITOR_TOOL_NAMES)[number];

/** Results per call at most (diagnostics, locations, symbols); a result says when it was cut. */
export const MAX_RESULTS = 100;
/** Characters of one tool result at most (the selection, hover text, context lines included). */
export const MAX_RESULT_CHARS = 60_000;
/** Bytes of one HTTP request body at most. */
export const MAX_REQUEST_BYTES = 256 * 1024;

const path = z.string().check(z.minLength(1), z.maxLength(4096));
const line = z.number().check(z.int(), z.minimum(1), z.maximum(10_000_000));
const position = { file: path, line, character: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(100_000))) };

/** Each tool's input (an object shape, as the MCP SDK takes it), description, and the progress line the chat shows. */
export const EDITOR_TOOLS = {
  diagnostics: {
    description:
      "VS Code's Problems panel: the errors and warnings its language servers and linters report, most severe first. " +
      'Give a file or folder path (relative to the workspace folder) to narrow it; without one, the whole workspace.',
    input: { path: z.optional(path), minSeverity: z.optional(z.enum(['error', 'warning', 'information', 'hint'])) },
    progress: 'Reading the Problems panel…',
  },
  open_editors: {
    description: 'The editors open in VS Code: which are visible, the active one, its selection (text included, bounded) and cursor.',
    input: {},
    progress: 'Looking at the open editors…',
  },
  definition: {
    description: "Where the symbol at a position is defined, from VS Code's language server (1-based line and character).",
    input: position,
    progress: 'Finding the definition…',
  },
  references: {
    description: "Every reference to the symbol at a position, from VS Code's language server, with a line of context each.",
    input: position,
    progress: 'Finding references…',
  },
  document_symbols: {
    description: "The symbols (classes, functions, variables…) of a file, from VS Code's language server, with their lines.",
    input: { file: path },
    progress: 'Reading the symbols of a file…',
  },
  workspace_symbols: {
    description: "Symbols matching a query across the workspace, from VS Code's language servers.",
    input: { query: z.string().check(z.minLength(1), z.maxLength(200)) },
    progress: 'Searching the workspace symbols…',
  },
  hover: {
    description: "What VS Code's hover shows at a position: the type and documentation of the symbol there.",
    input: position,
    progress: 'Reading a type…',
  },
} satisfies Record<EditorToolName, { description: string; input: Record<string, z.ZodMiniType>; progress: string }>;

export type EditorToolInput<N extends EditorToolName> = z.infer<z.ZodMiniObject<(typeof EDITOR_TOOLS)[N]['input']>>;

/** What a tool answers: plain JSON-able data (the server serialises it, bounded). */
export type EditorToolResult = Record<string, unknown>;

/** The port the VS Code edge implements: one handler per tool. A handler throws an Error whose message the agent reads. */
export type EditorToolHandlers = { [N in EditorToolName]: (input: EditorToolInput<N>) => Promise<EditorToolResult> };

/** An MCP server as ACP's `session/new` and `session/load` take it (Cursor requires `headers`, even empty). */
export interface McpServerSpec {
  name: string;
  type: 'http';
  url: string;
  headers: Array<{ name: string; value: string }>;
}

/** A running editor-tools server (src/node/editorToolsServer.ts). */
export interface RunningEditorTools {
  readonly name: string;
  readonly url: string;
  spec(): McpServerSpec;
  close(): Promise<void>;
}

/** What the ACP client needs of the editor tools: the servers to pass, and whose tool calls to allow. */
export interface EditorToolsAccess {
  /** The servers for a new or loaded session (none when the feature is off or cannot run here); starts the server on first use. */
  servers(): Promise<McpServerSpec[]>;
  /** This window's server name while it runs. */
  serverName(): string | undefined;
}

export function isEditorToolName(name: string): name is EditorToolName {
  return (EDITOR_TOOL_NAMES as readonly string[]).includes(name);
}

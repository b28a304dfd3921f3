/**
 * Which permission requests are calls to this window's editor tools (the only ones allowed): the
 * server and tool the request names, read from `rawInput` (`providerIdentifier`, `toolName`, sent
 * since about CLI 2026.10) and from the title the CLI gives an MCP call (`<server>-<tool>: <tool>`).
 * Where both are there they must agree; anything else, or any other server's tool, is not ours. Only a
 * request of kind `other` (or no kind) can be ours: an `execute`, `edit`, `delete`, `move`, `fetch`…
 * titled like our tool is still that kind of call, and is rejected. Pure.
 */
import * as z from 'zod/mini';
import { type EditorToolName, isEditorToolName } from '../turn/editorTools';

const requestSchema = z.object({
  toolCall: z.optional(
    z.object({
      kind: z.optional(z.nullable(z.unknown())),
      title: z.optional(z.nullable(z.string())),
      rawInput: z.optional(z.nullable(z.object({ providerIdentifier: z.optional(z.string()), toolName: z.optional(z.string()) }))),
    }),
  ),
});

/** The editor tool a `session/request_permission` asks to call on `server` (this window's), or undefined. */
export function editorToolOf(params: unknown, server: string | undefined): EditorToolName | undefined {
  if (!server) return undefined;
  const p = requestSchema.safeParse(params);
  if (!p.success || !p.data.toolCall) return undefined;
  const { kind, title, rawInput } = p.data.toolCall;
  // The kind the CLI gives an MCP call is `other`; any other kind (or a kind that is no string) is not a read of ours.
  if (kind !== undefined && kind !== null && kind !== 'other') return undefined;
  // A title in the CLI's MCP form names a server and a tool: they must be ours and agree with each other.
  const m = title ? MCP_TITLE.exec(title) : null;
  if (m && (m[1] !== server || m[2] !== m[3])) return undefined;
  const titled = m ? m[2] : undefined;
  const named = rawInput?.providerIdentifier !== undefined || rawInput?.toolName !== undefined;
  if (named && rawInput?.providerIdentifier !== server) return undefined;
  const tool = named ? rawInput?.toolName : titled;
  if (tool === undefined || !isEditorToolName(tool)) return undefined;
  // Both named: the same tool (a title of one tool with the rawInput of another is refused).
  if (named && titled !== undefined && titled !== tool) return undefined;
  return tool;
}

/** `<server>-<tool>: <tool>` (server names have no spaces; tool names are lower-case words). */
const MCP_TITLE = /^(\S+)-([a-z_]{1,40}): ([a-z_]{1,40})$/;

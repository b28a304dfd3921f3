/**
 * Which permission requests are calls to this window's editor tools (the only ones allowed): the
 * server and tool the request names, read from `rawInput` (`providerIdentifier`, `toolName`, sent
 * since about CLI 2026.10) and from the title the CLI gives an MCP call (`<server>-<tool>: <tool>`).
 * Where both are there they must agree; anything else, or any other server's tool, is not ours. Pure.
 */
import * as z from 'zod/mini';
import { type EditorToolName, isEditorToolName } from '../turn/editorTools';

const requestSchema = z.object({
  toolCall: z.optional(
    z.object({
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
  const { title, rawInput } = p.data.toolCall;
  const fromTitle = title ? new RegExp(`^${escape(server)}-([a-z_]{1,40}): ([a-z_]{1,40})$`).exec(title) : null;
  const titled = fromTitle && fromTitle[1] === fromTitle[2] ? fromTitle[1] : undefined;
  const named = rawInput?.providerIdentifier !== undefined || rawInput?.toolName !== undefined;
  if (named && rawInput?.providerIdentifier !== server) return undefined;
  const tool = named ? rawInput?.toolName : titled;
  if (tool === undefined || !isEditorToolName(tool)) return undefined;
  // Both named: they must name the same tool (a title of another server's tool with our rawInput, or the reverse, is refused).
  if (named && title && titled !== tool) return undefined;
  return tool;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

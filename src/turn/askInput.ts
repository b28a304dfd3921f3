/**
 * Asking the Cursor agent one read-only question, as a tool of other agents: the input (validated, with
 * a message the calling model can act on when it is wrong), the MCP tool's name and description, and
 * what one ask ends in. Shared by the `cursor_ask` language model tool (src/vscode/ask/askTool.ts), the
 * `ask_cursor` MCP tool (src/node/askServer.ts) and the turn both run (src/vscode/ask/askCursor.ts). Pure.
 */
import * as z from 'zod/mini';
import type { CancellationLike } from '../cli/cancellation';

export const MAX_QUESTION_CHARS = 20_000;
export const MAX_TOOL_FILES = 10;
const MAX_PATH_CHARS = 1024;

export const askInputSchema = z.object({
  question: z
    .string({ error: 'must be a string' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'must not be empty' }),
      z.maxLength(MAX_QUESTION_CHARS, { error: `must be at most ${MAX_QUESTION_CHARS} characters` }),
    ),
  files: z.optional(
    z
      .array(z.string({ error: 'must be a string' }).check(z.trim(), z.minLength(1, { error: 'must not be empty' }), z.maxLength(MAX_PATH_CHARS)), {
        error: 'must be an array of file paths',
      })
      .check(z.maxLength(MAX_TOOL_FILES, { error: `at most ${MAX_TOOL_FILES} files` })),
  ),
});

export type AskInput = z.infer<typeof askInputSchema>;

export const ASK_INPUT_HINT = 'cursor_ask takes {"question": string, "files"?: string[]} (paths inside the workspace folder).';

/** The input, or why it cannot be used (a sentence for the calling model). */
export function parseAskInput(input: unknown): { ok: true; input: AskInput } | { ok: false; message: string } {
  const parsed = askInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input: parsed.data };
  const problems = parsed.error.issues.slice(0, 3).map((i) => `${i.path.length ? i.path.join('.') : 'the input'} ${i.message}`);
  return { ok: false, message: `Invalid input: ${problems.join('; ')}. ${ASK_INPUT_HINT}` };
}

/** The MCP tool (the ask server, for VS Code's harness agents). */
export const ASK_CURSOR_TOOL = 'ask_cursor';
export const ASK_CURSOR_DESCRIPTION =
  "Asks the Cursor agent (Cursor's coding agent, through the user's own cursor-agent CLI) one question about the code in " +
  "VS Code's open workspace folder. It runs one read-only turn: the agent reads and searches the folder's files itself, " +
  'never edits files or runs commands, and does not see this conversation, so put the context it needs into the question. ' +
  'Optional `files`: up to 10 files or folders inside the workspace folder (relative to it, or absolute) to include. ' +
  'Returns the answer as text and a line listing the files it read. Not available in an untrusted workspace.';

/** How one ask ended: the answer (with the line naming the files read), a message for the caller, or a cancellation. */
export type AskOutcome = { status: 'answered'; text: string; filesLine: string } | { status: 'error'; message: string } | { status: 'cancelled' };

/** One read-only Cursor turn for an input (validated again: a caller may skip the schema). Never rejects for a failed turn. */
export type AskCursor = (input: unknown, cancellation: CancellationLike) => Promise<AskOutcome>;

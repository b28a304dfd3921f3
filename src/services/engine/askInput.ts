/**
 * The input of the `cursor_ask` language model tool, as any agent in VS Code may send it: validated
 * (a question, and at most a few files of the workspace folder), with a message the calling model can
 * act on when it is wrong. Pure: the file system is a port (`realPath`).
 */
import * as path from 'node:path';
import * as z from 'zod/mini';

export const MAX_QUESTION_CHARS = 20_000;
export const MAX_TOOL_FILES = 10;
const MAX_PATH_CHARS = 1024;

const askInputSchema = z.object({
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

export interface FolderFiles {
  /** Absolute paths inside the folder, in the order given, each once. */
  inside: string[];
  /** Files given that are not inside the folder (as given). */
  outside: string[];
}

/**
 * Where each file is: a relative path is taken from `folder`; symbolic links are resolved (`realPath`,
 * undefined for a file that does not exist), so a link inside the folder to a file outside it is outside.
 */
export function placeFiles(
  files: readonly string[],
  folder: string,
  host: { platform: string; realPath?: (p: string) => string | undefined },
): FolderFiles {
  const p = host.platform === 'win32' ? path.win32 : path.posix;
  const caseless = host.platform === 'win32' || host.platform === 'darwin';
  const real = (x: string) => host.realPath?.(x) ?? x;
  const key = (x: string) => (caseless ? x.toLowerCase() : x);
  const root = key(p.resolve(real(folder)));
  const given = key(p.resolve(folder));
  const out: FolderFiles = { inside: [], outside: [] };
  const seen = new Set<string>();
  for (const file of files) {
    const abs = p.resolve(folder, file);
    // A file that does not exist has no real path: it is placed by the folder's name as given (and reported missing later).
    const resolved = host.realPath?.(abs);
    const rel = resolved ? p.relative(root, key(p.resolve(resolved))) : p.relative(given, key(abs));
    if (rel.startsWith('..') || p.isAbsolute(rel)) {
      out.outside.push(file);
    } else if (!seen.has(key(abs))) {
      seen.add(key(abs));
      out.inside.push(abs);
    }
  }
  return out;
}

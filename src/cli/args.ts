/**
 * The argv of every `cursor-agent` invocation. Pure.
 *
 * A turn is always read-only (`--mode plan|ask`): `-p` alone gives the agent
 * write and shell access, so nothing here can emit `--force`, `--yolo`, `-f`
 * or `--sandbox disabled`, and the prompt never goes in argv (it is written to
 * stdin: argv is size-capped and visible to other users in `ps`).
 */
import * as path from 'node:path';
import { isModelId, MODEL_ID_RULE_TEXT } from './modelId';

/** The read-only modes the CLI offers (`--mode <plan|ask>`). */
export const CHAT_MODES = ['plan', 'ask'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];

/** What runs a turn: print mode (`cursor-agent -p`, one process per turn) or ACP (`cursor-agent acp`). */
export const BACKEND_IDS = ['print', 'acp'] as const;
export type BackendId = (typeof BACKEND_IDS)[number];

export interface TurnArgsOptions {
  mode: ChatMode;
  /** Absolute path of the workspace folder (also the process cwd). */
  workspace: string;
  /** True only for a folder VS Code itself trusts: adds `--trust`. */
  trusted: boolean;
  /** A model id from `cursor-agent models`; omitted: the CLI's default. */
  model?: string;
  /** The `session_id` of an earlier turn, to continue that chat. */
  resumeChatId?: string;
}

/**
 * The shape of a CLI chat id (`065d6699-0bd7-4d0c-86f5-3cfc5be0e336`): letters,
 * digits and `-`, not starting with `-`, at most 100 characters. Chat ids come
 * back from chat history (saved on disk), so nothing path-like (`/`, `.`, `:`)
 * is accepted for `--resume`.
 */
export const CHAT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,99}$/;

export function isChatId(value: unknown): value is string {
  return typeof value === 'string' && CHAT_ID_PATTERN.test(value);
}

/**
 * The argv (after the binary) of one chat turn:
 * `-p --output-format stream-json --stream-partial-output --mode <m> [--trust]
 * --workspace <folder> [--model <id>] [--resume <chatId>]`.
 *
 * @throws Error when the mode is not `plan`/`ask`, the workspace is not a
 * non-empty absolute path, or a model/chat id is not one (see `isModelId`).
 */
export function buildTurnArgs(opts: TurnArgsOptions): string[] {
  const mode: unknown = opts.mode;
  if (typeof mode !== 'string' || !(CHAT_MODES as readonly string[]).includes(mode)) {
    throw new Error(`Refusing to run cursor-agent: mode must be one of ${CHAT_MODES.join(', ')} (got ${JSON.stringify(mode)}).`);
  }
  const ws: unknown = opts.workspace;
  if (typeof ws !== 'string' || ws.trim() === '' || !isAbsoluteAnyPlatform(ws) || /[\0\r\n]/.test(ws)) {
    throw new Error(`Refusing to run cursor-agent: the workspace must be an absolute folder path (got ${JSON.stringify(ws)}).`);
  }
  const args = ['-p', '--output-format', 'stream-json', '--stream-partial-output', '--mode', mode];
  if (opts.trusted === true) args.push('--trust');
  args.push('--workspace', ws);
  if (opts.model !== undefined) args.push('--model', checkModelId(opts.model));
  if (opts.resumeChatId !== undefined) {
    if (!isChatId(opts.resumeChatId))
      throw new Error(`Refusing to run cursor-agent: invalid chat id ${JSON.stringify(opts.resumeChatId)} (letters, digits and - only).`);
    args.push('--resume', opts.resumeChatId);
  }
  assertReadOnlyArgs(args);
  return args;
}

/** `cursor-agent --version`: the availability probe. */
export function versionArgs(): string[] {
  return ['--version'];
}

/** `cursor-agent status --format json`: the auth probe (pretty-printed JSON). */
export function statusArgs(): string[] {
  return ['status', '--format', 'json'];
}

/** `cursor-agent models`: plain text; the CLI has no JSON option for it. */
export function modelsArgs(): string[] {
  return ['models'];
}

const FORBIDDEN_LONG_FLAGS = new Set(['--force', '--yolo', '--auto-review', '--approve-mcps']);

/**
 * Last guard before spawning: checks the `cursor-agent` argv (not a launch
 * plan's wrapper argv such as PowerShell's) and throws if it contains anything that lifts the
 * read-only promise (`-f`/`--force`/`--yolo`, `--sandbox disabled`, a short-flag
 * cluster containing `f`, `--mode` other than plan/ask, `--auto-review`,
 * `--approve-mcps`).
 *
 * @throws Error naming the offending argument.
 */
export function assertReadOnlyArgs(argv: readonly string[]): void {
  for (const [i, arg] of argv.entries()) {
    const [name, inlineValue] = splitFlag(arg);
    const fail = (why: string): never => {
      throw new Error(`Refusing to run cursor-agent with \`${arg}\`: ${why}. This extension only runs the agent read-only.`);
    };
    if (FORBIDDEN_LONG_FLAGS.has(name)) fail('it lets the agent change files or run commands');
    // `-f` and clusters such as `-pf` (the CLI's option parser expands them).
    if (/^-[A-Za-z]{1,4}$/.test(name) && name.includes('f')) fail('it lets the agent change files or run commands');
    if (name === '--sandbox') {
      const value = inlineValue ?? argv[i + 1];
      if (value !== 'enabled') fail('the sandbox may only be enabled');
    }
    if (name === '--mode') {
      const value = inlineValue ?? argv[i + 1];
      if (value === undefined || !(CHAT_MODES as readonly string[]).includes(value)) fail('only plan and ask modes are read-only');
    }
  }
}

function splitFlag(arg: string): [string, string | undefined] {
  if (!arg.startsWith('--')) return [arg, undefined];
  const eq = arg.indexOf('=');
  return eq < 0 ? [arg, undefined] : [arg.slice(0, eq), arg.slice(eq + 1)];
}

function checkModelId(value: unknown): string {
  if (!isModelId(value)) {
    throw new Error(`Refusing to run cursor-agent: invalid model id ${JSON.stringify(value)} (${MODEL_ID_RULE_TEXT}).`);
  }
  return value;
}

/** The workspace may be a POSIX or a Windows path, whatever platform runs the tests. */
function isAbsoluteAnyPlatform(p: string): boolean {
  return path.posix.isAbsolute(p) || path.win32.isAbsolute(p);
}

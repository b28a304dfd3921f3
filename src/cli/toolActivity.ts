/**
 * Turns a `tool_call` payload (`{ <kind>ToolCall: { args, result } }`) into a
 * one-line human summary, and decides whether a kind can change the user's
 * files or run commands. New kinds appear between CLI releases: unknown kinds
 * get a generic summary and are treated as read-only unless their name says
 * otherwise.
 */
import { inertText } from './agentText';
import { oneLine } from './markdownText';

export type ToolOutcome = 'success' | 'rejected' | 'error' | 'unknown';

export interface ToolDescription {
  /** The key without the `ToolCall` suffix, e.g. `read`, `grep`, `mcp`. */
  kind: string;
  /** e.g. "Reading src/app.ts", "Searching for `parseConfig`". */
  summary: string;
  /** A file or folder the tool looked at, when there is one. */
  path?: string;
  /** Whether the kind writes files or runs commands. */
  mutating: boolean;
  outcome?: ToolOutcome;
}

const MUTATING = new Set([
  'edit',
  'write',
  'delete',
  'shell',
  'applyAgentDiff',
  'writeShellStdin',
  'piEdit',
  'piWrite',
  'piBash',
  'replaceEnv',
  'multiEdit',
  'move',
  'rename',
]);

/**
 * The read-only promise broken: a tool that writes files or runs commands (by its kind, see
 * {@link describeToolCall}) completed successfully in a plan/ask turn. The one rule both
 * backends stop a turn on (print mode's `tool_call` events, ACP's `tool_call_update`s), so the
 * same set stops both: an edit or delete with or without a diff, a move, a write tool of any name.
 * A rejected or failed call wrote nothing and is not a breach.
 */
export function breaksReadOnly(d: Pick<ToolDescription, 'mutating' | 'outcome'>): boolean {
  return d.mutating && d.outcome === 'success';
}

export function describeToolCall(toolCall: Record<string, unknown>): ToolDescription {
  const key = Object.keys(toolCall).find((k) => k.endsWith('ToolCall')) ?? Object.keys(toolCall)[0] ?? 'unknown';
  const kind = key.endsWith('ToolCall') ? key.slice(0, -'ToolCall'.length) : key;
  const body = asRecord(toolCall[key]);
  const args = asRecord(body?.args) ?? {};
  const outcome = outcomeOf(body?.result);
  const str = (...names: string[]): string | undefined => {
    for (const n of names) {
      const v = args[n];
      if (typeof v === 'string' && v.trim() !== '') return argLine(v);
    }
    return undefined;
  };
  const path = str('path', 'filePath', 'targetFile', 'file', 'directory', 'dir', 'targetDirectory');
  const mutating = MUTATING.has(kind) || /^(edit|write|delete|shell|apply|bash|exec|run)/i.test(kind);
  let summary: string;
  switch (kind) {
    case 'read':
      summary = path ? `Reading ${path}` : 'Reading a file';
      break;
    case 'ls':
      summary = path ? `Listing ${path}` : 'Listing a folder';
      break;
    case 'glob': {
      const p = str('globPattern', 'pattern', 'glob');
      summary = p ? `Finding files matching \`${p}\`` : 'Finding files';
      break;
    }
    case 'grep': {
      const p = str('pattern', 'query', 'regex');
      summary = p ? `Searching for \`${p}\`${path ? ` in ${path}` : ''}` : 'Searching';
      break;
    }
    case 'semSearch': {
      const q = str('query');
      summary = q ? `Searching the codebase for "${q}"` : 'Searching the codebase';
      break;
    }
    case 'shell': {
      const c = str('command');
      summary = c ? `Running \`${c}\`` : 'Running a command';
      break;
    }
    case 'edit':
    case 'write':
    case 'delete': {
      const verb = kind === 'delete' ? 'Deleting' : kind === 'write' ? 'Writing' : 'Editing';
      summary = path ? `${verb} ${path}` : `${verb} a file`;
      break;
    }
    case 'mcp': {
      const t = str('toolName', 'name');
      const s = str('serverIdentifier', 'providerIdentifier');
      summary = t ? `Calling MCP tool \`${t}\`${s ? ` (${s})` : ''}` : 'Calling an MCP tool';
      break;
    }
    case 'getMcpTools':
      summary = 'Listing MCP tools';
      break;
    case 'webSearch': {
      const q = str('searchTerm', 'query');
      summary = q ? `Searching the web for "${q}"` : 'Searching the web';
      break;
    }
    case 'webFetch':
    case 'fetch': {
      const u = str('url');
      summary = u ? `Fetching ${u}` : 'Fetching a page';
      break;
    }
    case 'updateTodos':
    case 'readTodos':
      summary = 'Updating the plan';
      break;
    default:
      summary = `Using ${humanize(kind)}${path ? ` on ${path}` : ''}`;
  }
  // Agent text, shown as a progress line (markdown): never a link, a codicon or a direction change.
  return { kind, summary: inertText(truncate(summary, 160)), ...(path ? { path } : {}), mutating, ...(outcome ? { outcome } : {}) };
}

function outcomeOf(result: unknown): ToolOutcome | undefined {
  const r = asRecord(result);
  if (!r) return undefined;
  if ('success' in r) return 'success';
  if ('rejected' in r) return 'rejected';
  if ('error' in r) return 'error';
  return 'unknown';
}

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** One line of a tool argument: cut first (an argument can be megabytes), then whitespace runs made one space. */
function argLine(s: string): string {
  return oneLine(s.slice(0, MAX_ARG_CHARS));
}

/** An argument is read this far at most: enough for any path, command or pattern a summary shows (summaries are 160 characters). */
const MAX_ARG_CHARS = 4096;

function truncate(s: string, n: number): string {
  return s.length <= n ? s : s.slice(0, n - 1) + '…';
}

function humanize(kind: string): string {
  const words = kind.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words === 'unknown' ? 'a tool' : `the ${words} tool`;
}

/**
 * Builds the text written to the CLI's stdin. Pure.
 *
 * The CLI has no system-prompt flag, so the first turn carries the framing and
 * any earlier conversation; a resumed turn (`--resume`) sends only the new
 * message and its references, because the CLI already holds the history.
 */
import { CliError, describeError } from './errors';

/**
 * Largest prompt we send, in UTF-8 bytes. Above about 468 KB the CLI exits 0
 * with no output at all (see the contract); we keep a margin below that.
 */
export const MAX_PROMPT_BYTES = 400_000;

export interface HistoryTurn {
  role: 'user' | 'assistant';
  text: string;
}

export interface PromptReference {
  kind: 'file' | 'selection' | 'text';
  /** Shown when there is no path (e.g. a pasted snippet's name). */
  label: string;
  /** Workspace-relative or absolute path. */
  path?: string;
  /** 1-based, inclusive. */
  range?: { startLine: number; endLine: number };
  languageId?: string;
  content: string;
}

export const DEFAULT_FRAMING = [
  "You are answering inside Visual Studio Code's chat view, through the Cursor agent CLI, in read-only mode.",
  'You may read and search files in the workspace, but do not edit, create or delete files and do not run commands that change anything.',
  'When a change is needed, show it as a code block or a diff for the user to apply. Answer in Markdown.',
].join('\n');

const OMITTED_NOTE = '(Earlier turns of this conversation were omitted to keep the prompt within the size limit.)';

export interface FirstTurnPromptOptions {
  /** Defaults to {@link DEFAULT_FRAMING}; an empty string means no framing. */
  framing?: string;
  /** Oldest first. */
  history: HistoryTurn[];
  references: PromptReference[];
  message: string;
  /** Defaults to {@link MAX_PROMPT_BYTES}. */
  limitBytes?: number;
}

export interface ResumedTurnPromptOptions {
  references: PromptReference[];
  message: string;
  limitBytes?: number;
}

/**
 * The first turn's prompt: framing, conversation history, references, message.
 * When it is too large, the oldest history turns are dropped (and a note says
 * so) until it fits. References and the message are never dropped.
 *
 * Also tells how many history turns were dropped.
 *
 * @throws CliError (`promptTooLarge`) when it does not fit even without history.
 */
export function composeFirstTurnPrompt(opts: FirstTurnPromptOptions): { prompt: string; omittedTurns: number } {
  const limit = opts.limitBytes ?? MAX_PROMPT_BYTES;
  const framing = (opts.framing ?? DEFAULT_FRAMING).trim();
  const history = opts.history.filter((t) => t.text.trim() !== '');
  const turns = history.map(renderTurn);
  const tail = [renderReferences(opts.references), opts.message].filter((s) => s !== '');
  const build = (dropped: number): string => {
    const kept = turns.slice(dropped);
    const block =
      kept.length === 0 && dropped === 0
        ? ''
        : ['<conversation_history>', ...(dropped > 0 ? [OMITTED_NOTE, ''] : []), kept.join('\n\n'), '</conversation_history>'].join('\n');
    return [framing, block, ...tail].filter((s) => s !== '').join('\n\n');
  };

  // Estimate how many of the oldest turns must go, then confirm on the real text.
  const sep = 2; // '\n\n' between turns
  let dropped = 0;
  let over = utf8Bytes(build(0)) - limit;
  if (over > 0 && turns.length > 0) over += utf8Bytes(OMITTED_NOTE) + 1;
  for (const turn of turns) {
    if (over <= 0) break;
    over -= utf8Bytes(turn) + sep;
    dropped++;
  }
  // Keep the history starting with a user turn, so no reply is left without its question.
  while (dropped > 0 && dropped < history.length && history[dropped]?.role !== 'user') dropped++;
  let prompt = build(dropped);
  while (utf8Bytes(prompt) > limit && dropped < turns.length) prompt = build(++dropped);
  checkPromptSize(prompt, limit);
  return { prompt, omittedTurns: dropped };
}

/**
 * A resumed turn's prompt: references (if any), then the message.
 *
 * @throws CliError (`promptTooLarge`) when it exceeds the limit.
 */
export function buildResumedTurnPrompt(opts: ResumedTurnPromptOptions): string {
  const prompt = [renderReferences(opts.references), opts.message].filter((s) => s !== '').join('\n\n');
  checkPromptSize(prompt, opts.limitBytes ?? MAX_PROMPT_BYTES);
  return prompt;
}

/**
 * @throws CliError (`promptTooLarge`, with the limit) when the prompt's UTF-8
 * size exceeds `limitBytes`.
 */
export function checkPromptSize(prompt: string, limitBytes: number = MAX_PROMPT_BYTES): void {
  if (utf8Bytes(prompt) > limitBytes) {
    throw new CliError(describeError('promptTooLarge', { limitBytes }));
  }
}

/** UTF-8 size of a string. */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** A backtick fence longer than any backtick run in `content` (at least three). */
export function fenceFor(content: string): string {
  let longest = 0;
  for (const run of content.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}

/**
 * The 1-based lines a selection covers, from 0-based editor positions. A selection that
 * ends at the start of a line (the usual result of selecting whole lines) does not
 * include that line.
 */
export function selectedLines(
  start: { line: number; character: number },
  end: { line: number; character: number },
): { startLine: number; endLine: number } {
  const last = end.character === 0 && end.line > start.line ? end.line - 1 : end.line;
  return { startLine: start.line + 1, endLine: last + 1 };
}

/**
 * The references without repeats. The chat sends the editor's selection twice when the user
 * also attached it (once as their attachment, once as the implicit "current selection"):
 * the agent should read it once.
 */
export function uniqueReferences(refs: readonly PromptReference[]): PromptReference[] {
  const seen = new Set<string>();
  return refs.filter((r) => {
    const key = JSON.stringify([r.kind, r.path ?? r.label, r.range?.startLine, r.range?.endLine, r.content]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function renderTurn(turn: HistoryTurn): string {
  // A turn must not be able to close the history block early.
  const text = turn.text.trim().replace(/<\/conversation_history>/gi, '<\\/conversation_history>');
  return `${turn.role === 'user' ? 'User' : 'Assistant'}:\n${text}`;
}

/** The references as the prompt shows them (empty when there are none). */
export function renderReferences(refs: readonly PromptReference[]): string {
  if (refs.length === 0) return '';
  const blocks = refs.map(renderReference);
  return ['The user attached this context:', ...blocks].join('\n\n');
}

function renderReference(ref: PromptReference): string {
  const where = ref.path ?? ref.label;
  const lines = ref.range
    ? ref.range.startLine === ref.range.endLine
      ? ` (line ${ref.range.startLine})`
      : ` (lines ${ref.range.startLine}-${ref.range.endLine})`
    : '';
  const title = ref.kind === 'file' ? `File: ${where}${lines}` : ref.kind === 'selection' ? `Selection from ${where}${lines}` : `${where}${lines}`;
  const fence = fenceFor(ref.content);
  const lang = (ref.languageId ?? '').replace(/[^\w+#.-]/g, '');
  const body = ref.content.endsWith('\n') ? ref.content : ref.content + '\n';
  return `${title}\n${fence}${lang}\n${body}${fence}`;
}

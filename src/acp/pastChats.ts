/**
 * Past ACP chats as `session/list` reports them (`{sessions:[{sessionId, cwd, title, updatedAt}]}`; see the
 * ACP contract): read a bounded number of entries, each validated on its own (a damaged entry costs only
 * itself), only the chats whose `cwd` is a folder of this window, newest first, at most {@link MAX_PAST_CHATS}.
 * Also the short recap of a loaded chat's last exchange, from the history `session/load` replays. Pure.
 */
import * as z from 'zod/mini';
import type { InitializeResult } from './schema';
import { agentLine } from '../cli/agentText';

/** Chats a listing shows. */
export const MAX_PAST_CHATS = 20;
/** Entries of a `session/list` answer read at most (the rest are not looked at). */
export const MAX_LISTED_ENTRIES = 2000;
/** A title as shown, at most (longer ones end with "…"). */
export const MAX_TITLE_CHARS = 120;
/**
 * An ACP chat id: the CLI's are UUIDs (`351d70d2-a44d-4b4f-b200-2d8e80297a02`). Strict on purpose: an id
 * typed by the user goes to `session/load` only when it has this shape and is listed for this window.
 */
export const PAST_CHAT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isPastChatId(value: unknown): value is string {
  return typeof value === 'string' && PAST_CHAT_ID_PATTERN.test(value);
}

export interface PastChat {
  id: string;
  /** The folder the chat ran in (one of this window's). */
  cwd: string;
  /** One line, bounded, shown as text ({@link agentLine}); "Untitled chat" when the agent gave none. */
  title: string;
  /** Milliseconds since the epoch, when the agent said; undefined: unknown (listed last). */
  updatedAt?: number;
}

const entrySchema = z.object({
  sessionId: z.string(),
  cwd: z.string(),
  title: z.optional(z.nullable(z.string())),
  updatedAt: z.optional(z.nullable(z.union([z.string(), z.number()]))),
});

/** Whether the agent said it answers `session/list` (`agentCapabilities.sessionCapabilities.list`, as the real CLI does). */
export function listsSessions(init: InitializeResult | undefined): boolean {
  const list = init?.agentCapabilities?.sessionCapabilities?.list;
  return list !== undefined && list !== null;
}

/**
 * The chats of a `session/list` answer whose `cwd` is one of `folders`, newest first, at most `max`;
 * undefined when the answer is not a listing at all.
 */
export function parsePastChats(raw: unknown, folders: readonly string[], max = MAX_PAST_CHATS): PastChat[] | undefined {
  // Only the top level is checked whole; the entries are read one by one, a bounded number of them.
  const top = z.object({ sessions: z.unknown() }).safeParse(raw);
  if (!top.success || !Array.isArray(top.data.sessions)) return undefined;
  const entries = top.data.sessions.slice(0, MAX_LISTED_ENTRIES);
  const ours = new Set(folders.map(folderKey));
  const seen = new Set<string>();
  const out: PastChat[] = [];
  for (const e of entries) {
    const p = entrySchema.safeParse(e);
    if (!p.success || !isPastChatId(p.data.sessionId) || seen.has(p.data.sessionId)) continue;
    if (!ours.has(folderKey(p.data.cwd))) continue;
    seen.add(p.data.sessionId);
    const updatedAt = timeOf(p.data.updatedAt);
    const folder = folders.find((f) => folderKey(f) === folderKey(p.data.cwd)) ?? p.data.cwd;
    out.push({ id: p.data.sessionId, cwd: folder, title: titleOf(p.data.title), ...(updatedAt !== undefined ? { updatedAt } : {}) });
  }
  out.sort((a, b) => (b.updatedAt ?? -Infinity) - (a.updatedAt ?? -Infinity));
  return out.slice(0, max);
}

/** A folder as compared: without trailing separators; Windows paths (a drive letter) case-insensitively, `\` as `/`. */
function folderKey(p: string): string {
  const trimmed = p.length > 1 ? p.replace(/[\\/]+$/, '') : p;
  return /^[A-Za-z]:/.test(trimmed) ? trimmed.replace(/\\/g, '/').toLowerCase() : trimmed;
}

function timeOf(v: string | number | null | undefined): number | undefined {
  if (v === undefined || v === null) return undefined;
  const t = typeof v === 'number' ? v : Date.parse(v);
  return Number.isFinite(t) ? t : undefined;
}

function titleOf(title: string | null | undefined): string {
  return agentLine(title ?? '', MAX_TITLE_CHARS) || 'Untitled chat';
}

/** Text kept per side of a recap while a replay streams in (the recap itself is shorter). */
const MAX_RECAP_SOURCE_CHARS = 4000;
/** Each side of the recap line, at most. */
export const MAX_RECAP_CHARS = 140;

/** The last exchange of a replayed history: the last user message and the agent's last stretch of text after it. */
export class ReplayRecap {
  private user = '';
  private agent = '';
  /** What came last: a new user message starts after an agent's text; a new stretch of text after anything else. */
  private last: 'user' | 'agent' | 'other' = 'other';

  push(update: { sessionUpdate: string } & Record<string, unknown>): void {
    const content = update.content as { type?: unknown; text?: unknown } | undefined;
    const text = content?.type === 'text' && typeof content.text === 'string' ? content.text : undefined;
    if (update.sessionUpdate === 'user_message_chunk' && text !== undefined) {
      if (this.last !== 'user') [this.user, this.agent] = ['', ''];
      this.user = (this.user + text).slice(0, MAX_RECAP_SOURCE_CHARS);
      this.last = 'user';
    } else if (update.sessionUpdate === 'agent_message_chunk' && text !== undefined) {
      if (this.last !== 'agent') this.agent = '';
      this.agent = (this.agent + text).slice(-MAX_RECAP_SOURCE_CHARS);
      this.last = 'agent';
    } else if (update.sessionUpdate !== 'user_message_chunk' && update.sessionUpdate !== 'agent_message_chunk') {
      // A thought or a tool call between two stretches: the answer is the stretch after the last of them.
      if (this.last === 'agent' || this.last === 'user') this.last = 'other';
    }
  }

  /** The last exchange, each side one bounded line; undefined when the replay held no user message. */
  get exchange(): { asked: string; answered?: string } | undefined {
    const asked = agentLine(this.user, MAX_RECAP_CHARS);
    if (!asked) return undefined;
    const answered = agentLine(this.agent, MAX_RECAP_CHARS);
    return { asked, ...(answered ? { answered } : {}) };
  }
}

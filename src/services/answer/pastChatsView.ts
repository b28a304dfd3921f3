/**
 * How `/resume` and `/commands` read in the chat: agent-given text (titles, descriptions, the replayed
 * exchange) as plain text (every markdown character escaped), when a chat was last used, the recap line
 * above a resumed chat's answer, and the chat-input text each button puts in. Pure.
 */
import type { AgentCommand } from '../../acp/agentCommands';
import type { PastChat } from '../../acp/pastChats';
import { escapeMarkdown, oneLine } from '../../cli/markdownText';

const PAST_CHAT_MARKUP = '\\`*_{}[]()<>#|~&$';

/**
 * Agent-given text as markdown that shows it as written: one line (so nothing can start a heading, a list or a
 * block), and every character that marks up inside a line escaped (emphasis, code, links, html, entities, tables, math),
 * URLs included (`https\://…`: shown as text, not linked).
 */
export function plainText(s: string): string {
  return (
    // Fewer than MARKUP_CHARS: on one line nothing can start a list or a heading, and URLs are broken below instead of at every `:`.
    escapeMarkdown(oneLine(s), PAST_CHAT_MARKUP)
      // A URL shows as text, never a link: the chat links bare `https://…` and `www.…` (GFM autolinks).
      .replace(/:\/\//g, '\\://')
      .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}\\.`)
  );
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", "2 months ago", "1 year ago"; "" when unknown. */
export function relativeTime(at: number | undefined, now: number): string {
  if (at === undefined) return '';
  const ago = Math.max(0, now - at);
  const n = (unit: number) => Math.floor(ago / unit);
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'} ago`;
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return plural(n(MINUTE), 'minute');
  if (ago < DAY) return plural(n(HOUR), 'hour');
  if (ago < 2 * DAY) return 'yesterday';
  if (ago < 30 * DAY) return plural(n(DAY), 'day');
  if (ago < 365 * DAY) return plural(n(30 * DAY), 'month');
  return plural(n(365 * DAY), 'year');
}

/** What a past chat's button puts in the chat input: the question is typed after it. */
export function resumeQuery(id: string): string {
  return `@cursor /resume ${id} `;
}

/** What an agent command's button puts in the chat input. */
export function commandQuery(name: string): string {
  return `@cursor /${name} `;
}

/** A past chat as a button title (plain text: buttons show no markdown). */
export function pastChatLabel(chat: PastChat, now: number): string {
  const when = relativeTime(chat.updatedAt, now);
  return when ? `${chat.title} · ${when}` : chat.title;
}

/** A past chat as a markdown list item (its button follows it): the title as plain text, when, and (multi-root) its folder. */
export function pastChatLine(chat: PastChat, now: number, multiRoot: boolean): string {
  const when = relativeTime(chat.updatedAt, now);
  const folder = multiRoot ? ` · ${plainText(chat.cwd)}` : '';
  return `- **${plainText(chat.title)}**${when ? ` · ${when}` : ''}${folder}\n`;
}

/** The recap line above a resumed chat's answer: which chat, when, and its last exchange (never the answer). */
export function recapMarkdown(chat: PastChat, now: number, recap?: { asked: string; answered?: string }): string {
  const when = relativeTime(chat.updatedAt, now);
  const head = `Continuing the Cursor chat **${plainText(chat.title)}**${when ? ` (${when})` : ''}`;
  if (!recap) return `*${head}.*\n\n`;
  const answered = recap.answered ? `; Cursor answered “${plainText(recap.answered)}”` : '';
  return `*${head}. Last time you asked “${plainText(recap.asked)}”${answered}.*\n\n`;
}

/** One of the agent's commands as markdown: its name, the hint of what follows, its description. */
export function commandLine(c: AgentCommand): string {
  const hint = c.hint ? ` ${plainText(`<${c.hint}>`)}` : '';
  return `- **/${plainText(c.name)}**${hint}${c.description ? `: ${plainText(c.description)}` : ''}\n`;
}

/**
 * The agent's own slash commands: the latest `available_commands_update` of each session (the real CLI
 * sends one, ~40 KB, right after `session/new`), read a bounded number of entries at a time, each
 * validated on its own; and whether a prompt invokes one (its first word is `/<name>` of the list: ACP's
 * way to run a command is a prompt that starts with it). Pure.
 */
import { type Clock, systemClock } from '../cli/clock';
import * as z from 'zod/mini';
import { agentLine } from '../cli/agentText';

/** Commands kept per session (the first ones the agent listed). */
export const MAX_COMMANDS = 200;
/** Entries of one update looked at, at most (valid or not). */
export const MAX_COMMAND_ENTRIES = 2000;
/** Sessions whose list is kept (the least recently updated goes first). */
export const MAX_COMMAND_SESSIONS = 64;
export const MAX_DESCRIPTION_CHARS = 200;
export const MAX_HINT_CHARS = 80;
/** A command name as the chat can show and send it: no spaces, no markup. */
export const COMMAND_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

export interface AgentCommand {
  name: string;
  /** One line, bounded (may be empty). */
  description: string;
  /** What to type after the name, when the agent says. */
  hint?: string;
}

const entrySchema = z.object({
  name: z.string(),
  description: z.optional(z.nullable(z.string())),
  input: z.optional(z.nullable(z.object({ hint: z.optional(z.nullable(z.string())) }))),
});

/** The commands of an `available_commands_update` (its `update` object); undefined when it holds no list. */
export function parseAvailableCommands(update: unknown): AgentCommand[] | undefined {
  const list = typeof update === 'object' && update !== null ? (update as { availableCommands?: unknown }).availableCommands : undefined;
  if (!Array.isArray(list)) return undefined;
  const out: AgentCommand[] = [];
  const seen = new Set<string>();
  const n = Math.min(list.length, MAX_COMMAND_ENTRIES);
  for (let i = 0; i < n && out.length < MAX_COMMANDS; i++) {
    const p = entrySchema.safeParse(list[i]);
    if (!p.success) continue;
    const name = p.data.name.replace(/^\//, '');
    if (!COMMAND_NAME_PATTERN.test(name) || seen.has(name)) continue;
    seen.add(name);
    const hint = agentLine(p.data.input?.hint ?? '', MAX_HINT_CHARS);
    out.push({ name, description: agentLine(p.data.description ?? '', MAX_DESCRIPTION_CHARS), ...(hint ? { hint } : {}) });
  }
  return out;
}

/** The command `prompt` invokes (its first word is `/<name>` of `commands`), if any. */
export function invokedCommand(prompt: string, commands: readonly AgentCommand[]): AgentCommand | undefined {
  const m = /^\/(\S{1,64})(?:\s|$)/.exec(prompt.trimStart());
  return m ? commands.find((c) => c.name === m[1]) : undefined;
}

/** The latest command list per session, bounded; also the latest list of any session (commands are the account's). */
export class AgentCommandStore {
  private readonly bySession = new Map<string, AgentCommand[]>();
  private readonly waiters = new Set<() => void>();

  constructor(private readonly clock: Clock = systemClock) {}

  /** Keeps `update`'s list for `sessionId` (an update without one changes nothing). */
  update(sessionId: string, update: unknown): void {
    const commands = parseAvailableCommands(update);
    if (!commands) return;
    this.bySession.delete(sessionId);
    this.bySession.set(sessionId, commands);
    while (this.bySession.size > MAX_COMMAND_SESSIONS) this.bySession.delete(this.bySession.keys().next().value as string);
    for (const w of [...this.waiters]) w();
  }

  of(sessionId: string): readonly AgentCommand[] | undefined {
    return this.bySession.get(sessionId);
  }

  /** The list received last, of whichever session. */
  latest(): readonly AgentCommand[] | undefined {
    let last: AgentCommand[] | undefined;
    for (const c of this.bySession.values()) last = c;
    return last;
  }

  /** The latest list, waiting up to `ms` for a first one. */
  async next(ms: number): Promise<readonly AgentCommand[] | undefined> {
    const now = this.latest();
    if (now || ms <= 0) return now;
    return new Promise((resolve) => {
      const done = (): void => {
        this.clock.clearTimeout(timer);
        this.waiters.delete(done);
        resolve(this.latest());
      };
      const timer = this.clock.setTimeout(done, ms);
      this.waiters.add(done);
    });
  }
}

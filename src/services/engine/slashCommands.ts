/**
 * The `@cursor` participant's slash commands, declared once: name, description (the English text of
 * `package.nls.json`; `package.json` declares the same names, which a unit test checks) and what each does
 * with the conversation. The participant dispatches on this list; the chat history reads it to leave out
 * what is no part of the conversation.
 */

/**
 * - `turn`: a turn in the current conversation (its text and answer are part of it);
 * - `report`: answered here, no turn (the request and its answer are no part of the conversation);
 * - `listing`: answered here from the agent (ACP), no turn, no part of the conversation;
 * - `pastChat`: without a question, a listing; with `<id> <question>`, a turn in that past chat.
 */
export type SlashBehaviour = 'turn' | 'report' | 'listing' | 'pastChat';

export interface SlashCommand {
  readonly name: string;
  readonly description: string;
  readonly behaviour: SlashBehaviour;
  /** The mode its turn runs in, when not the configured one. */
  readonly mode?: 'ask';
}

export const SLASH_COMMANDS = [
  { name: 'ask', description: 'Ask a question (read-only Q&A mode)', behaviour: 'turn', mode: 'ask' },
  { name: 'models', description: 'List the Cursor models available to your account', behaviour: 'report' },
  {
    name: 'status',
    description: "Show the Cursor CLI's binary, version, login, model and backend (ACP or print mode, and why)",
    behaviour: 'report',
  },
  {
    name: 'resume',
    description: 'Continue a past Cursor chat of this folder: lists them; `/resume <id> <question>` asks in that chat (ACP)',
    behaviour: 'pastChat',
  },
  { name: 'commands', description: "List the Cursor agent's own slash commands and skills (ACP)", behaviour: 'listing' },
] as const satisfies readonly SlashCommand[];

export type SlashCommandName = (typeof SLASH_COMMANDS)[number]['name'];
/** The commands answered here without a turn: the participant has one handler for each (a missing one fails tsc). */
export type AnsweredHere = Extract<(typeof SLASH_COMMANDS)[number], { behaviour: 'report' | 'listing' }>['name'];

/** The declared command of a request (`request.command`), if it is one. */
export function slashCommand(name: string | undefined): SlashCommand | undefined {
  return SLASH_COMMANDS.find((c) => c.name === name);
}

/** Whether a request of this command is answered here without a turn (and so never joins the conversation). */
export function answeredHere(name: string | undefined): name is AnsweredHere {
  const b = slashCommand(name)?.behaviour;
  return b === 'report' || b === 'listing';
}

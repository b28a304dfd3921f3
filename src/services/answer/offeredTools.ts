/**
 * What an answer says when its request offered tools (VS Code's own agent sends its tools with every
 * request to a model): the Cursor agent answers with its own read-only tools in the workspace folder,
 * and never calls the tools it was offered, so the answer says so instead of letting the chat look as
 * if they had run. Pure.
 */

/** The note under the answer, or undefined when no tool was offered. */
export function offeredToolsNote(offered: number): string | undefined {
  if (offered <= 0) return undefined;
  const which = offered === 1 ? 'the tool this chat offered was not run' : `none of the ${offered} tools this chat offered was run`;
  return (
    `*Answered by the Cursor agent with its own read-only tools in this folder; ${which}, and nothing was edited. ` +
    'Ask `@cursor` to talk to the Cursor agent directly.*'
  );
}

/** Tool names for the log: at most `max`, each at most 64 characters, joined. */
export function toolNamesForLog(names: readonly string[], max = 8): string {
  const shown = names.slice(0, max).map((n) => (n.length > 64 ? `${n.slice(0, 64)}…` : n));
  return names.length > max ? `${shown.join(', ')}, … (${names.length - max} more)` : shown.join(', ');
}

/**
 * The command line VS Code's Windows terminal builds from `shellPath` and `shellArgs`, so a caller can check its
 * length before the terminal fails to start. VS Code hands both to node-pty, whose `argsToCommandLine`
 * (node-pty 1.x, windowsPtyAgent.ts) quotes an array with the C runtime's rules (every `"` becomes `\"`, the
 * backslashes before it doubled) and appends a string as it is. CreateProcess takes at most 32,767 characters,
 * its terminating NUL included. Pure.
 */

/** CreateProcess's limit on a command line, its terminating NUL included. */
export const MAX_WINDOWS_COMMAND_LINE = 32_767;

/** node-pty's `argsToCommandLine(file, args)` on Windows. */
export function windowsTerminalCommandLine(shellPath: string, shellArgs: string[] | string): string {
  if (typeof shellArgs === 'string') return shellArgs.length === 0 ? quoteArg(shellPath) : `${quoteArg(shellPath)} ${shellArgs}`;
  return [shellPath, ...shellArgs].map(quoteArg).join(' ');
}

function quoteArg(arg: string): string {
  const enclosed = arg.startsWith('"') && arg.endsWith('"');
  const lopsided = arg.startsWith('"') !== arg.endsWith('"');
  const quote = arg === '' || ((arg.includes(' ') || arg.includes('\t')) && arg.length > 1 && (lopsided || !enclosed));
  let out = quote ? '"' : '';
  let backslashes = 0;
  for (const c of arg) {
    if (c === '\\') backslashes++;
    else if (c === '"') {
      out += '\\'.repeat(backslashes * 2 + 1) + '"';
      backslashes = 0;
    } else {
      out += '\\'.repeat(backslashes) + c;
      backslashes = 0;
    }
  }
  return out + (quote ? '\\'.repeat(backslashes * 2) + '"' : '\\'.repeat(backslashes));
}

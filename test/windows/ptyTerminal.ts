// What VS Code's Windows terminal starts: node-pty builds one command line from
// `shellPath` and `shellArgs` (an array through the C runtime's quoting, every
// `"` becoming `\"`; a string appended as it is). Its rule (node-pty 1.2,
// windowsPtyAgent.ts `argsToCommandLine`) is written out here, apart from the
// product's own copy (src/cli/terminalCommandLine.ts), and the command line is
// given to the real process as is.
import { spawn } from 'node:child_process';

/** node-pty's `argsToCommandLine(file, args)` on Windows. */
export function ptyCommandLine(file: string, args: string[] | string): string {
  if (typeof args === 'string') return args.length === 0 ? file : `${ptyCommandLine(file, [])} ${args}`;
  return [file, ...args]
    .map((arg) => {
      const enclosed = arg[0] === '"' && arg[arg.length - 1] === '"';
      const lopsided = (arg[0] !== '"') !== (arg[arg.length - 1] !== '"');
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
    })
    .join(' ');
}

/** Starts `shellPath` with exactly node-pty's command line; resolves with the exit code. */
export function startAsTerminal(
  shell: { shellPath: string; shellArgs: string[] | string },
  env: Record<string, string>,
  cwd: string,
): Promise<number | null> {
  const line = ptyCommandLine(shell.shellPath, shell.shellArgs);
  const head = ptyCommandLine(shell.shellPath, []);
  const rest = line.slice(head.length).replace(/^ /, '');
  return new Promise((resolve) => {
    const child = spawn(shell.shellPath, rest ? [rest] : [], { argv0: head, windowsVerbatimArguments: true, env, cwd, stdio: 'ignore' });
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(null));
  });
}

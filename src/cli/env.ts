/**
 * The child process environment: an allowlist, not the extension host's whole
 * environment. Pure.
 *
 * The CLI is a bundled node, so the host's `NODE_OPTIONS` and
 * `ELECTRON_RUN_AS_NODE` would change how it runs; `VSCODE_*` and other tools'
 * secrets (`OPENAI_API_KEY`, `GITHUB_TOKEN`, …) are none of its business.
 */

import * as path from 'node:path';

/** Passed through when set (matched case-insensitively on Windows). */
const ALLOWED = [
  // Finding programs and the user's folders.
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'USERPROFILE',
  'HOMEDRIVE',
  'HOMEPATH',
  'APPDATA',
  'LOCALAPPDATA',
  'USERNAME',
  'SystemRoot',
  'SystemDrive',
  'windir',
  'ComSpec',
  'PATHEXT',
  'ProgramData',
  'ProgramFiles',
  'PROCESSOR_ARCHITECTURE',
  'NUMBER_OF_PROCESSORS',
  'TEMP',
  'TMP',
  'TMPDIR',
  // Locale and time.
  'LANG',
  'LANGUAGE',
  'TZ',
  // Network: proxies and corporate CAs (both spellings are in use on POSIX).
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'all_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  // Linux secret storage (libsecret) reaches the keyring over the session bus.
  'DBUS_SESSION_BUS_ADDRESS',
  // The user's own Cursor auth for this very CLI (`cursor-agent --help`: "or set
  // CURSOR_API_KEY"). Auth is owned by `cursor-agent login` and/or these; we pass
  // them through unchanged and never read or log them.
  'CURSOR_API_KEY',
  'CURSOR_API_ENDPOINT',
];
const ALLOWED_PREFIXES = ['LC_', 'XDG_'];

/** Set by us on every child: no colours or terminal tricks in output we parse. */
const FORCED: Record<string, string> = { TERM: 'dumb', NO_COLOR: '1' };
/**
 * Also set on Windows: a bare program name (`git`, `rg`) is then not looked up
 * in the current folder first, which for a turn is the workspace. Honoured by
 * `cmd.exe` and by the CLI's own node (libuv) when they search for programs.
 */
const FORCED_WINDOWS: Record<string, string> = { NoDefaultCurrentDirectoryInExePath: '1' };

/**
 * The environment for a `cursor-agent` child: allowlisted variables from
 * `source` (undefined values skipped), plus `TERM=dumb` and `NO_COLOR=1`, and
 * on Windows `NoDefaultCurrentDirectoryInExePath=1`.
 * On win32 names match case-insensitively (`Path` is `PATH`) and only the
 * first spelling of a name is kept, since Windows would see duplicates as one.
 */
export function buildChildEnv(source: Record<string, string | undefined>, platform: NodeJS.Platform | string): Record<string, string> {
  const windows = platform === 'win32';
  const norm = (name: string) => (windows ? name.toUpperCase() : name);
  const allowed = new Set(ALLOWED.map(norm));
  const prefixes = ALLOWED_PREFIXES.map(norm);
  const forcedValues = windows ? { ...FORCED, ...FORCED_WINDOWS } : FORCED;
  const forced = new Set(Object.keys(forcedValues).map(norm));
  const out: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    const key = norm(name);
    if (seen.has(key) || forced.has(key)) continue;
    if (!allowed.has(key) && !prefixes.some((p) => key.startsWith(p))) continue;
    seen.add(key);
    out[name] = key === 'PATH' ? absolutePathEntries(value, windows) : value;
  }
  return { ...out, ...forcedValues };
}

/**
 * The value of `name` in `env`. On Windows names are case-insensitive (`Path`,
 * `PATH`, `ComSpec`, `COMSPEC`): the first spelling that is set wins, as in
 * {@link buildChildEnv}. Pure.
 */
export function envValue(env: Record<string, string | undefined>, name: string, platform: string): string | undefined {
  if (platform !== 'win32') return env[name];
  const upper = name.toUpperCase();
  for (const [key, value] of Object.entries(env)) if (value !== undefined && key.toUpperCase() === upper) return value;
  return undefined;
}

/**
 * `PATH` without relative or empty entries (`.`, `./node_modules/.bin`, `::`):
 * the CLI runs in the workspace, and its launcher script looks up `bash`,
 * `dirname`, `readlink`… on PATH, so a relative entry would run the
 * workspace's own files.
 */
export function absolutePathEntries(value: string, windows: boolean): string {
  const p = windows ? path.win32 : path.posix;
  return (
    value
      .split(windows ? ';' : ':')
      // Windows: `C:\x` or `\\server\share`, not the drive-relative `\x` or `C:x`.
      .filter((d) => {
        const dir = windows ? d.replace(/"/g, '') : d; // Windows allows quoted entries
        return dir !== '' && p.isAbsolute(dir) && (!windows || /^(?:[A-Za-z]:[\\/]|[\\/]{2}[^\\/])/.test(dir));
      })
      .join(windows ? ';' : ':')
  );
}

/** A terminal's display: `cursor-agent login` opens a browser (xdg-open needs these; none is a secret). */
const TERMINAL_EXTRA = ['DISPLAY', 'WAYLAND_DISPLAY', 'XAUTHORITY', 'BROWSER', 'COLORTERM'];

/**
 * The environment for the Log In / Log Out / Unlock Keychain terminals: the
 * same allowlist as turns (so no `NODE_OPTIONS`, no other tools' secrets, no
 * `terminal.integrated.env.*` of a workspace when used with `strictEnv`), plus
 * what a browser needs to open, and an interactive `TERM` instead of `dumb`.
 */
export function buildTerminalEnv(source: Record<string, string | undefined>, platform: NodeJS.Platform | string): Record<string, string> {
  const { TERM: _term, NO_COLOR: _noColor, ...env } = buildChildEnv(source, platform);
  for (const name of TERMINAL_EXTRA) {
    const value = source[name];
    if (value !== undefined) env[name] = value;
  }
  return platform === 'win32' ? env : { ...env, TERM: 'xterm-256color' };
}

/**
 * POSIX: how a terminal starts `command args…` with only the variables named
 * in `env`. VS Code gives the terminal `env` (with `strictEnv`), but in
 * remote windows (SSH, WSL, containers, code-server) it still adds the
 * server's whole environment and `terminal.integrated.env.*`
 * (microsoft/vscode#125389). So `/bin/sh` unsets every other variable before
 * it execs the command: only names travel in argv, never a value. Windows:
 * unchanged (strictEnv holds there).
 */
export function cleanTerminalLaunch(
  command: string,
  args: readonly string[],
  env: Record<string, string>,
  platform: NodeJS.Platform | string,
): { shellPath: string; shellArgs: string[] } {
  if (platform === 'win32') return { shellPath: command, shellArgs: [...args] };
  const keep = Object.keys(env).filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n));
  const script = [
    `keep=' ${keep.join(' ')} '`,
    'while IFS= read -r l; do',
    '  n=${l%%=*}',
    `  case "$n" in ''|*[!A-Za-z0-9_]*|[0-9]*) continue;; esac`,
    '  case "$keep" in *" $n "*) ;; *) (unset "$n") 2>/dev/null && unset "$n";; esac',
    'done <<EOF',
    '$(/usr/bin/env)',
    'EOF',
    'exec "$0" "$@"',
  ].join('\n');
  return { shellPath: '/bin/sh', shellArgs: ['-c', script, command, ...args] };
}

const PROXY_VARS = ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY'];

/**
 * Warnings for proxy variables the CLI cannot use: a SOCKS proxy
 * (`socks5://`, `socks://`, …) breaks it. Proxy names match case-insensitively;
 * the proxy URL itself is not repeated (it may hold credentials).
 */
export function findProxyProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || !PROXY_VARS.includes(name.toUpperCase())) continue;
    const scheme = /^\s*(socks[0-9a-z]*):\/\//i.exec(value)?.[1];
    if (scheme) {
      problems.push(`${name} points at a ${scheme.toLowerCase()}:// proxy, which the Cursor CLI does not support; use an HTTP(S) proxy for it.`);
    }
  }
  return problems;
}

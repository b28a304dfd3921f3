/**
 * Property: the CLI's environment is an allowlist. Whatever the extension
 * host's environment holds (other tools' secrets, NODE_OPTIONS, Electron and
 * VS Code internals, in any letter case), none of it reaches the child except
 * the reviewed allowlist, on Linux, macOS and Windows alike.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildChildEnv } from '../../../src/cli/env';
import { params } from './support';

/**
 * The reviewed allowlist (the contract's list plus what finding programs,
 * locale, proxies, CAs, the keyring and the user's own Cursor auth need).
 * Changing src/cli/env.ts's list should mean changing this one too.
 */
const ALLOWED = [
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
  'LANG',
  'LANGUAGE',
  'TZ',
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
  'DBUS_SESSION_BUS_ADDRESS',
  'CURSOR_API_KEY',
  'CURSOR_API_ENDPOINT',
];
const PREFIXES = ['LC_', 'XDG_'];
const FORCED: Record<string, string> = { TERM: 'dumb', NO_COLOR: '1' };
/** Windows also: bare program names are not looked up in the current folder (the workspace) first. */
const forcedOn = (platform: string): Record<string, string> =>
  platform === 'win32' ? { ...FORCED, NoDefaultCurrentDirectoryInExePath: '1' } : FORCED;

/** Must never reach the child, in any spelling. */
const FORBIDDEN = [
  'NODE_OPTIONS',
  'ELECTRON_RUN_AS_NODE',
  'ELECTRON_NO_ATTACH_CONSOLE',
  'NODE_PATH',
  'NODE_TLS_REJECT_UNAUTHORIZED',
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'NPM_TOKEN',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_ACCESS_KEY_ID',
  'AWS_SESSION_TOKEN',
  'AZURE_OPENAI_API_KEY',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'SSH_AUTH_SOCK',
  'GIT_ASKPASS',
  'VSCODE_IPC_HOOK',
  'VSCODE_IPC_HOOK_CLI',
  'VSCODE_PID',
  'VSCODE_NLS_CONFIG',
  'VSCODE_GIT_ASKPASS_NODE',
  'VSCODE_GIT_IPC_HANDLE',
  'VSCODE_CWD',
  'VSCODE_HANDLES_UNCAUGHT_ERRORS',
  'VSCODE_CRASH_REPORTER_PROCESS_TYPE',
];
const isForbidden = (k: string) => FORBIDDEN.includes(k.toUpperCase()) || k.toUpperCase().startsWith('VSCODE_');

const randomCase = (names: readonly string[]) =>
  fc.constantFrom(...names).chain((n) => fc.oneof(fc.constant(n), fc.constant(n.toLowerCase()), fc.mixedCase(fc.constant(n))));
const keyArb = fc.oneof(
  { weight: 3, arbitrary: randomCase(ALLOWED) },
  { weight: 3, arbitrary: randomCase(FORBIDDEN) },
  fc.tuple(randomCase(['VSCODE_', 'LC_', 'XDG_', 'NODE_', 'ELECTRON_']), fc.string({ maxLength: 12 })).map(([p, s]) => p + s),
  randomCase(['TERM', 'NO_COLOR', 'Path', 'PATHEXT', 'TEMP', 'NoDefaultCurrentDirectoryInExePath']),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', '=C:', '', 'PATH ', ' PATH', 'LC', 'XDG'),
);
const valueArb = fc.oneof(
  { weight: 4, arbitrary: fc.string() },
  fc.constant(undefined),
  fc.constantFrom('--require /tmp/evil.js', '1', 'sk-secret', 'http://proxy:8080'),
);
/** A host environment: entries in order, later ones overriding earlier ones, as an object with own properties only. */
const envArb = fc
  .array(fc.tuple(keyArb, valueArb), { maxLength: 40 })
  .map((entries) => Object.fromEntries(entries) as Record<string, string | undefined>);

function allowedOn(platform: string, key: string): boolean {
  if (platform === 'win32') {
    const k = key.toUpperCase();
    return ALLOWED.some((a) => a.toUpperCase() === k) || PREFIXES.some((p) => k.startsWith(p));
  }
  return ALLOWED.includes(key) || PREFIXES.some((p) => key.startsWith(p));
}

describe('properties: the CLI gets an allowlisted environment', function () {
  this.timeout(30_000);

  it('never passes NODE_OPTIONS, ELECTRON_RUN_AS_NODE, VSCODE_* or any other secret, in any letter case, on any platform', () => {
    fc.assert(
      fc.property(envArb, fc.constantFrom('linux', 'darwin', 'win32'), (source, platform) => {
        const out = buildChildEnv(source, platform);
        for (const key of Object.keys(out)) {
          assert.ok(!isForbidden(key), `${key} reached the child on ${platform}`);
          if (key in forcedOn(platform)) continue;
          assert.ok(allowedOn(platform, key), `${key} is not allowlisted on ${platform}`);
          assert.ok(Object.hasOwn(source, key) && source[key] !== undefined, `${key} was invented`);
          if (platform === 'win32' ? key.toUpperCase() === 'PATH' : key === 'PATH') {
            // PATH keeps only its absolute entries, in order (issue 12: no workspace-relative lookups).
            const sep = platform === 'win32' ? ';' : ':';
            const absolute = platform === 'win32' ? /^"?(?:[A-Za-z]:[\\/]|[\\/]{2}[^\\/])/ : /^\//;
            const entries = String(source[key]).split(sep);
            assert.equal(out[key], entries.filter((e) => absolute.test(e)).join(sep), `${key} kept a relative entry or lost an absolute one`);
            continue;
          }
          assert.equal(out[key], source[key], `${key} changed value`);
        }
        assert.equal(Object.getPrototypeOf(out), Object.prototype, 'a plain object (no prototype swapped in by a __proto__ key)');
      }),
      params(1500),
    );
  });

  it('always sets TERM=dumb and NO_COLOR=1 (and on Windows NoDefaultCurrentDirectoryInExePath=1), whatever the host had', () => {
    fc.assert(
      fc.property(envArb, fc.constantFrom('linux', 'darwin', 'win32'), (source, platform) => {
        const out = buildChildEnv(source, platform);
        assert.equal(out.TERM, 'dumb');
        assert.equal(out.NO_COLOR, '1');
        if (platform === 'win32') {
          assert.equal(out.NoDefaultCurrentDirectoryInExePath, '1');
          const upper = Object.keys(out).map((k) => k.toUpperCase());
          assert.equal(new Set(upper).size, upper.length, `duplicate names on Windows: ${Object.keys(out).join(', ')}`);
        }
      }),
      params(500),
    );
  });

  it('keeps every allowlisted variable the host set (first spelling wins on Windows), so PATH, proxies and locale still work', () => {
    fc.assert(
      fc.property(envArb, fc.constantFrom('linux', 'darwin', 'win32'), (source, platform) => {
        const out = buildChildEnv(source, platform);
        const norm = (k: string) => (platform === 'win32' ? k.toUpperCase() : k);
        const forced = new Set(Object.keys(forcedOn(platform)).map(norm));
        const firstSpelling = new Map<string, string>();
        for (const [k, v] of Object.entries(source)) {
          if (v === undefined || !allowedOn(platform, k) || forced.has(norm(k))) continue;
          if (!firstSpelling.has(norm(k))) firstSpelling.set(norm(k), k);
        }
        const passed = Object.keys(out).filter((k) => !(k in forcedOn(platform)));
        assert.deepEqual(passed.sort(), [...firstSpelling.values()].sort());
      }),
      params(1000),
    );
  });
});

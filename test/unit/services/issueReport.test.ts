/** Issue 23: "Cursor: Report Issue…" prefills versions, state and the log's tail, never a secret, the home folder or more than a bounded amount. */
import * as assert from 'node:assert/strict';
import type { Resolution } from '../../../src/cli/binaryResolution';
import {
  composeIssueReport,
  type IssueReportInput,
  LOG_READ_WINDOW,
  LOG_TAIL_LINES,
  LOG_TAIL_MAX_CHARS,
  logTail,
  RECENT_ERROR_KINDS,
  RecentErrorKinds,
  redactHome,
} from '../../../src/services/readiness/issueReport';

const API_KEY = 'sk-PLANTEDsecret0123456789abcdef';
const CURSOR_KEY = `key_${'ab12'.repeat(16)}`;
const COOKIE = 'WorkosCursorSessionToken=user_01PLANTED%3A%3AeyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJQTEFOVEVEIn0.PLANTEDsig';
const HOME = '/home/planted-user';

const found = (over: Partial<Extract<Resolution, { found: true }>> = {}): Resolution =>
  ({
    found: true,
    path: `${HOME}/.local/bin/cursor-agent`,
    version: '2026.10.01-abc',
    source: 'path:cursor-agent',
    argsPrefix: [],
    configuredPathFailed: false,
    rejected: [],
    ...over,
  }) as Resolution;

const input = (over: Partial<IssueReportInput> = {}): IssueReportInput => ({
  extensionVersion: '0.2.0',
  vscodeVersion: '1.139.0',
  os: { platform: 'linux', arch: 'x64', release: '6.8.0' },
  uiKind: 'desktop',
  backend: 'ACP (`cursor-agent acp`, warm sessions)',
  resolution: found(),
  homeDir: HOME,
  readiness: 'ready',
  errorKinds: [],
  log: { text: '' },
  ...over,
});

describe('the issue report (Cursor: Report Issue…)', () => {
  it('names the versions, OS, remote kind, backend, binary kind, CLI version, readiness and the last error kinds', () => {
    const text = composeIssueReport(input({ remoteName: 'ssh-remote', errorKinds: ['timeout', 'loggedOut'] }));
    for (const want of [
      'Extension: 0.2.0',
      'VS Code: 1.139.0 (desktop)',
      'OS: linux x64 6.8.0',
      'Remote: ssh-remote',
      'Backend: ACP',
      'on PATH as `cursor-agent`',
      'CLI version `2026.10.01-abc`',
      'Readiness: ready',
      'Last error kinds: timeout, loggedOut',
    ]) {
      assert.ok(text.includes(want), `missing ${want}:\n${text}`);
    }
    assert.match(composeIssueReport(input()), /Remote: none \(local window\)/);
    assert.match(
      composeIssueReport(input({ resolution: { found: false, kind: 'notInstalled', rejected: [] } as unknown as Resolution })),
      /Binary: not found \(notInstalled\)/,
    );
  });

  it('never shows a planted API key, Cursor key, session cookie or the home folder (log tail and binary path)', () => {
    const log = [
      `2026-12-02 10:00:00.000 [info] [turn] failed: api_key=${API_KEY}`,
      `2026-12-02 10:00:01.000 [error] Cookie: ${COOKIE}`,
      `2026-12-02 10:00:02.000 [debug] argv --api-key ${CURSOR_KEY} in ${HOME}/projects/app`,
    ].join('\n');
    const text = composeIssueReport(input({ log: { text: log }, resolution: found({ source: 'setting', path: `${HOME}/bin/cursor-agent` }) }));
    for (const secret of [API_KEY, CURSOR_KEY, 'PLANTEDsig', 'user_01PLANTED', HOME, 'planted-user'])
      assert.ok(!text.includes(secret), `${secret} leaked:\n${text}`);
    assert.match(text, /`~\/bin\/cursor-agent`/, "the setting's path with the home folder as ~");
    assert.match(text, /in ~\/projects\/app/);
    assert.match(text, /\[turn\] failed/, 'the rest of the line is kept');
  });

  it('a binary found on PATH or in the install folder is named by kind, never by its full path', () => {
    assert.ok(!composeIssueReport(input()).includes('.local/bin'));
    assert.match(composeIssueReport(input({ resolution: found({ source: 'install-dir' }) })), /from the Cursor install folder/);
  });

  it('keeps the last 200 lines of the log', () => {
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i}`);
    const tail = logTail(lines.join('\n') + '\n').split('\n');
    assert.equal(tail.length, LOG_TAIL_LINES);
    assert.equal(tail[0], 'line 300');
    assert.equal(tail[tail.length - 1], 'line 499');
  });

  it("a huge log (one 20 MB line and long lines with keys) stays bounded, and a key at the window's edge is never shown half", () => {
    const huge = `${'x'.repeat(20_000_000)}\n${Array.from({ length: 300 }, () => `${'y'.repeat(2000)} api_key=${API_KEY}`).join('\n')}`;
    const started = Date.now();
    const text = composeIssueReport(input({ log: { text: huge } }));
    assert.ok(text.length < LOG_TAIL_MAX_CHARS + 2000, `${text.length} characters`);
    assert.ok(!text.includes('PLANTEDsecret'));
    assert.ok(Date.now() - started < 5000, 'reads only the end');
    // The window starts 9 characters before the key's end: that line is dropped, never shown as the key's last characters.
    const edge = logTail(`api_key=${API_KEY}\n${'q'.repeat(LOG_READ_WINDOW - 10)}`);
    assert.ok(!edge.includes(API_KEY.slice(-9)), edge.slice(0, 80));
    assert.match(edge, /^q+…$/);
  });

  it('says when the log could not be read', () => {
    const text = composeIssueReport(input({ log: { unreadable: `ENOENT: ${HOME}/logs/Cursor.log` } }));
    assert.match(text, /could not be read \(ENOENT: ~\/logs\/Cursor\.log\)/);
  });

  it('shows the home folder as ~ on Windows in any case and with either slash', () => {
    assert.equal(redactHome('C:/users/Ann/x and C:\\Users\\ann\\y', 'C:\\Users\\Ann', 'win32'), '~/x and ~\\y');
    assert.equal(redactHome('/home/ann/x', '/', 'linux'), '/home/ann/x', 'a root home hides nothing');
  });

  it('keeps only the last 10 error kinds', () => {
    const ring = new RecentErrorKinds();
    for (let i = 0; i < 25; i++) ring.push(`kind${i}`);
    assert.equal(ring.list().length, RECENT_ERROR_KINDS);
    assert.deepEqual(ring.list()[0], 'kind15');
    assert.deepEqual(ring.list().at(-1), 'kind24');
  });
});

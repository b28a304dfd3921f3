import * as assert from 'node:assert/strict';
import { parseStatusOutput } from '../../../src/cli/status';
import { sampleText } from '../../support/samples';

const sample = () => sampleText('dsh-status-format-json.txt');

describe('parseStatusOutput', () => {
  it('reads the logged-in sample (pretty-printed JSON after a noise line)', () => {
    const text = sample();
    const loggedIn = text.slice(text.indexOf('agent status --format json'));
    assert.deepEqual(parseStatusOutput(loggedIn, '', 0), { state: 'loggedIn', email: 'user@example.com' });
  });

  it('reads the logged-out sample as logged out even though the CLI exits 0', () => {
    const loggedOut = sample().split('\n---')[0];
    assert.deepEqual(parseStatusOutput(loggedOut!, '', 0), { state: 'loggedOut', message: 'Not logged in' });
  });

  it('reports a locked keychain as its own state, not logged out', () => {
    const stderr = 'Error: Your macOS login keychain is locked.\nRun security unlock-keychain and try again.\n';
    assert.deepEqual(parseStatusOutput('', stderr, 1), { state: 'keychainLocked' });
    assert.deepEqual(parseStatusOutput('{"isAuthenticated":false}', stderr, 0), { state: 'keychainLocked' });
  });

  it('reports the IDE launcher without the IDE as its own state', () => {
    const stderr = "Error: No Cursor IDE installation found. Use 'cursor agent' or 'agent' to run the agent.\n";
    assert.deepEqual(parseStatusOutput('', stderr, 1), { state: 'ideLauncherOnly' });
    assert.deepEqual(parseStatusOutput(stderr, '', 1), { state: 'ideLauncherOnly' });
  });

  it('never returns tokens or other fields from the status output', () => {
    const stdout = JSON.stringify(
      { isAuthenticated: true, accessToken: 'SECRET-A', refreshToken: 'SECRET-R', userInfo: { email: 'a@b.c', apiKey: 'SECRET-K' } },
      null,
      2,
    );
    const r = parseStatusOutput(stdout, '', 0);
    assert.deepEqual(r, { state: 'loggedIn', email: 'a@b.c' });
    assert.ok(!JSON.stringify(r).includes('SECRET'));
  });

  it('accepts logged in without userInfo and tolerates odd field types', () => {
    assert.deepEqual(parseStatusOutput('{"isAuthenticated":true}', '', 0), { state: 'loggedIn' });
    assert.deepEqual(parseStatusOutput('{"isAuthenticated":true,"userInfo":null,"message":5}', '', 0), { state: 'loggedIn' });
    assert.deepEqual(parseStatusOutput('{"isAuthenticated":true,"userInfo":{"email":7}}', '', 0), { state: 'loggedIn' });
  });

  it('falls back to the status field when isAuthenticated is missing', () => {
    assert.deepEqual(parseStatusOutput('{"status":"authenticated"}', '', 0), { state: 'loggedIn' });
    assert.deepEqual(parseStatusOutput('{"status":"unauthenticated"}', '', 0), { state: 'loggedOut' });
  });

  it('treats the authentication-required error as logged out', () => {
    const stderr = "Error: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable.\n";
    const r = parseStatusOutput('', stderr, 1);
    assert.equal(r.state, 'loggedOut');
  });

  it("a locked keychain or signed-out message on one long last line (past the classifier's window) is still recognised", () => {
    const padding = ' (details: ' + 'x'.repeat(6000) + ')';
    assert.equal(parseStatusOutput('', `Error: Your macOS login keychain is locked.${padding}\n`, 1).state, 'keychainLocked');
    assert.equal(parseStatusOutput(`Error: Authentication required. Please run 'agent login' first.${padding}\n`, '', 1).state, 'loggedOut');
  });

  it('reports an error with the first stderr line when there is no JSON', () => {
    const r = parseStatusOutput('garbage', 'boom happened\nmore\n', 2);
    assert.equal(r.state, 'error');
    assert.match((r as { detail: string }).detail, /boom happened/);
    assert.doesNotMatch((r as { detail: string }).detail, /more/);
  });

  it('reports an error with the exit code when there is nothing at all', () => {
    const r = parseStatusOutput('', '', 3);
    assert.deepEqual(r, { state: 'error', detail: 'no status JSON in the output: exit code 3' });
  });

  it('reports JSON without an auth field as an error', () => {
    assert.equal(parseStatusOutput('{"foo":1}', '', 0).state, 'error');
    assert.equal(parseStatusOutput('{"isAuthenticated":"yes"}', '', 0).state, 'error');
  });
});

import * as assert from 'node:assert/strict';
import { CliError, classifyFailure, classifyStderr, describeError, type CliErrorKind } from '../../../src/cli/errors';

/** Every verbatim stderr wording from the contract ("Errors seen on stderr"), with the kind it must map to. */
const VERBATIM: Array<[string, CliErrorKind]> = [
  ['Error: Your macOS login keychain is locked.\nRun security unlock-keychain and try again.\n', 'keychainLocked'],
  ["Error: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable.\n", 'loggedOut'],
  ['The provided API key is invalid.\n', 'invalidApiKey'],
  ['Cannot use this model: foo. Available models: a, b\n', 'unknownModel'],
  ['Invalid model value: foo\n', 'unknownModel'],
  ["Error: You've hit your usage limit for this billing period.\n", 'usageLimit'],
  ['Connection lost, reconnecting to https://api2.cursor.sh (attempt 1)...\n', 'network'],
  ['Connection lost, reconnecting to https://api2.cursor.sh (attempt 3)...\nRetriableError: [unavailable] upstream connect error\n', 'network'],
  ['RetriableError: [deadline_exceeded] timed out\n', 'network'],
  ['Error: Session ID "8c3a2f1e-0b7d-4c6e-9f1a-2b3c4d5e6f70" is already in use.\n', 'sessionInUse'],
  ['No previous chats found.\n', 'resumeFailed'],
  ["Error: No Cursor IDE installation found. Use 'cursor agent' or 'agent' to run the agent.\n", 'ideLauncherOnly'],
  ['Error: 429 Too Many Requests\n', 'rateLimit'],
  ['Error: rate limit exceeded, try later\n', 'rateLimit'],
  ['too many requests\n', 'rateLimit'],
];

describe('classifyStderr', () => {
  for (const [stderr, kind] of VERBATIM) {
    it(`recognises "${stderr.split('\n')[0].slice(0, 60)}" as ${kind}`, () => {
      assert.equal(classifyStderr(stderr), kind);
    });
  }

  it('does not guess at unknown wording', () => {
    assert.equal(classifyStderr('Segmentation fault\n'), undefined);
    assert.equal(classifyStderr(''), undefined);
  });
});

describe('classifyFailure', () => {
  it('maps every verbatim wording to a CliError of the same kind, keeping the stderr tail and exit code', () => {
    for (const [stderr, kind] of VERBATIM) {
      const e = classifyFailure({ exitCode: 1, stderr });
      assert.ok(e instanceof CliError);
      assert.equal(e.kind, kind, stderr);
      assert.equal(e.exitCode, 1);
      assert.equal(e.stderrTail, stderr.trimEnd());
      assert.ok(e.fix.length > 0, `${kind} has a fix`);
      assert.ok(Array.isArray(e.actions));
    }
  });

  it('says "not installed" when the binary is missing (ENOENT)', () => {
    assert.equal(classifyFailure({ spawnErrorCode: 'ENOENT' }).kind, 'notInstalled');
  });

  it('says "cannot be started" for permission problems (EACCES) and Windows shims without a shell (EINVAL)', () => {
    const eacces = classifyFailure({ spawnErrorCode: 'EACCES' }, { binary: '/x/cursor-agent' });
    assert.equal(eacces.kind, 'notExecutable');
    assert.match(eacces.message, /permission denied/);
    assert.match(eacces.message, /\/x\/cursor-agent/);
    const einval = classifyFailure({ spawnErrorCode: 'EINVAL' });
    assert.equal(einval.kind, 'notExecutable');
    assert.match(einval.message, /\.cmd shim/);
  });

  it('says the prompt is too large when argv is too long (E2BIG)', () => {
    assert.equal(classifyFailure({ spawnErrorCode: 'E2BIG' }).kind, 'promptTooLarge');
  });

  it('prefers the spawn error over anything on stderr', () => {
    assert.equal(classifyFailure({ spawnErrorCode: 'ENOENT', stderr: 'The provided API key is invalid.' }).kind, 'notInstalled');
  });

  it('explains a clean exit with no output at all (what very large prompts cause)', () => {
    const e = classifyFailure({ exitCode: 0, stderr: '', noOutput: true });
    assert.equal(e.kind, 'malformedStream');
    assert.match(e.message, /without printing anything/);
  });

  it('shows the first stderr line for an unknown failure', () => {
    const e = classifyFailure({ exitCode: 2, stderr: '\n  Something new broke  \nstack line 1\nstack line 2\n' });
    assert.equal(e.kind, 'unknown');
    assert.match(e.message, /Something new broke/);
    assert.doesNotMatch(e.message, /stack line/);
    assert.equal(e.exitCode, 2);
  });

  it('mentions the exit code or signal when an unknown failure printed nothing', () => {
    assert.match(classifyFailure({ exitCode: 3, stderr: '' }).message, /exit code 3/);
    assert.match(classifyFailure({ exitCode: null, signal: 'SIGKILL', stderr: '' }).message, /SIGKILL/);
  });

  it('names the rejected model and lists the models the CLI offers', () => {
    const e = classifyFailure({ exitCode: 1, stderr: 'Cannot use this model: foo. Available models: a, b' });
    assert.equal(e.kind, 'unknownModel');
    assert.match(e.message, /`foo`/);
    assert.match(e.message, /Available: a, b\./);
  });

  it('keeps dots in model ids and drops the final full stop of the list', () => {
    const e = classifyFailure({ exitCode: 1, stderr: 'Cannot use this model: claude-4.5-sonnet. Available models: auto, gpt-5.1, claude-4.5-sonnet.\n' });
    assert.match(e.message, /`claude-4\.5-sonnet`/);
    assert.match(e.message, /Available: auto, gpt-5\.1, claude-4\.5-sonnet\./);
    const old = classifyFailure({ exitCode: 1, stderr: 'Invalid model value: gpt-9.5\n' });
    assert.match(old.message, /`gpt-9\.5`/);
  });

  it('falls back to the catalog and the requested model when the CLI does not list models', () => {
    const e = classifyFailure({ exitCode: 1, stderr: 'Cannot use this model' }, { model: 'x-1', knownModels: ['auto', 'gpt-5'] });
    assert.match(e.message, /`x-1`/);
    assert.match(e.message, /Available: auto, gpt-5\./);
  });

  it('keeps only a bounded tail of long stderr', () => {
    const e = classifyFailure({ exitCode: 1, stderr: 'x'.repeat(10_000) });
    assert.ok(e.stderrTail.length <= 2001);
  });
});

describe('describeError', () => {
  it('gives every kind a message and a fix', () => {
    const kinds: CliErrorKind[] = ['notInstalled', 'notExecutable', 'ideLauncherOnly', 'loggedOut', 'keychainLocked', 'invalidApiKey', 'unknownModel', 'usageLimit', 'rateLimit', 'network', 'sessionInUse', 'resumeFailed', 'promptTooLarge', 'timeout', 'malformedStream', 'policyBreach', 'untrustedWorkspace', 'unknown'];
    for (const kind of kinds) {
      const info = describeError(kind);
      assert.equal(info.kind, kind);
      assert.ok(info.message.length > 0 && info.fix.length > 0, kind);
    }
  });

  it('ends every message with a full sentence before the fix, with or without a detail', () => {
    const kinds: CliErrorKind[] = ['notInstalled', 'notExecutable', 'ideLauncherOnly', 'loggedOut', 'keychainLocked', 'invalidApiKey', 'unknownModel', 'usageLimit', 'rateLimit', 'network', 'sessionInUse', 'resumeFailed', 'promptTooLarge', 'timeout', 'malformedStream', 'policyBreach', 'untrustedWorkspace', 'unknown'];
    for (const kind of kinds) {
      for (const detail of [undefined, 'it was killed by SIGKILL', 'Error: something broke.']) {
        const e = new CliError(describeError(kind, { detail, model: 'x-1', binary: '/bin/x', seconds: 5 }));
        assert.match(e.message, /[.!?]$/, `${kind} (${detail}): ${e.message}`);
        assert.doesNotMatch(e.message, /[.!?]\.$/, `${kind} (${detail}): ${e.message}`);
      }
    }
    assert.equal(classifyFailure({ exitCode: null, signal: 'SIGKILL', stderr: '' }).userMessage, 'The Cursor CLI failed: it was killed by SIGKILL. See the Cursor log for details.');
  });
});

import * as assert from 'node:assert/strict';
import { languageModelErrorKind, needsAuthRecheck } from '../../../src/cli/errorKindRules';
import { CliError, describeError, type CliErrorKind, type ErrorDetails } from '../../../src/cli/errors';
import { classifyFailure } from '../../../src/cli/failureClassifier';
import { ERROR_TEXT, shownText } from '../../fixtures/userTexts';

describe('describeError', () => {
  // Every kind, from the table keyed by CliErrorKind (a new kind without its text does not compile).
  const kinds = Object.keys(ERROR_TEXT) as CliErrorKind[];

  it('tells the user, for every kind of failure, what happened, what to do, and offers the buttons for it', () => {
    for (const kind of kinds) {
      const info = describeError(kind);
      assert.deepEqual(info, { kind, ...ERROR_TEXT[kind] }, kind);
      assert.equal(new CliError(info).userMessage, shownText(kind), kind);
    }
  });

  it('names what it knows: the binary, the model, the seconds waited, the prompt limit, the folder, and the Mac keychain', () => {
    const say = (kind: CliErrorKind, d: ErrorDetails) => new CliError(describeError(kind, d)).message;
    assert.equal(say('notInstalled', { binary: '/opt/cursor-agent' }), 'The Cursor CLI (`cursor-agent`) was not found at `/opt/cursor-agent`.');
    assert.equal(say('notExecutable', { binary: '/opt/x', detail: 'EACCES' }), '`/opt/x` exists but could not be started (EACCES).');
    assert.equal(
      say('unknownModel', { model: 'gpt-9', knownModels: ['auto', 'gpt-5'] }),
      'Cursor does not offer the model `gpt-9` to this account. Available: auto, gpt-5.',
    );
    assert.equal(say('timeout', { seconds: 5, stage: 'first output' }), 'The Cursor CLI printed nothing for 5 s after starting.');
    assert.equal(say('timeout', { seconds: 7, stage: 'inactivity' }), 'The Cursor CLI stopped responding (no output for 7 s).');
    assert.equal(say('timeout', { seconds: 10, stage: 'command', detail: 'status' }), '`cursor-agent status` did not finish within 10 s.');
    assert.equal(say('promptTooLarge', { limitBytes: 1_000_000 }), 'The prompt is too large for the Cursor CLI (limit 1000 KB).');
    assert.equal(
      say('policyBreach', { detail: 'Running `touch x`' }),
      'The Cursor agent changed something in a read-only turn (Running `touch x`), so the turn was stopped.',
    );
    assert.equal(
      say('unsafeWorkspace', { detail: '/home/me' }),
      'Cursor does not run the agent in `/home/me`, your home folder, a folder that holds it, or a filesystem root: the agent could read everything below it, `~/.ssh` and other credentials included.',
    );
    const mac = describeError('loggedOut', { platform: 'darwin' });
    assert.equal(mac.message, 'The Cursor CLI is not logged in. On macOS a locked login keychain looks the same to the CLI.');
    assert.deepEqual(mac.actions, ['login', 'unlockKeychain', 'showLogs']);
  });

  it('ends every message with a full sentence before the fix, with or without a detail', () => {
    for (const kind of kinds) {
      for (const detail of [undefined, 'it was killed by SIGKILL', 'Error: something broke.']) {
        const e = new CliError(describeError(kind, { detail, model: 'x-1', binary: '/bin/x', seconds: 5 }));
        assert.match(e.message, /[.!?]$/, `${kind} (${detail}): ${e.message}`);
        assert.doesNotMatch(e.message, /[.!?]\.$/, `${kind} (${detail}): ${e.message}`);
      }
    }
    assert.equal(
      classifyFailure({ exitCode: null, signal: 'SIGKILL', stderr: '' }).userMessage,
      'The Cursor CLI failed: it was killed by SIGKILL. See the Cursor log for details.',
    );
  });
});

describe('what @cursor and the language model API do per error kind (one rule for both)', () => {
  it('checks the login again after a failure that says the CLI is missing or not logged in', () => {
    const recheck = (['notInstalled', 'loggedOut', 'keychainLocked', 'invalidApiKey', 'untrustedWorkspace'] as CliErrorKind[]).filter(
      needsAuthRecheck,
    );
    assert.deepEqual(recheck, ['notInstalled', 'loggedOut', 'keychainLocked', 'invalidApiKey', 'untrustedWorkspace']);
    for (const k of ['rateLimit', 'network', 'timeout', 'unknownModel', 'resumeFailed', 'unknown'] as CliErrorKind[])
      assert.equal(needsAuthRecheck(k), false, k);
    // Over every kind: only these five.
    assert.deepEqual((Object.keys(ERROR_TEXT) as CliErrorKind[]).filter(needsAuthRecheck), [
      'notInstalled',
      'loggedOut',
      'keychainLocked',
      'invalidApiKey',
      'untrustedWorkspace',
    ]);
  });

  it('tells language model callers which failures are permissions, missing things, or blocked', () => {
    const table: Array<[CliErrorKind, string]> = [
      ['loggedOut', 'NoPermissions'],
      ['invalidApiKey', 'NoPermissions'],
      ['keychainLocked', 'NoPermissions'],
      ['untrustedWorkspace', 'NoPermissions'],
      ['unsafeWorkspace', 'NoPermissions'],
      ['unknownModel', 'NotFound'],
      ['notInstalled', 'NotFound'],
      ['policyBreach', 'Blocked'],
      ['rateLimit', 'generic'],
      ['timeout', 'generic'],
      ['unknown', 'generic'],
    ];
    for (const [kind, lm] of table) assert.equal(languageModelErrorKind(kind), lm, kind);
    // Every other kind is the plain LanguageModelError.
    const listed = new Set(table.map(([k]) => k));
    for (const kind of (Object.keys(ERROR_TEXT) as CliErrorKind[]).filter((k) => !listed.has(k)))
      assert.equal(languageModelErrorKind(kind), 'generic', kind);
  });
});

import * as assert from 'node:assert/strict';
import { CliError, describeError, languageModelErrorKind, needsAuthRecheck, type CliErrorKind } from '../../../src/cli/errors';
import { classifyFailure } from '../../../src/cli/failureClassifier';

describe('describeError', () => {
  it('gives every kind a message and a fix', () => {
    const kinds: CliErrorKind[] = [
      'notInstalled', 'notExecutable', 'ideLauncherOnly', 'loggedOut', 'keychainLocked', 'invalidApiKey', 'unknownModel', 'usageLimit', 'rateLimit',
      'network', 'sessionInUse', 'resumeFailed', 'promptTooLarge', 'timeout', 'malformedStream', 'policyBreach', 'untrustedWorkspace', 'unknown',
    ];
    for (const kind of kinds) {
      const info = describeError(kind);
      assert.equal(info.kind, kind);
      assert.ok(info.message.length > 0 && info.fix.length > 0, kind);
    }
  });

  it('ends every message with a full sentence before the fix, with or without a detail', () => {
    const kinds: CliErrorKind[] = [
      'notInstalled', 'notExecutable', 'ideLauncherOnly', 'loggedOut', 'keychainLocked', 'invalidApiKey', 'unknownModel', 'usageLimit', 'rateLimit',
      'network', 'sessionInUse', 'resumeFailed', 'promptTooLarge', 'timeout', 'malformedStream', 'policyBreach', 'untrustedWorkspace', 'unknown',
    ];
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

describe('what @cursor and the language model API do per error kind (one rule for both)', () => {
  it('checks the login again after a failure that says the CLI is missing or not logged in', () => {
    const recheck = (['notInstalled', 'loggedOut', 'keychainLocked', 'invalidApiKey', 'untrustedWorkspace'] as CliErrorKind[]).filter(needsAuthRecheck);
    assert.deepEqual(recheck, ['notInstalled', 'loggedOut', 'keychainLocked', 'invalidApiKey', 'untrustedWorkspace']);
    for (const k of ['rateLimit', 'network', 'timeout', 'unknownModel', 'resumeFailed', 'unknown'] as CliErrorKind[]) assert.equal(needsAuthRecheck(k), false, k);
  });

  it('tells language model callers which failures are permissions, missing things, or blocked', () => {
    const table: Array<[CliErrorKind, string]> = [
      ['loggedOut', 'NoPermissions'], ['invalidApiKey', 'NoPermissions'], ['keychainLocked', 'NoPermissions'], ['untrustedWorkspace', 'NoPermissions'], ['unsafeWorkspace', 'NoPermissions'],
      ['unknownModel', 'NotFound'], ['notInstalled', 'NotFound'],
      ['policyBreach', 'Blocked'],
      ['rateLimit', 'generic'], ['timeout', 'generic'], ['unknown', 'generic'],
    ];
    for (const [kind, lm] of table) assert.equal(languageModelErrorKind(kind), lm, kind);
  });
});

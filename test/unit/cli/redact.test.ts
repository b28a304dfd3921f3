import * as assert from 'node:assert/strict';
import { redactSecrets } from '../../../src/cli/redact';

describe('redactSecrets (nothing token-like reaches the log)', () => {
  const cases: Array<[string, string]> = [
    ['key sk-live-0123456789abcdefABCDEF here', 'sk-live'],
    ['ghp_0123456789abcdefghijABCDEFGHIJ', 'ghp_0123456789'],
    ['Authorization: Bearer abc.def.ghi-0123456789', 'abc.def.ghi-0123456789'],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c', 'SflKxwRJSMeKKF2QT4'],
    ['proxy http://user:hunter2pass@proxy.local:8080', 'hunter2pass'],
    ['CURSOR_API_KEY=key_abcdef0123456789', 'key_abcdef0123456789'],
    ['"refresh_token": "r1-very-secret-value"', 'r1-very-secret-value'],
    ['AKIAIOSFODNN7EXAMPLE', 'IOSFODNN7EXAMPLE'],
  ];
  for (const [input, secret] of cases) {
    it(`hides ${secret.slice(0, 12)}… from "${input.slice(0, 30)}…"`, () => {
      assert.ok(!redactSecrets(input).includes(secret), redactSecrets(input));
    });
  }
  it('keeps ordinary error text readable', () => {
    const s = "Error: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable.";
    assert.equal(redactSecrets(s), s);
    assert.equal(redactSecrets('Cannot use this model: gpt-9. Available models: auto, gpt-5'), 'Cannot use this model: gpt-9. Available models: auto, gpt-5');
  });
});

import * as assert from 'node:assert/strict';
import { redactSecrets } from '../../../src/cli/redact';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const HEX64 = '0123456789abcdef'.repeat(4);

describe('redactSecrets (nothing token-like reaches the log or the chat)', () => {
  // [input, the secret part that must not survive]
  const cases: Array<[string, string]> = [
    ['key sk-live-0123456789abcdefABCDEF here', 'sk-live'],
    ['ghp_0123456789abcdefghijABCDEFGHIJ', 'ghp_0123456789'],
    ['Authorization: Bearer abc.def.ghi-0123456789', 'abc.def.ghi-0123456789'],
    [JWT, 'SflKxwRJSMeKKF2QT4'],
    ['proxy http://user:hunter2pass@proxy.local:8080', 'hunter2pass'],
    ['CURSOR_API_KEY=key_abcdef0123456789', 'key_abcdef0123456789'],
    ['"refresh_token": "r1-very-secret-value"', 'r1-very-secret-value'],
    ['AKIAIOSFODNN7EXAMPLE', 'IOSFODNN7EXAMPLE'],
    // The forms an adversarial review found unredacted (issue 12, item 2).
    [`Cookie: WorkosCursorSessionToken=user_01JABCDEFGHJKMNPQRSTVWXYZ%3A%3A${JWT}`, 'user_01JABCDEFGHJKMNPQRSTVWXYZ'],
    [`Cookie: WorkosCursorSessionToken=user_01JABCDEFGHJKMNPQRSTVWXYZ%3A%3A${JWT}`, 'eyJhbGciOiJIUzI1NiJ9'],
    [`request failed with WorkosCursorSessionToken=user_01JABCDEFG%3A%3A${JWT}; path=/`, 'user_01JABCDEFG'],
    [`upstream said: bearer_${JWT}`, 'eyJhbGciOiJIUzI1NiJ9'],
    [`set%3A%3A${JWT}`, 'SflKxwRJSMeKKF2QT4'],
    [`Error: CURSOR_API_KEY is key_${HEX64}`, HEX64.slice(0, 20)],
    [`cursor-agent --api-key key_${HEX64} -p`, HEX64.slice(0, 20)],
    [`cursor-agent --api-key=key_${HEX64}`, HEX64.slice(0, 20)],
    ['[default]\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'wJalrXUtnFEMI'],
    ['AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'wJalrXUtnFEMI'],
    ['stripe: sk_live_51H8abcdefGHIJKLmnopQRST', '51H8abcdefGHIJKL'],
    ['rk_test_51H8abcdefGHIJKLmnopQRST', '51H8abcdefGHIJKL'],
    ['token glpat-xY12abcdEFGHijklMNOP', 'xY12abcdEFGHijklMNOP'],
    ['maps key AIzaSyA-1234567890abcdefghijklmnopqrstu', 'SyA-1234567890abcdefghij'],
    ['//registry.npmjs.org/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789', 'abcdefghijklmnopqrstuvwxyz0123456789'],
    ['publish with npm_abcdefghijklmnopqrstuvwxyz0123456789 failed', 'abcdefghijklmnopqrstuvwxyz0123456789'],
    ['note=password=hunter2hunter2', 'hunter2hunter2'],
    // Session and cookie values in `name=value` pairs (names with neither key, token nor secret in them).
    ['request failed: sessionid=9f8e7d6c5b4a3210 expired', '9f8e7d6c5b4a3210'],
    ['JSESSIONID=1A2B3C4D5E6F7A8B9C0D; Path=/', '1A2B3C4D5E6F7A8B9C0D'],
    ['"session": "s3ss-v4lue-opaque"', 's3ss-v4lue-opaque'],
    ['remember_cookie=u42-persist-me-please', 'u42-persist-me-please'],
    ['"cookie": "cv-0123-abcd-9876"', 'cv-0123-abcd-9876'],
    [`signature_${HEX64}`, HEX64],
  ];
  for (const [input, secret] of cases) {
    it(`hides ${secret.slice(0, 12)}… from "${input.slice(0, 40)}…"`, () => {
      const out = redactSecrets(input);
      assert.ok(!out.includes(secret), out);
    });
  }

  it('keeps ordinary error text readable', () => {
    const keep = [
      "Error: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable.",
      'Cannot use this model: gpt-9. Available models: auto, gpt-5',
      'Session ID 065d6699-0bd7-4d0c-86f5-3cfc5be0e336 is already in use',
      'The provided CURSOR_API_KEY is invalid',
      'ConnectError: [unavailable] getaddrinfo ENOTFOUND api2.cursor.sh',
      'disk-usage-monitor-0123456789 failed; task-runner-abcdefghijk too',
    ];
    for (const s of keep) assert.equal(redactSecrets(s), s);
  });

  it('returns within a second for 1 MB of the worst input of every pattern (no quadratic pattern freezes the extension host)', function () {
    this.timeout(60_000);
    const MB = 1024 * 1024;
    const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
    const worst = [
      fill('a.'), // a word boundary at every other character
      fill('eyJ-'), // a JWT header again and again, never a dot
      fill('eyJaaaaaaaaa'),
      fill('a'), // one long run of name characters with no separator
      fill('key '), // a secret name again and again, never a separator
      fill('password: '),
      fill('x='),
      'password' + ' '.repeat(MB) + 'x',
      fill('Cookie '),
      fill('Bearer '),
      fill('sk-'),
      fill('a://b:c'),
      fill('http://'),
      'a://' + 'b'.repeat(MB) + ':c',
      fill('0'), // hex that ends in a letter
      fill('0') + 'g',
      fill('_0'),
      fill('CURSOR_API_KEY is '),
      fill('--api-key '),
      fill('key_'),
      fill('AIza'),
      fill('\u2003'),
    ];
    for (const input of worst) {
      const started = Date.now();
      redactSecrets(input);
      const ms = Date.now() - started;
      assert.ok(ms < 1000, `${ms} ms for ${JSON.stringify(input.slice(0, 20))}…`);
    }
  });
});

import * as assert from 'node:assert/strict';
import { CliError, type CliErrorKind } from '../../../src/cli/errors';
import { CLASSIFY_MAX_CHARS, classifyFailure, classifyStderr } from '../../../src/cli/failureClassifier';
import { bigModelListing } from '../../support/models';

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
    it(`recognises "${stderr.split('\n')[0]!.slice(0, 60)}" as ${kind}`, () => {
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
    const e = classifyFailure({
      exitCode: 1,
      stderr: 'Cannot use this model: claude-4.5-sonnet. Available models: auto, gpt-5.1, claude-4.5-sonnet.\n',
    });
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

  it("names a refused model when the CLI lists an account's ~200 models on that one long stderr line", () => {
    const ids = bigModelListing().map(([id]) => id);
    assert.ok(ids.length >= 190 && ids.join(', ').length > CLASSIFY_MAX_CHARS, "a real account's list is longer than the classifier's window");
    for (const end of ['\n', '', '\r\n']) {
      const stderr = `Cannot use this model: gpt-4.1-legacy. Available models: ${ids.join(', ')}${end}`;
      const e = classifyFailure({ exitCode: 1, stderr });
      assert.equal(e.kind, 'unknownModel', `line ending ${JSON.stringify(end)}`);
      assert.match(e.message, /`gpt-4\.1-legacy`/);
      // The CLI's list was cut: the ids shown are whole ids the CLI listed, never a fragment.
      const shown = /Available: (.*?)(?:, …)?\.(?: |$)/.exec(e.message)?.[1]?.split(', ') ?? [];
      assert.ok(shown.length >= 10, `lists models: ${e.message}`);
      for (const id of shown) assert.ok(ids.includes(id), `"${id}" is one of the CLI's ids`);
    }
  });

  it("a refused model with a long list prefers the catalog's whole list over the cut one", () => {
    const ids = bigModelListing().map(([id]) => id);
    const e = classifyFailure(
      { exitCode: 1, stderr: `Cannot use this model: nope-1. Available models: ${ids.join(', ')}\n` },
      { knownModels: ['auto', 'zz-last'] },
    );
    assert.match(e.message, /`nope-1`/);
    assert.match(e.message, /Available: auto, zz-last\./);
  });

  it('a long line before the one the CLI ended with does not hide its message', () => {
    const stderr = `${'noise '.repeat(2000)}\nCannot use this model: foo. Available models: a, b\n`;
    assert.equal(classifyFailure({ exitCode: 1, stderr }).kind, 'unknownModel');
    const tail = `Cannot use this model: bar. Available models: ${'m-x, '.repeat(1500)}m-y\n`;
    const e = classifyFailure({ exitCode: 1, stderr: `${'warn: something\n'.repeat(500)}${tail}` });
    assert.equal(e.kind, 'unknownModel');
    assert.match(e.message, /`bar`/);
  });

  it('keeps only a bounded tail of long stderr', () => {
    const e = classifyFailure({ exitCode: 1, stderr: 'x'.repeat(10_000) });
    assert.ok(e.stderrTail.length <= 2001);
  });
});

/**
 * One wording per kind, in the order the classifier must prefer them when one
 * message carries two (most specific first). Pinned here, not read from the code.
 */
const BY_SPECIFICITY: Array<[CliErrorKind, string]> = [
  ['keychainLocked', 'Your macOS login keychain is locked.'],
  ['ideLauncherOnly', "No Cursor IDE installation found. Use 'cursor agent' or 'agent' to run the agent."],
  ['sessionInUse', 'Session ID "8c3a2f1e-0b7d-4c6e-9f1a-2b3c4d5e6f70" is already in use.'],
  ['resumeFailed', 'No previous chats found.'],
  ['invalidApiKey', 'The provided API key is invalid.'],
  ['unknownModel', 'Cannot use this model: foo-1. Available models: auto, gpt-5'],
  ['usageLimit', "You've hit your usage limit"],
  ['rateLimit', '429 Too Many Requests'],
  ['promptTooLarge', 'The prompt is too long for the context window'],
  ['loggedOut', "Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable."],
  ['network', 'RetriableError: [unavailable] upstream connect error'],
];

describe('classifyStderr: which wording wins', () => {
  it('each wording alone classifies as its own kind', () => {
    for (const [kind, text] of BY_SPECIFICITY) assert.equal(classifyStderr(`${text}\n`), kind, text);
  });

  it('when one message carries two wordings, the more specific kind wins (every pair, both orders)', () => {
    for (let i = 0; i < BY_SPECIFICITY.length; i++) {
      for (let j = 0; j < BY_SPECIFICITY.length; j++) {
        if (i === j) continue;
        const [ka, a] = BY_SPECIFICITY[i]!;
        const [kb, b] = BY_SPECIFICITY[j]!;
        const expected = i < j ? ka : kb;
        assert.equal(classifyStderr(`Error: ${a} ${b}\n`), expected, `"${a}" + "${b}"`);
      }
    }
  });

  it('when the CLI printed two messages, the one it ended with decides (every pair)', () => {
    for (const [ka, a] of BY_SPECIFICITY) {
      for (const [kb, b] of BY_SPECIFICITY) {
        if (ka === kb) continue;
        const prefixed = (t: string) => (/^\w*Error:/.test(t) ? t : `Error: ${t}`);
        assert.equal(classifyStderr(`${prefixed(a)}\n${prefixed(b)}\n`), kb, `"${a}" then "${b}"`);
      }
    }
  });

  it('a usage-limit or unknown-model message that mentions `agent login` is not "logged out"', () => {
    assert.equal(classifyStderr("Error: You've hit your usage limit. Run 'agent login' to use another account.\n"), 'usageLimit');
    assert.equal(classifyStderr("Cannot use this model: gpt-9. Run 'cursor-agent login' to refresh your models.\n"), 'unknownModel');
    assert.equal(classifyStderr("Error: You've hit your usage limit.\nRun 'agent login' to switch accounts.\n"), 'usageLimit');
  });

  it('a rate or usage limit the CLI reports as a RetriableError is not called a network problem', () => {
    assert.equal(classifyStderr('RetriableError: [resource_exhausted] Error\n    at ConnectError.from (file:///agent/index.js:1:1)\n'), 'rateLimit');
    assert.equal(classifyStderr('RetriableError: [permission_denied] Error\n'), 'usageLimit');
    assert.equal(
      classifyStderr('Connection lost, reconnecting to https://api2.cursor.sh (attempt 3)...\nRetriableError: [resource_exhausted] Error\n'),
      'rateLimit',
    );
  });

  const DECOY_FRAMES = [
    '    at ConnectError.from (file:///home/u/.local/share/cursor-agent/versions/2026.10.01-e373342/index.js:429:17)',
    '    at checkRateLimit (file:///agent/index.js:12:3)',
    '    at async reconnectingTo (/agent/index.js:88:1)',
    '    at agent login (/agent/index.js:1:1)',
    '    at Session ID x is already in use (/agent/index.js:2:2)',
    'file:///agent/index.js:429',
    '/agent/index.js:429:17',
    '          ^^^^^',
  ];

  it('a stack frame never decides the kind (each decoy after a network error, and after an unknown one)', () => {
    for (const frame of DECOY_FRAMES) {
      assert.equal(classifyStderr(`Error: connect ECONNREFUSED 10.0.0.1:443\n${frame}\n`), 'network', frame);
      assert.equal(classifyStderr(`Error: something new broke\n${frame}\n`), undefined, frame);
      const e = classifyFailure({ exitCode: 1, stderr: `Error: something new broke\n${frame}\n` });
      assert.equal(e.kind, 'unknown', frame);
      assert.match(e.message, /something new broke/);
    }
  });

  it('a line number 429 in a message is not a rate limit', () => {
    assert.equal(classifyStderr('Error: read ECONNRESET at index.js:429:17\n'), 'network');
    assert.equal(classifyStderr('Error: request req-429-x failed: socket hang up\n'), 'network');
  });

  it('a reconnect the CLI recovered from does not make a later failure "network"', () => {
    const reconnect = 'Connection lost, reconnecting to https://api2.cursor.sh (attempt 1)...\n';
    assert.equal(classifyStderr(`${reconnect}Error: Session ID "8c3a2f1e-0b7d-4c6e-9f1a-2b3c4d5e6f70" is already in use.\n`), 'sessionInUse');
    assert.equal(classifyStderr(`${reconnect}Error: You've hit your usage limit\n`), 'usageLimit');
    assert.equal(classifyStderr(`${reconnect}Segmentation fault (core dumped)\n`), undefined);
    const e = classifyFailure({ exitCode: 139, stderr: `${reconnect}${'some log line\n'.repeat(500)}Segmentation fault (core dumped)\n` });
    assert.equal(e.kind, 'unknown');
    assert.match(e.message, /some log line|Segmentation fault/);
    assert.doesNotMatch(e.message, /reconnecting/);
  });

  it("reads the CLI's error result before stderr", () => {
    const e = classifyFailure({
      exitCode: 1,
      stderr: 'Connection lost, reconnecting to https://api2.cursor.sh (attempt 1)...\n',
      resultError: 'Cannot use this model: gpt-9. Available models: auto, gpt-5',
    });
    assert.equal(e.kind, 'unknownModel');
    assert.match(e.message, /`gpt-9`/);
    const unknown = classifyFailure({ exitCode: 1, stderr: '', resultError: 'The agent gave up.' });
    assert.equal(unknown.kind, 'unknown');
    assert.match(unknown.message, /The agent gave up\./);
  });
});

describe('classifyStderr: bounded work on hostile input', function () {
  this.timeout(60_000);
  const MB = 1024 * 1024;
  const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
  // The worst inputs found for each pattern (quadratic before: 'Session ID ' × 40,000 stalled for 22 s).
  const WORST: Array<[string, string]> = [
    ['"Session ID " repeated', fill('Session ID ')],
    ['"Session ID " lines', fill('Session ID \n')],
    ['"Cannot use this model: " repeated', fill('Cannot use this model: ')],
    ['"Cannot use this model: a." repeated', fill('Cannot use this model: a.')],
    ['"chat 0123456789" repeated', fill('chat 0123456789')],
    ['a hex run after "session "', 'session ' + fill('0')],
    ['one long line of spaces', fill(' ')],
    ['em spaces then x', fill('\u2003') + 'x'],
    ['one long word', fill('a')],
    ['newlines', fill('\n')],
    ['stack-frame-like', fill('x.js:1:')],
    ['"Error" repeated', fill('Error')],
    ['"429:" repeated', fill('429:')],
  ];
  for (const [name, text] of WORST) {
    it(`returns at once for 1 MB of ${name} (guard against a quadratic pattern, not a speed test)`, () => {
      const t0 = process.hrtime.bigint();
      classifyStderr(text);
      classifyFailure({ exitCode: 1, stderr: text });
      classifyFailure({ exitCode: 1, stderr: '', resultError: text });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      assert.ok(ms < 1000, `${name}: ${Math.round(ms)} ms`);
    });
  }
});

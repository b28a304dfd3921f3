/**
 * Every parser of CLI output against 1 MB of its worst input: each must return
 * (here within a generous second: a guard against a quadratic pattern that
 * would freeze the extension host, not a speed measurement).
 */
import * as assert from 'node:assert/strict';
import { exceedsJsonDepth } from '../../../src/cli/jsonDepth';
import { cleanCliLine } from '../../../src/cli/cliText';
import { parseModelsOutput } from '../../../src/cli/models';
import { NdjsonLineReader } from '../../../src/cli/ndjson';
import { parseStatusOutput } from '../../../src/cli/status';
import { TurnParser } from '../../../src/print/turnParser';
import { parseVersionOutput } from '../../../src/cli/version';

const MB = 1024 * 1024;
const fill = (unit: string, size = MB) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

function returnsPromptly(what: string, fn: () => unknown): void {
  const started = Date.now();
  fn();
  const ms = Date.now() - started;
  assert.ok(ms < 1000, `${what}: ${ms} ms`);
}

describe('1 MB of the worst CLI output never freezes the extension host', function () {
  this.timeout(120_000);

  it('models: a label of Unicode spaces before the marker pattern (gpt-5 - + 100,000 × U+2003 + x)', () => {
    const line = 'gpt-5 - ' + '\u2003'.repeat(100_000) + 'x';
    returnsPromptly('100,000 U+2003', () => parseModelsOutput(line));
    returnsPromptly('1 MB of U+2003', () => parseModelsOutput('gpt-5 - ' + fill('\u2003') + 'x'));
    returnsPromptly('1 MB of spaces and tabs', () => parseModelsOutput('gpt-5 - ' + fill(' \t\u00a0\u3000') + '(x'));
    returnsPromptly('1 MB of half-open markers', () => parseModelsOutput('gpt-5 - ' + fill('( default ,')));
    returnsPromptly('1 MB of short model lines', () => parseModelsOutput(fill('m - A (default)\n')));
    returnsPromptly('cleanCliLine on 1 MB of escapes', () => cleanCliLine(fill('\x1b[0;\x1b]8;;')));
  });

  it('models: still reads a model line with Unicode spaces and its markers', () => {
    const out = parseModelsOutput('gpt-5 -\u2003GPT-5\u2003\u2003(default)\n');
    assert.deepEqual(
      out.models.map((m) => [m.id, m.label, m.isDefault]),
      [['gpt-5', 'GPT-5', true]],
    );
  });

  it('status: 1 MB of non-JSON stdout, stderr or nested brackets (the probe runs on window focus and in untrusted windows)', () => {
    const sessionIds = fill('Session ID ');
    returnsPromptly('stdout of "Session ID …"', () => parseStatusOutput(sessionIds, '', 1));
    returnsPromptly('stderr of "Session ID …"', () => parseStatusOutput('', sessionIds, 1));
    returnsPromptly('one 1 MB stderr line of spaces', () => parseStatusOutput('', fill(' ') + 'x', 1));
    returnsPromptly('nested brackets', () => parseStatusOutput('{"a":' + fill('[') + fill(']') + '}', '', 0));
    returnsPromptly('unclosed braces', () => parseStatusOutput(fill('{'), '', 0));
    returnsPromptly('a JSON-looking line of quotes and backslashes', () => parseStatusOutput('{' + fill('\\"') + '}', '', 0));
  });

  it('status: a locked keychain is still recognised at the end of 1 MB of noise', () => {
    assert.deepEqual(parseStatusOutput('', fill('noise ') + '\nError: keychain is locked\n', 1), { state: 'keychainLocked' });
  });

  it('version: 1 MB of anything', () => {
    returnsPromptly('one token', () => parseVersionOutput(fill('1')));
    returnsPromptly('spaces', () => parseVersionOutput(fill(' \u2003')));
  });

  it('stream-json: a 1 MB line of nested brackets, or a 16 MiB one, is dropped as noise instead of parsed', () => {
    for (const size of [MB, 16 * MB]) {
      const parser = new TurnParser();
      const half = size / 2;
      returnsPromptly(`${size} bytes of [`, () => parser.push(fill('[', half) + fill(']', half)));
      returnsPromptly(`${size} bytes of {"a":`, () => parser.push('{"type":"tool_call","x":' + fill('{"a":', half) + fill('}', half / 5) + '}'));
      assert.equal(parser.stats.nonJsonLines, 2);
    }
  });

  it('stream-json: 1 MB lines of what the CLI really sends big (a file read) still parse', () => {
    const parser = new TurnParser();
    const readToolCall = { args: { path: 'a.json' }, result: { success: { content: fill('[{"\\\\"\n') } } };
    const line = JSON.stringify({ type: 'tool_call', subtype: 'completed', call_id: 'c1', tool_call: { readToolCall } });
    let events: unknown[] = [];
    returnsPromptly('a file read', () => (events = parser.push(line)));
    assert.equal(events.length, 1);
    assert.equal(parser.stats.nonJsonLines, 0);
  });

  it('stream-json: an error result of 1 MB of "Session ID " is parsed promptly', () => {
    const parser = new TurnParser();
    returnsPromptly('error result', () => parser.push(JSON.stringify({ type: 'result', is_error: true, result: fill('Session ID ') })));
    assert.equal(parser.done, true);
  });

  it('stream-json: 1 MB of distinct unknown event types is counted in bounded memory', () => {
    const parser = new TurnParser();
    const reader = new NdjsonLineReader();
    let input = '';
    for (let i = 0; input.length < MB; i++) input += `{"type":"t${i}${'x'.repeat(200)}"}\n`;
    returnsPromptly('unknown types', () => {
      for (const l of reader.push(input)) parser.push(l);
    });
    const names = Object.keys(parser.stats.unknownTypes);
    assert.ok(names.length <= 33, `${names.length} names kept`);
    assert.ok(
      names.every((n) => n.length <= 65),
      'type names are cut',
    );
    assert.equal(
      Object.values(parser.stats.unknownTypes).reduce((a, b) => a + b, 0),
      parser.stats.lines,
    );
  });

  it('the nesting check tells deep from shallow JSON and skips brackets inside strings', () => {
    assert.equal(exceedsJsonDepth('[[[1]]]', 3), false);
    assert.equal(exceedsJsonDepth('[[[[1]]]]', 3), true);
    assert.equal(exceedsJsonDepth('["[[[[[[", "\\"[[[[["]', 3), false);
    assert.equal(exceedsJsonDepth('{"a":"\\\\"}', 1), false);
    assert.equal(exceedsJsonDepth('{"a":"\\\\",[{"b":[[]]}]}', 3), true);
  });
});

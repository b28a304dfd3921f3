import * as assert from 'node:assert/strict';
import { parseVersionOutput } from '../../../src/cli/version';

describe('parseVersionOutput', () => {
  it('reads the documented one-line version', () => {
    assert.equal(parseVersionOutput('2026.10.01-e373342\n'), '2026.10.01-e373342');
    assert.equal(parseVersionOutput('\r\n  2026.10.01-e373342  \r\n'), '2026.10.01-e373342');
    assert.equal(parseVersionOutput('\x1b[0m2026.07.15-abc1234\x1b[0m\n'), '2026.07.15-abc1234');
  });

  it('rejects output that is not a version, such as an error or help text', () => {
    assert.equal(parseVersionOutput(''), undefined);
    assert.equal(parseVersionOutput('   \n'), undefined);
    assert.equal(parseVersionOutput("Error: No Cursor IDE installation found. Use 'cursor agent' or 'agent' to run the agent."), undefined);
    assert.equal(parseVersionOutput('Usage: agent [options]\n' + 'x'.repeat(300)), undefined);
    assert.equal(parseVersionOutput('hello'), undefined);
    assert.equal(parseVersionOutput('1'.repeat(201)), undefined);
  });
});

describe('parseVersionOutput: what is logged and shown is redacted', () => {
  it('never returns a token a broken binary printed as its version', () => {
    const v = parseVersionOutput('ghp_0123456789abcdefghijABCDEFGHIJ\n') ?? '';
    assert.ok(!v.includes('0123456789abcdef'), v);
    assert.equal(parseVersionOutput('2026.10.01-e373342\n'), '2026.10.01-e373342');
  });
});

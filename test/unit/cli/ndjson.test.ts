import * as assert from 'node:assert/strict';
import { NdjsonLineReader } from '../../../src/cli/ndjson';

describe('NdjsonLineReader', () => {
  it('joins a multi-byte character split across chunks', () => {
    const bytes = Buffer.from('{"t":"정확한 €"}\n', 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) {
      const r = new NdjsonLineReader();
      const out = [...r.push(bytes.subarray(0, cut)), ...r.push(bytes.subarray(cut)), ...r.end()];
      assert.deepEqual(out, ['{"t":"정확한 €"}'], `cut at ${cut}`);
    }
  });

  it('handles CRLF, blank lines and a final line without newline', () => {
    const r = new NdjsonLineReader();
    assert.deepEqual(r.push('a\r\n\r\n\n  \nb\n'), ['a', 'b']);
    assert.deepEqual(r.push('c'), []);
    assert.deepEqual(r.end(), ['c']);
  });

  it('drops a line over the limit, counts it, and keeps reading the next lines', () => {
    let reported = 0;
    const r = new NdjsonLineReader(1024, () => reported++);
    const out = [...r.push('x'.repeat(600)), ...r.push('x'.repeat(600)), ...r.push('y'.repeat(5000) + '\nnext\n')];
    assert.deepEqual(out, ['next']);
    assert.equal(r.oversizedLines, 1);
    assert.equal(reported, 1);
    assert.ok(r.pendingSize < 1024);
  });

  it('keeps memory bounded while a huge line streams in', () => {
    const r = new NdjsonLineReader(1024 * 1024);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    for (let i = 0; i < 200; i++) {
      r.push(chunk);
      assert.ok(r.pendingSize <= 1024 * 1024);
    }
    assert.deepEqual(r.push('\nok\n'), ['ok']);
  });

  it('passes a 5 MB line with the default limit', () => {
    const r = new NdjsonLineReader();
    const big = 'z'.repeat(5 * 1024 * 1024);
    const out = [...r.push(big.slice(0, 1000)), ...r.push(big.slice(1000) + '\n')];
    assert.equal(out.length, 1);
    assert.equal(out[0]!.length, big.length);
  });
});

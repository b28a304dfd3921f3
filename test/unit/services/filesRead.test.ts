/** The files a turn's agent read, as @cursor and cursor_ask list them. */
import * as assert from 'node:assert/strict';
import type { TurnEvent } from '../../../src/turn/events';
import { FilesRead, pathRead } from '../../../src/services/answer/filesRead';
import { offeredToolsNote } from '../../../src/services/answer/offeredTools';

const tool = (
  kind: string,
  p: string | undefined,
  outcome: 'success' | 'error' | 'rejected' = 'success',
  phase: 'started' | 'completed' = 'completed',
): TurnEvent => ({
  type: 'tool',
  callId: `${kind}-${p}`,
  phase,
  kind,
  summary: kind,
  mutating: false,
  outcome,
  ...(p ? { path: p } : {}),
});

describe('files read by the agent', () => {
  it('counts a completed read, listing or search with a path; not a failed or rejected one, a write, or a start', () => {
    assert.equal(pathRead(tool('read', 'a.ts')), 'a.ts');
    assert.equal(pathRead(tool('grep', '/w/src')), '/w/src');
    assert.equal(pathRead(tool('read', 'a.ts', 'error')), undefined);
    assert.equal(pathRead(tool('read', 'a.ts', 'rejected')), undefined);
    assert.equal(pathRead(tool('read', 'a.ts', 'success', 'started')), undefined);
    assert.equal(pathRead(tool('write', 'a.ts')), undefined);
    assert.equal(pathRead(tool('read', undefined)), undefined);
    assert.equal(pathRead({ type: 'text', text: 'a.ts' }), undefined);
  });

  it('lists each file once, relative to the folder (outside it: absolute), at most `max` and a count of the rest', () => {
    const r = new FilesRead('/w', 2);
    for (const e of [tool('read', 'src/a.ts'), tool('read', '/w/src/a.ts'), tool('ls', '/elsewhere/b'), tool('read', 'c.ts')]) r.push(e);
    assert.deepEqual(r.relative(), ['src/a.ts', '/elsewhere/b']);
    assert.equal(r.more, 1);
  });

  it('an answer to a request that offered tools says none was run; none offered, no note', () => {
    assert.equal(offeredToolsNote(0), undefined);
    assert.match(offeredToolsNote(1) ?? '', /the tool this chat offered was not run, and nothing was edited/);
    assert.match(offeredToolsNote(30) ?? '', /none of the 30 tools this chat offered was run, and nothing was edited/);
  });
});

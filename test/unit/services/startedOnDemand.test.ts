import * as assert from 'node:assert/strict';
import { StartedOnDemand } from '../../../src/services/mcp/startedOnDemand';

/** A server whose start the test finishes by hand. */
function gate() {
  const made: Array<{ closed: boolean; close(): Promise<void> }> = [];
  let release: () => void = () => undefined;
  const start = () =>
    new Promise<(typeof made)[number]>((resolve) => {
      release = () => {
        const s = { closed: false, close: async () => void (s.closed = true) };
        made.push(s);
        resolve(s);
      };
    });
  return { made, start, release: () => release() };
}

describe('StartedOnDemand (the editor-tools and ask servers: started on first use, stopped on demand)', () => {
  it('starts once for callers asking at the same time, and hands the same server to later ones', async () => {
    const g = gate();
    const s = new StartedOnDemand(g.start, () => undefined);
    const both = Promise.all([s.get(), s.get()]);
    g.release();
    const [a, b] = await both;
    assert.equal(g.made.length, 1);
    assert.equal(a, b);
    assert.equal(await s.get(), a);
  });

  it('a server that comes up after the user turned it off is closed at once and handed to nobody', async () => {
    const g = gate();
    const s = new StartedOnDemand(g.start, () => undefined);
    const pending = s.get();
    await s.stop();
    g.release();
    assert.equal(await pending, undefined);
    assert.equal(g.made[0]!.closed, true, 'the late server must not keep running');
    assert.equal(s.current, undefined);
  });

  it('a failed start is reported with its reason and tried again on the next use', async () => {
    const why: string[] = [];
    let calls = 0;
    const s = new StartedOnDemand(
      async () => {
        if (++calls === 1) throw new Error('EADDRINUSE');
        return { close: async () => undefined };
      },
      (w) => why.push(w),
    );
    assert.equal(await s.get(), undefined);
    assert.deepEqual(why, ['EADDRINUSE']);
    assert.equal(s.lastError, 'EADDRINUSE');
    assert.ok(await s.get());
    assert.equal(s.lastError, undefined);
  });

  it('stop closes the running server', async () => {
    const closed: boolean[] = [];
    const s = new StartedOnDemand(
      async () => ({ close: async () => void closed.push(true) }),
      () => undefined,
    );
    await s.get();
    await s.stop();
    assert.deepEqual(closed, [true]);
    assert.equal(s.current, undefined);
  });
});

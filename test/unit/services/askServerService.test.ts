// When the ask server runs: only in a trusted window with a folder and the setting on, started when VS Code
// first asks; stopped (and announced) when trust, the folders or the setting say it may no longer run.
import * as assert from 'node:assert/strict';
import { AskServerService, type RunningAskServer } from '../../../src/services/mcp/askServerService';
import { MemoryLogger } from '../../support/logger';

function harness(o: { enabled?: boolean; mayRun?: boolean; fail?: boolean } = {}) {
  const state = { enabled: o.enabled ?? true, mayRun: o.mayRun ?? true, starts: 0, closed: 0, changes: 0 };
  const server = (n: number): RunningAskServer => ({
    url: `http://127.0.0.1:${5000 + n}/mcp`,
    headers: () => ({ Authorization: `Bearer token-${n}` }),
    close: async () => void state.closed++,
  });
  const logger = new MemoryLogger();
  const svc = new AskServerService({
    enabled: () => state.enabled,
    mayRun: () => state.mayRun,
    start: async () => {
      state.starts++;
      if (o.fail) throw new Error('port in use');
      return server(state.starts);
    },
    logger,
  });
  svc.onDidChange(() => state.changes++);
  return { svc, state, logger };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('the ask server: when it runs', () => {
  it('starts once, when first asked, and every caller gets the same loopback URL and bearer header', async () => {
    const { svc, state } = harness();
    assert.equal(state.starts, 0, 'started before anyone asked');
    const [a, b] = await Promise.all([svc.definitions(), svc.definitions()]);
    assert.equal(state.starts, 1);
    assert.deepEqual(a, b);
    assert.deepEqual(a, [{ url: 'http://127.0.0.1:5001/mcp', headers: { Authorization: 'Bearer token-1' } }]);
  });

  it('never starts in an untrusted window, with no folder, or with the setting off', async () => {
    for (const o of [{ mayRun: false }, { enabled: false }]) {
      const { svc, state } = harness(o);
      assert.deepEqual(await svc.definitions(), []);
      assert.equal(state.starts, 0);
    }
  });

  it('trust or the last folder lost: the server is closed, VS Code is told, and no definition is given any more', async () => {
    const { svc, state } = harness();
    await svc.definitions();
    state.mayRun = false;
    svc.update();
    await tick();
    assert.equal(state.closed, 1);
    assert.equal(state.changes, 1);
    assert.deepEqual(await svc.definitions(), []);
    state.mayRun = true;
    svc.update();
    assert.equal(state.changes, 2);
    const [again] = await svc.definitions();
    assert.equal(state.starts, 2, 'a new server (new port and token) once it may run again');
    assert.equal(again!.url, 'http://127.0.0.1:5002/mcp');
  });

  it('the setting turned off stops it too; a change that still allows it keeps the same server', async () => {
    const { svc, state } = harness();
    await svc.definitions();
    svc.update();
    await tick();
    assert.equal(state.closed, 0);
    assert.equal(state.changes, 1);
    state.enabled = false;
    svc.update();
    await tick();
    assert.equal(state.closed, 1);
  });

  it('a server that comes up after a stop began is closed at once and not handed out', async () => {
    const { svc, state } = harness();
    const pending = svc.definitions();
    state.mayRun = false;
    svc.update();
    assert.deepEqual(await pending, []);
    await tick();
    assert.equal(state.closed, 1);
  });

  it('a server that cannot start gives no definition and is logged; the next ask tries again', async () => {
    const { svc, state, logger } = harness({ fail: true });
    assert.deepEqual(await svc.definitions(), []);
    assert.ok(logger.lines.some((l) => /could not start: port in use/.test(l)));
    await svc.definitions();
    assert.equal(state.starts, 2);
  });

  it('dispose closes the running server and tells no one any more', async () => {
    const { svc, state } = harness();
    await svc.definitions();
    svc.dispose();
    await tick();
    assert.equal(state.closed, 1);
    svc.update();
    assert.equal(state.changes, 0);
  });
});

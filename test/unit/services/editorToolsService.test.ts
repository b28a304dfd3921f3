// When the editor-tools server runs: only on first use, in a trusted window with a folder and the
// setting on; stopped when the setting goes off; a server that cannot start leaves sessions without tools.
import * as assert from 'node:assert/strict';
import { EditorToolsService } from '../../../src/services/mcp/editorToolsService';
import { diagnosticsText, sortAndBound, type DiagnosticRow } from '../../../src/services/mcp/diagnosticRows';
import type { RunningEditorTools } from '../../../src/turn/editorTools';
import { MemoryLogger } from '../../support/logger';

function harness(o: { enabled?: boolean; mayRun?: boolean; fail?: boolean } = {}) {
  const state = { enabled: o.enabled ?? true, mayRun: o.mayRun ?? true, starts: 0, closed: 0 };
  const server = (n: number): RunningEditorTools => ({
    name: `vscode-0000000${n}`,
    url: 'http://127.0.0.1:5000/mcp',
    spec: () => ({
      name: `vscode-0000000${n}`,
      type: 'http',
      url: 'http://127.0.0.1:5000/mcp',
      headers: [{ name: 'Authorization', value: 'Bearer t' }],
    }),
    close: async () => void state.closed++,
  });
  const svc = new EditorToolsService({
    enabled: () => state.enabled,
    mayRun: () => state.mayRun,
    start: async () => {
      state.starts++;
      if (o.fail) throw new Error('port in use');
      return server(state.starts);
    },
    logger: new MemoryLogger(),
  });
  return { svc, state };
}

describe('the editor tools server: when it runs', () => {
  it('starts once, on the first session, and every session gets the same server', async () => {
    const { svc, state } = harness();
    assert.equal(svc.serverName(), undefined);
    const [a, b] = await Promise.all([svc.servers(), svc.servers()]);
    assert.equal(state.starts, 1);
    assert.deepEqual(a, b);
    assert.equal(a[0]!.name, 'vscode-00000001');
    assert.equal(svc.serverName(), 'vscode-00000001');
  });

  it('never starts in an untrusted window or with the setting off; /status says which', async () => {
    const untrusted = harness({ mayRun: false });
    assert.deepEqual(await untrusted.svc.servers(), []);
    assert.equal(untrusted.state.starts, 0);
    assert.match(untrusted.svc.status(true), /not available here/);
    const off = harness({ enabled: false });
    assert.deepEqual(await off.svc.servers(), []);
    assert.equal(off.state.starts, 0);
    assert.match(off.svc.status(true), /^off/);
  });

  it('turning the setting off stops the server and its tools are no longer allowed; on again starts a new one', async () => {
    const { svc, state } = harness();
    await svc.servers();
    state.enabled = false;
    svc.update();
    await new Promise((r) => setImmediate(r));
    assert.equal(state.closed, 1);
    assert.equal(svc.serverName(), undefined);
    state.enabled = true;
    assert.equal((await svc.servers())[0]!.name, 'vscode-00000002');
  });

  it('a window that may no longer run it (trust lost, folder gone) stops the server at the next update; its tools are no longer offered', async () => {
    const { svc, state } = harness();
    await svc.servers();
    state.mayRun = false;
    svc.update();
    await new Promise((r) => setImmediate(r));
    assert.equal(state.closed, 1, 'the server still runs in a window that may not run it');
    assert.equal(svc.serverName(), undefined);
    assert.deepEqual(await svc.servers(), []);
  });

  it('a server that cannot start leaves the session without tools (no failed turn), and says why in /status', async () => {
    const { svc } = harness({ fail: true });
    assert.deepEqual(await svc.servers(), []);
    assert.match(svc.status(true), /could not start \(port in use\)/);
  });

  it('print mode: /status says the tools go to ACP sessions only', () => {
    assert.match(harness().svc.status(false), /print mode reads MCP servers only from its own config files/);
  });
});

describe('diagnostics as the agent reads them', () => {
  const row = (file: string, line: number, severity: DiagnosticRow['severity'], message: string): DiagnosticRow => ({
    file,
    line,
    character: 1,
    severity,
    message,
  });
  it('most severe first, then by file and line, bounded, with how many were left out', () => {
    const rows = [row('b.ts', 3, 'warning', 'w'), row('b.ts', 1, 'error', 'e2'), row('a.ts', 9, 'error', 'e1'), row('a.ts', 1, 'hint', 'h')];
    const { rows: shown, total } = sortAndBound(rows, 2);
    assert.deepEqual(
      shown.map((r) => r.message),
      ['e1', 'e2'],
    );
    assert.equal(total, 4);
    assert.equal(diagnosticsText(shown, total), 'a.ts:9:1 error: e1\nb.ts:1:1 error: e2\n… and 2 more');
    assert.equal(sortAndBound(rows, 10, 'warning').total, 3);
  });
});

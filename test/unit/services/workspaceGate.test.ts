import * as assert from 'node:assert/strict';
import { WorkspaceGate } from '../../../src/services/engine/workspaceGate';

const host = { platform: 'linux', homeDir: '/home/u' };
const gate = (trusted: boolean, folders: string[], h: ConstructorParameters<typeof WorkspaceGate>[1] = host) =>
  new WorkspaceGate({ isTrusted: () => trusted, folders: () => folders }, h);

describe('WorkspaceGate (may the agent run here, and in this folder?)', () => {
  it('an untrusted window runs nothing, whatever its folders; a trusted one needs a folder open', () => {
    assert.equal(gate(false, ['/work/p']).refusal(), 'untrustedWorkspace');
    assert.equal(gate(false, []).refusal(), 'untrustedWorkspace');
    assert.equal(gate(true, []).refusal(), 'noFolder');
    assert.equal(gate(true, ['/work/p']).refusal(), undefined);
  });

  it('the editor tools and the ask server may listen only in a trusted window with a folder open', () => {
    assert.equal(gate(true, ['/work/p']).mayRun(), true);
    assert.equal(gate(true, ['/work/p', '/work/q']).mayRun(), true);
    assert.equal(gate(false, ['/work/p']).mayRun(), false);
    assert.equal(gate(true, []).mayRun(), false);
  });

  it('never the home folder, a folder that holds it, or a root, trusted or not; a project folder is safe', () => {
    const g = gate(true, ['/work/p']);
    for (const unsafe of ['/home/u', '/home/u/', '/home', '/']) {
      assert.equal(g.isSafe(unsafe), false, unsafe);
      const err = g.unsafeError(unsafe);
      assert.equal(err?.kind, 'unsafeWorkspace', unsafe);
    }
    for (const safe of ['/home/u/project', '/work/p']) {
      assert.equal(g.isSafe(safe), true, safe);
      assert.equal(g.unsafeError(safe), undefined, safe);
    }
    // A link to the home folder is the home folder.
    const linked = gate(true, [], { ...host, realPath: (p: string) => (p === '/work/link' ? '/home/u' : p) });
    assert.equal(linked.isSafe('/work/link'), false);
  });

  it('ACP lists its models in the first folder of a trusted window, only when that folder is safe', () => {
    assert.equal(gate(true, ['/work/p', '/work/q']).firstSafeFolder(), '/work/p');
    assert.equal(gate(false, ['/work/p']).firstSafeFolder(), undefined);
    assert.equal(gate(true, ['/home/u']).firstSafeFolder(), undefined);
    assert.equal(gate(true, []).firstSafeFolder(), undefined);
  });

  it('a session is warmed only in the one folder of a trusted window', () => {
    assert.equal(gate(true, ['/work/p']).onlyFolder(), '/work/p');
    assert.equal(gate(true, ['/work/p', '/work/q']).onlyFolder(), undefined);
    assert.equal(gate(false, ['/work/p']).onlyFolder(), undefined);
    assert.equal(gate(true, []).onlyFolder(), undefined);
  });

  it('reads trust and folders live (a trust grant or a folder added counts at once)', () => {
    const win = { trusted: false, folders: [] as string[] };
    const g = new WorkspaceGate({ isTrusted: () => win.trusted, folders: () => win.folders }, host);
    assert.equal(g.mayRun(), false);
    win.trusted = true;
    win.folders = ['/work/p'];
    assert.equal(g.mayRun(), true);
    assert.equal(g.isTrusted(), true);
    assert.deepEqual(g.folders(), ['/work/p']);
  });
});

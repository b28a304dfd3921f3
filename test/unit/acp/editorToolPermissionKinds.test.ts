// A permission request is allowed once only when it is a read of ours: kind `other` (or none), this window's
// server, a listed tool, and title and rawInput naming the same one. Everything else is rejected once.
import * as assert from 'node:assert/strict';
import { decideAgentRequest } from '../../../src/acp/agentRequests';

const SERVER = 'vscode-1a2b3c4d';
const OPTIONS = [
  { optionId: 'allow-once', kind: 'allow_once' },
  { optionId: 'reject-once', kind: 'reject_once' },
];
const ask = (toolCall: Record<string, unknown>) => ({ sessionId: 's1', toolCall: { toolCallId: 't1', ...toolCall }, options: OPTIONS });
const chosen = (params: unknown, ctx: { editorServer?: string } = { editorServer: SERVER }) =>
  (decideAgentRequest('session/request_permission', params, ctx).answer as { result: { outcome: { optionId?: string } } }).result.outcome.optionId;
const hover = { title: `${SERVER}-hover: hover`, rawInput: { providerIdentifier: SERVER, toolName: 'hover', args: {} } };

describe('permission requests titled like an editor tool but of another kind, or naming two tools', () => {
  it('an execute, edit, delete, move or fetch titled and named like our hover tool is rejected once', () => {
    for (const kind of ['execute', 'edit', 'delete', 'move', 'fetch', 'read', 'search']) {
      assert.equal(chosen(ask({ ...hover, kind })), 'reject-once', `kind ${String(kind)}`);
      assert.equal(chosen(ask({ title: hover.title, kind })), 'reject-once', `kind ${String(kind)}, title only`);
      assert.equal(chosen(ask({ title: 'Run', rawInput: hover.rawInput, kind })), 'reject-once', `kind ${String(kind)}, rawInput only`);
    }
  });

  it('a kind that is no string is never allowed', () => {
    assert.notEqual(chosen(ask({ ...hover, kind: 42 })), 'allow-once');
  });

  it('the same call of kind other, or with no kind, is allowed once', () => {
    assert.equal(chosen(ask({ ...hover, kind: 'other' })), 'allow-once');
    assert.equal(chosen(ask(hover)), 'allow-once');
    assert.equal(chosen(ask({ ...hover, kind: null })), 'allow-once');
  });

  it('a title naming one tool of ours and a rawInput naming another is rejected', () => {
    const title = `${SERVER}-diagnostics: diagnostics`;
    assert.equal(chosen(ask({ kind: 'other', title, rawInput: { providerIdentifier: SERVER, toolName: 'hover' } })), 'reject-once');
    assert.equal(
      chosen(ask({ kind: 'other', title: `${SERVER}-hover: hover`, rawInput: { providerIdentifier: SERVER, toolName: 'references' } })),
      'reject-once',
    );
  });

  it('a request naming only a tool (no server) is rejected while no editor-tools server runs, and while one does', () => {
    const onlyTool = ask({ kind: 'other', title: 'hover', rawInput: { toolName: 'hover' } });
    assert.equal(chosen(onlyTool, {}), 'reject-once');
    assert.equal(chosen(onlyTool, { editorServer: undefined }), 'reject-once');
    assert.equal(chosen(onlyTool), 'reject-once');
  });
});

// Which permission requests the extension allows: exactly a call to this window's editor tools,
// as the CLI names it (title `<server>-<tool>: <tool>`, and `rawInput` since about 2026.10).
import * as assert from 'node:assert/strict';
import { decideAgentRequest } from '../../../src/acp/agentRequests';
import { editorToolOf } from '../../../src/acp/editorToolPermission';

const SERVER = 'vscode-1a2b3c4d';
const OPTIONS = [
  { optionId: 'allow-once', kind: 'allow_once' },
  { optionId: 'allow-always', kind: 'allow_always' },
  { optionId: 'reject-once', kind: 'reject_once' },
];
const ask = (title: string, rawInput?: Record<string, unknown>) => ({
  sessionId: 's1',
  toolCall: { toolCallId: 't1', title, kind: 'other', ...(rawInput ? { rawInput } : {}) },
  options: OPTIONS,
});
const chosen = (params: unknown, ctx: { editorServer?: string } = { editorServer: SERVER }) =>
  (decideAgentRequest('session/request_permission', params, ctx).answer as { result: { outcome: { optionId?: string } } }).result.outcome.optionId;

describe('permission for the editor tools (everything else stays rejected)', () => {
  it("allows once a call to this window's diagnostics tool, named by its title or by rawInput, and shows what it reads", () => {
    assert.equal(chosen(ask(`${SERVER}-diagnostics: diagnostics`)), 'allow-once');
    assert.equal(chosen(ask(`${SERVER}-references: references`, { providerIdentifier: SERVER, toolName: 'references', args: {} })), 'allow-once');
    assert.equal(chosen(ask('MCP call', { providerIdentifier: SERVER, toolName: 'hover' })), 'allow-once');
    const d = decideAgentRequest('session/request_permission', ask(`${SERVER}-diagnostics: diagnostics`), { editorServer: SERVER });
    assert.deepEqual(d.events, [{ type: 'notice', kind: 'permission', text: 'Reading the Problems panel…' }]);
    assert.equal(d.notice, undefined);
  });

  it("rejects another server's tool, a tool we do not list, a mismatched title and rawInput, and anything when no server runs", () => {
    assert.equal(chosen(ask('github-diagnostics: diagnostics')), 'reject-once');
    assert.equal(chosen(ask(`${SERVER}x-diagnostics: diagnostics`)), 'reject-once');
    assert.equal(chosen(ask(`${SERVER}-write_file: write_file`)), 'reject-once');
    assert.equal(chosen(ask(`${SERVER}-diagnostics: hover`)), 'reject-once');
    assert.equal(chosen(ask(`${SERVER}-diagnostics: diagnostics`, { providerIdentifier: 'github', toolName: 'diagnostics' })), 'reject-once');
    assert.equal(chosen(ask(`github-diagnostics: diagnostics`, { providerIdentifier: SERVER, toolName: 'diagnostics' })), 'reject-once');
    assert.equal(chosen(ask('Edit src/a.ts')), 'reject-once');
    assert.equal(chosen(ask(`${SERVER}-diagnostics: diagnostics`), {}), 'reject-once');
    assert.equal(editorToolOf({ toolCall: { title: 42 } }, SERVER), undefined);
  });

  it('never answers allow-always, even when that is the only allow option offered', () => {
    const only = {
      ...ask(`${SERVER}-diagnostics: diagnostics`),
      options: [
        { optionId: 'allow-always', kind: 'allow_always' },
        { optionId: 'reject-once', kind: 'reject_once' },
      ],
    };
    assert.equal(chosen(only), 'reject-once');
  });
});

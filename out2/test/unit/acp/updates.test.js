"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
/** Session updates → the turn events print mode emits; failure text held back; wire framing. */
const assert = __importStar(require("assert"));
const textErrors_1 = require("../../../src/acp/textErrors");
const updates_1 = require("../../../src/acp/updates");
const wire_1 = require("../../../src/acp/wire");
const captures_1 = require("../../fixtures/acp/captures");
describe('ACP session updates as turn events', () => {
    it('opens a tool once it says what it does and closes it on completion, like print mode', () => {
        const m = new updates_1.UpdateMapper();
        assert.deepStrictEqual(m.push({ sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Read File', kind: 'read', status: 'pending', rawInput: {} }), []);
        const started = m.push({ sessionUpdate: 'tool_call_update', toolCallId: 't1', title: 'Read a.ts', rawInput: { path: '/w/a.ts' }, locations: [{ path: '/w/a.ts' }] });
        assert.deepStrictEqual(started, [{ type: 'tool', callId: 't1', phase: 'started', kind: 'read', summary: 'Reading /w/a.ts', mutating: false, path: '/w/a.ts' }]);
        assert.deepStrictEqual(m.push({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'in_progress' }), []);
        const done = m.push({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed', rawOutput: { content: 'x' } });
        assert.deepStrictEqual(done, [{ type: 'tool', callId: 't1', phase: 'completed', kind: 'read', summary: 'Reading /w/a.ts', mutating: false, path: '/w/a.ts', outcome: 'success' }]);
    });
    it('closes a tool a cancelled turn left open', () => {
        const m = new updates_1.UpdateMapper();
        m.push({ sessionUpdate: 'tool_call', toolCallId: 't1', title: 'grep', kind: 'search', status: 'pending', rawInput: { pattern: 'x' } });
        const end = m.finish();
        assert.deepStrictEqual(end.events.map((e) => e.type === 'tool' && [e.phase, e.outcome]), [['completed', 'unknown']]);
    });
    it('a completed command in a read-only turn is a policy breach; a rejected one is not', () => {
        const m = new updates_1.UpdateMapper();
        const failed = m.push({ sessionUpdate: 'tool_call', toolCallId: 'a', kind: 'execute', status: 'failed', rawInput: { command: 'ls' } });
        assert.ok(!failed.some((e) => e.type === 'policyBreach'));
        const ran = m.push({ sessionUpdate: 'tool_call', toolCallId: 'b', kind: 'execute', status: 'completed', rawInput: { command: 'touch x' } });
        assert.deepStrictEqual(ran.find((e) => e.type === 'policyBreach'), { type: 'policyBreach', kind: 'shell', summary: 'Running `touch x`' });
    });
    it('thought chunks are thinking, ended once the answer starts; replayed tool ids never show', () => {
        const m = new updates_1.UpdateMapper();
        const thought = (text) => m.push({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text } });
        const t = [...thought('hm'), ...thought('m')];
        assert.deepStrictEqual(t, [{ type: 'thinking', text: 'hm' }, { type: 'thinking', text: 'm' }]);
        assert.deepStrictEqual(m.push({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hi' } }), [{ type: 'thinkingDone' }, { type: 'text', text: 'Hi' }]);
        assert.deepStrictEqual(m.push({ sessionUpdate: 'tool_call', toolCallId: 'replay-0-2', kind: 'read', status: 'completed', rawInput: { path: '/x' } }), []);
    });
    it('every update of every capture parses: no update of a known kind is invalid', () => {
        for (const file of [captures_1.CAPTURES.edits, captures_1.CAPTURES.createPlan, captures_1.CAPTURES.askQuestion, captures_1.CAPTURES.load]) {
            const m = new updates_1.UpdateMapper({ readOnly: false });
            for (const l of (0, captures_1.readCapture)(file))
                if (l.msg.method === 'session/update')
                    m.push(l.msg.params.update);
            assert.strictEqual(m.stats.invalidUpdates, 0, file);
            assert.deepStrictEqual(Object.keys(m.stats.unknownKinds), [], file);
        }
    });
});
describe('failure messages sent as answer text', () => {
    it('holds back a line that starts like a failure until it is one or is not', () => {
        const g = new textErrors_1.ErrorTextGuard();
        assert.strictEqual(g.push('Fine.\n\nErr'), 'Fine.\n\n');
        assert.strictEqual(g.push('or: [unavailable] down'), '');
        const end = g.finish();
        assert.ok('kind' in end && end.kind === 'network');
    });
    it('releases a held prefix as soon as it stops looking like a failure', () => {
        const g = new textErrors_1.ErrorTextGuard();
        assert.strictEqual(g.push('Err'), '');
        assert.strictEqual(g.push('ands to run'), 'Errands to run');
    });
    it('knows the CLI’s failure wordings and nothing else', () => {
        assert.strictEqual((0, textErrors_1.classifyMessageText)('Error: [unauthenticated] Backend rejected authentication.'), 'loggedOut');
        assert.strictEqual((0, textErrors_1.classifyMessageText)('Error: API key is invalid'), 'invalidApiKey');
        assert.strictEqual((0, textErrors_1.classifyMessageText)('Upgrade your plan to continue'), 'usageLimit');
        assert.strictEqual((0, textErrors_1.classifyMessageText)('The error was a network error.'), undefined);
    });
});
describe('ACP wire framing', () => {
    it('tells requests, notifications, responses and errors apart, and tolerates junk', () => {
        assert.deepStrictEqual((0, wire_1.parseWireLine)('{"jsonrpc":"2.0","id":0,"method":"cursor/create_plan","params":{}}'), { kind: 'request', id: 0, method: 'cursor/create_plan', params: {} });
        assert.deepStrictEqual((0, wire_1.parseWireLine)('{"jsonrpc":"2.0","method":"session/update","params":1}'), { kind: 'notification', method: 'session/update', params: 1 });
        assert.deepStrictEqual((0, wire_1.parseWireLine)('{"jsonrpc":"2.0","id":3,"result":{"stopReason":"end_turn"}}'), { kind: 'response', id: 3, result: { stopReason: 'end_turn' } });
        const auth = '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"Authentication required"}}';
        assert.deepStrictEqual((0, wire_1.parseWireLine)(auth), { kind: 'error', id: 1, error: { code: -32000, message: 'Authentication required' } });
        for (const junk of ['', 'nope', '[]', 'null', '{"id":{}}', '{"jsonrpc":"2.0"}'])
            assert.strictEqual((0, wire_1.parseWireLine)(junk).kind, 'invalid', junk);
    });
});
//# sourceMappingURL=updates.test.js.map
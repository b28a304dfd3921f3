/** Agent text as the extension shows it: cut before it is cleaned, one line, never markup. */
import * as assert from 'assert';
import { agentLine, inertText } from '../../../src/cli/agentText';
import { parseAvailableCommands } from '../../../src/acp/agentCommands';
import { parsePastChats } from '../../../src/acp/pastChats';
import { readRows } from '../../../src/acp/agentRequests';

const ID = '351d70d2-a44d-4b4f-b200-2d8e80297a02';
/** What an 8 MB whitespace-dense string costs the old clean-then-cut: seconds. */
const DENSE = ' \t\u2003a'.repeat(2 * 1024 * 1024);
// Flat, as a string from JSON.parse is (a repeated string is a rope until first read).
DENSE.charCodeAt(0);

function timed<T>(run: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = run();
  return { value, ms: performance.now() - t0 };
}

describe('agent text as shown', () => {
  it('an 8 MB whitespace-dense string is read within the 250 ms stall budget (seconds when cleaned whole) and comes out one bounded line ending with …', () => {
    const { value, ms } = timed(() => agentLine(DENSE, 200));
    assert.ok(ms < 250, `${ms.toFixed(1)} ms`); // ~5 ms idle; cleaned whole: 1.7-3 s
    assert.ok(Array.from(value).length <= 200, String(value.length));
    assert.ok(value.startsWith('a a a'), value.slice(0, 20));
    assert.ok(value.endsWith('…'));
  });

  it('short text is kept as written, one line; exactly max characters are not cut', () => {
    assert.strictEqual(agentLine('  Review\na   PR  ', 200), 'Review a PR');
    assert.strictEqual(agentLine('x'.repeat(10), 10), 'x'.repeat(10));
    assert.strictEqual(agentLine('x'.repeat(11), 10), `${'x'.repeat(9)}…`);
    assert.strictEqual(agentLine('😀'.repeat(11), 10), `${'😀'.repeat(9)}…`);
  });

  it('no command link, web link, codicon, command URI or bidi control survives', () => {
    const hostile =
      '[Sign in again](command:workbench.action.terminal.sendSequence?%7B%7D) [docs](https://evil.example) $(alert) ' +
      '<command:x> \u2066rtl\u2069 \u061c \u202e \u200f';
    for (const out of [inertText(hostile), agentLine(hostile, 300)]) {
      assert.ok(!out.includes('](command:'), out);
      assert.ok(!out.includes('](http'), out);
      assert.ok(!out.includes('$('), out);
      assert.ok(!/command:/i.test(out), out);
      assert.ok(!/[\u2066-\u2069\u061c\u202a-\u202e\u200e\u200f]/.test(out), out);
      assert.ok(out.includes('https://evil.example'), 'the URL is still shown, as text');
    }
  });

  it('the 8 MB command description, past-chat title and to-do row are read within the 250 ms stall budget each, bounded', () => {
    const cmd = timed(() => parseAvailableCommands({ availableCommands: [{ name: 'x', description: DENSE, input: { hint: DENSE } }] }));
    assert.ok(cmd.ms < 250, `commands ${cmd.ms.toFixed(1)} ms`);
    assert.ok(Array.from(cmd.value![0]!.description).length <= 200);
    const chats = timed(() => parsePastChats({ sessions: [{ sessionId: ID, cwd: '/w', title: DENSE }] }, ['/w']));
    assert.ok(chats.ms < 250, `past chats ${chats.ms.toFixed(1)} ms`);
    assert.ok(Array.from(chats.value![0]!.title).length <= 120);
    const todo = timed(() => readRows([{ id: DENSE, content: DENSE, status: 'in_progress' }]));
    assert.ok(todo.ms < 250, `to-dos ${todo.ms.toFixed(1)} ms`);
    assert.ok(Array.from(todo.value.rows[0]!.content ?? '').length <= 300);
    assert.ok((todo.value.rows[0]!.id ?? '').length <= 200);
  });
});

import * as assert from 'node:assert/strict';
import type { TurnEvent } from '../../../src/turn/events';
import { TurnEventSink } from '../../../src/turn/eventSink';

const text = (t: string): TurnEvent => ({ type: 'text', text: t }) as TurnEvent;
const breach: TurnEvent = { type: 'policyBreach', kind: 'edit', summary: 'edited app.ts' };

describe('the turn event sink both backends show events through', () => {
  it('shows nothing after a read-only breach, and tells the backend to stop at it', () => {
    const shown: TurnEvent[] = [];
    const sink = new TurnEventSink(
      (e) => shown.push(e),
      () => assert.fail('no handler error'),
    );
    assert.equal(sink.show(text('Before. ')), 'continue');
    assert.equal(sink.show(breach), 'stop');
    assert.equal(sink.show(text('After the breach.')), 'stop');
    assert.deepEqual(
      shown.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text),
      ['Before. '],
    );
    assert.deepEqual(sink.breach, { kind: 'edit', summary: 'edited app.ts' });
  });

  it("keeps the turn going when the chat's handler throws, and reports the error", () => {
    const errors: string[] = [];
    let calls = 0;
    const sink = new TurnEventSink(
      () => {
        calls++;
        throw new Error('renderer gone');
      },
      (err) => errors.push(String(err)),
    );
    assert.equal(sink.show(text('a')), 'continue');
    assert.equal(sink.show(text('b')), 'continue');
    assert.equal(calls, 2);
    assert.deepEqual(errors, ['Error: renderer gone', 'Error: renderer gone']);
  });

  it('remembers whether answer text reached the chat (a failure after it is never rerun elsewhere)', () => {
    const sink = new TurnEventSink(
      () => undefined,
      () => undefined,
    );
    sink.show({ type: 'thinking', text: 'hmm' } as TurnEvent);
    assert.equal(sink.shownText, false);
    sink.show(text('Answer.'));
    assert.equal(sink.shownText, true);
  });
});

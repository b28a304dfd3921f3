/** Issue 23: the walkthrough's model step ticks on a choice in the chat's model picker (a request whose Cursor model changed). */
import * as assert from 'node:assert/strict';
import { MODEL_PICKED, ModelPickWatch } from '../../../src/vscode/chat/modelPickWatch';

describe('the model picker choice the walkthrough waits for', () => {
  const watch = () => {
    const set: Array<[string, boolean]> = [];
    return { set, w: new ModelPickWatch((k, v) => set.push([k, v])) };
  };

  it("sets cursorAgent.modelPicked once, when a request's Cursor model differs from the previous request's", () => {
    const { set, w } = watch();
    w.requested('auto');
    w.requested('auto');
    assert.deepEqual(set, [], 'the same model again is no choice');
    w.requested('gpt-5.5[reasoning=medium]');
    assert.deepEqual(set, [[MODEL_PICKED, true]]);
    w.requested('auto');
    assert.equal(set.length, 1, 'set once');
    assert.equal(MODEL_PICKED, 'cursorAgent.modelPicked');
  });

  it("a request without a Cursor model (another vendor's in the picker) neither ticks nor resets the baseline", () => {
    const { set, w } = watch();
    w.requested('auto');
    w.requested(undefined);
    w.requested('auto');
    assert.deepEqual(set, []);
    w.requested(undefined);
    w.requested('composer-2.5[fast=true]');
    assert.deepEqual(set, [[MODEL_PICKED, true]]);
  });

  it("the manifest's model step completes on it and on Switch Model", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const manifest = require('../../../../package.json') as {
      contributes: { walkthroughs: Array<{ steps: Array<{ id: string; completionEvents: string[] }> }> };
    };
    const step = manifest.contributes.walkthroughs[0]!.steps.find((s) => s.id === 'model');
    assert.deepEqual(step?.completionEvents.sort(), [`onContext:${MODEL_PICKED}`, 'onCommand:cursorAgent.switchModel'].sort());
  });
});

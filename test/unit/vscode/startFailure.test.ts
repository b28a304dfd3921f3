/** Issue 46, item 4: a failure to activate, or of a service started after activation, is named to the user with Show Logs. */
import * as assert from 'node:assert/strict';
import { reportStartFailure } from '../../../src/vscode/startFailure';
import { MemoryLogger } from '../../support/logger';
import { shimState } from '../../support/vscodeShim';

class Output extends MemoryLogger {
  shown = 0;
  show(): void {
    this.shown++;
  }
}

describe('activation failures shown to the user (vscode stand-in)', () => {
  it('says what could not start and why, logs it, and Show Logs reveals the log', async () => {
    const output = new Output();
    shimState.replyTo = (_text, items) => items[0];
    await reportStartFailure(output, 'start', new Error('EACCES: the global storage is read-only'));
    assert.deepEqual(shimState.messages, [
      { level: 'error', text: 'Cursor for VS Code Chat could not start: EACCES: the global storage is read-only' },
    ]);
    assert.ok(
      output.lines.some((l) => l.startsWith('error [start] could not start: ') && l.includes('EACCES')),
      output.lines.join('\n'),
    );
    assert.equal(output.shown, 1);
  });

  it('a notification dismissed opens nothing', async () => {
    const output = new Output();
    await reportStartFailure(output, 'probe the Cursor CLI', 'spawn failed');
    assert.match(String(shimState.messages?.[0]?.text), /could not probe the Cursor CLI: spawn failed$/);
    assert.equal(output.shown, 0);
  });
});

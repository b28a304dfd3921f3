/**
 * The agent's question in VS Code's question carousel, where VS Code ends the carousel's tool call without a result
 * (it throws its CancellationError, as for a carousel it dismissed): the agent gets "skipped" once, and the same
 * question is never asked again with buttons. (A carousel closed with its own button answers "skipped" through the
 * tool's result on 1.110 and 1.139: host suite-acp, 15c-question-markup.)
 */
import * as assert from 'node:assert/strict';
import { readQuestion } from '../../../src/acp/questions';
import { QuestionBoard } from '../../../src/vscode/chatUi/questionBoard';
import { cancellationSource } from '../../support/cancellation';
import { MemoryLogger } from '../../support/logger';
import { recordingResponseStream } from '../../support/responseStream';
import { CancellationError, shimState } from '../../support/vscodeShim';
import { waitFor } from '../../support/waits';

const question = readQuestion({
  title: 'Before I plan',
  questions: [
    {
      id: 'db',
      prompt: 'Which database?',
      options: [
        { id: 'o1', label: 'Postgres' },
        { id: 'o2', label: 'SQLite' },
      ],
    },
  ],
})!;

describe("The agent's question in VS Code's question carousel", () => {
  it('a carousel VS Code dismisses (its tool call cancelled) sends "skipped" once and asks no buttons', async () => {
    let asked = 0;
    shimState.invokeTool = async () => {
      asked++;
      throw new CancellationError();
    };
    const board = new QuestionBoard({ carousel: () => true, logger: new MemoryLogger() });
    const { stream, shown } = recordingResponseStream();
    const request = { tool: {} as never, cancellation: cancellationSource().token as never };
    let outcome: unknown;
    void board
      .asker(stream as never, request)(question, cancellationSource().token)
      .then((o) => (outcome = o));
    // Whichever comes first: the agent's answer, or the question asked again with buttons.
    assert.ok(await waitFor(() => outcome !== undefined || shown.buttons.length > 0, 5000), 'neither an answer nor buttons');
    assert.deepEqual(shown.buttons, [], 'the dismissed question is asked again with buttons');
    assert.deepEqual(outcome, { outcome: 'skipped', reason: 'The question was dismissed.' });
    assert.equal(asked, 1);
    assert.deepEqual(board.openButtons(), []);
  });
});

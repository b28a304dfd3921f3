/** The extension's read-only API: whose model list VS Code is given (host tests wait on it after a change of backend). */
import * as assert from 'node:assert/strict';
import { createApi } from '../../../src/vscode/api';
import type { CursorStatusBar } from '../../../src/vscode/status/statusBar';
import type { AuthService } from '../../../src/services/readiness/authService';
import type { QuestionBoard } from '../../../src/vscode/chatUi/questionBoard';
import type { BackendId } from '../../../src/turn/chatBackend';

describe('the API view of the model list', () => {
  it('names the backend the catalog last listed, and none before its first list', () => {
    let snap: { backend: BackendId; fetchedAt: number } = { backend: 'print', fetchedAt: 0 };
    const api = createApi({} as CursorStatusBar, {} as AuthService, {} as QuestionBoard, () => snap);
    assert.equal(api.modelsBackend, undefined, 'no list yet');
    snap = { backend: 'print', fetchedAt: 1000 };
    assert.equal(api.modelsBackend, 'print');
    // Read at each access, never kept from the first: a change of backend shows as soon as the new list arrives.
    snap = { backend: 'acp', fetchedAt: 2000 };
    assert.equal(api.modelsBackend, 'acp');
  });
});

// In an untrusted window the editor tools (the MCP server that shows the agent VS Code's
// diagnostics and language intelligence) never start, and /status says why.
import * as assert from 'assert';
import { activateApi, chatRequest, cursorModel, newChat, renderedAnswer } from '../helpers';

describe('editor tools in an untrusted window', () => {
  it('/status says the editor tools are not available here (nothing listens for the agent)', async function () {
    this.timeout(30_000);
    await activateApi();
    // (Until the models are registered the chat refuses an @cursor request before the participant sees it.)
    await cursorModel('auto');
    await newChat();
    const r = await chatRequest('@cursor /status');
    assert.strictEqual(r?.errorDetails, undefined, JSON.stringify(r));
    assert.match(
      await renderedAnswer(),
      /Editor tools \(diagnostics, editors, language intelligence over MCP\): not available here \(an untrusted window, or no folder open\)/,
    );
  });
});

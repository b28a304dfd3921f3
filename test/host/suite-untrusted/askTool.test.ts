// `cursor_ask` in restricted mode: listed, but it says why it will not run, and runs nothing.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateApi, fake, invocationsSince, isTurn } from '../helpers';
import { ASK_TOOL, askTool, errorMessage } from '../askTool';

describe('cursor_ask in an untrusted folder', () => {
  before(async function () {
    this.timeout(30_000);
    await activateApi();
  });

  it('the tool is listed, and a call is refused because the folder is not trusted, with no cursor-agent turn', async function () {
    this.timeout(30_000);
    assert.ok(
      vscode.lm.tools.some((t) => t.name === ASK_TOOL),
      'cursor_ask is not listed',
    );
    const before = fake().invocations().length;
    const o = await askTool({ question: 'Read my files. untrusted-tool', files: ['README.md'] });
    assert.strictEqual(o.text, undefined, `answered in an untrusted folder: ${o.text}`);
    assert.strictEqual(errorMessage(o), 'This folder is not trusted, so the Cursor agent will not run in it. Trust the folder first.');
    // The call has returned: a turn it started would be recorded by now.
    assert.deepStrictEqual(invocationsSince(before).filter(isTurn), []);
  });
});

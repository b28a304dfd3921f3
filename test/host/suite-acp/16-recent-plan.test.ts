// After a window reload VS Code disables the plan buttons of a restored chat; Cursor: Open Recent Plan… is the way
// back: the folder's last plans, kept in workspace storage, acted on through the buttons' own commands.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { planTodoScript } from '../../fixtures/acp/planFinal';
import { waitFor } from '../helpers';
import { chatRequest } from '../requests';
import { acpReady, freshAgents } from './support';

/** The first line of each recent plan, newest first (as Open Recent Plan… lists them). */
async function names(): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < 5; i++) {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('cursorAgent.openRecentPlan', { plan: i, action: 'open' });
    if (!editor) break;
    out.push(editor.document.getText().split('\n')[0] ?? '');
    await closePlan(editor.document);
  }
  return out;
}

/** Runs the command as the palette would after a pick of plan `plan` (0: newest) and Open Plan; returns the document's text. */
async function openRecent(plan: number): Promise<string> {
  const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('cursorAgent.openRecentPlan', { plan, action: 'open' });
  const doc = editor?.document;
  assert.ok(doc?.isUntitled, 'not an untitled document');
  assert.strictEqual(doc.languageId, 'markdown');
  const text = doc.getText();
  await closePlan(doc);
  return text;
}

/**
 * Closes the plan's untitled document and waits until VS Code has disposed of it: a plan opened before that can be
 * handed the closing document's name (Untitled-1) and its old text (seen on 1.110: the second plan read as the first).
 */
async function closePlan(doc: vscode.TextDocument): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await waitFor(`${doc.uri.toString()} closed`, () => doc.isClosed, 10_000);
}

describe('Cursor: Open Recent Plan… (ACP)', function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  it('is in the Command Palette', async () => {
    assert.ok((await vscode.commands.getCommands(true)).includes('cursorAgent.openRecentPlan'));
  });

  it('after a plan turn, opens that plan with its final to-dos as an untitled Markdown document', async () => {
    await freshAgents({ turn: planTodoScript('The final plan is ready.') });
    const r = await chatRequest('Make a plan. recent-plan-1');
    assert.strictEqual(r.errorDetails, undefined, JSON.stringify(r));
    const text = await openRecent(0);
    assert.match(text, /^## Final plan\n\nThree steps\.\n\n# Final plan\n\n\*\*To-dos\*\*\n\n/);
    assert.ok(text.includes('- [x] Read the code\n- [ ] **Write the plan** *(in progress)*\n- [ ] ~~Ship it~~ *(cancelled)*\n'), text);
  });

  it('a later plan comes first, and the earlier one is still read back from the workspace storage', async () => {
    await freshAgents({ turn: { kind: 'announced', label: 'rp', text: 'Second plan ready.' } });
    const r = await chatRequest('Make another plan. recent-plan-2');
    assert.strictEqual(r.errorDetails, undefined, JSON.stringify(r));
    assert.match(await openRecent(0), /^## rp plan\n/);
    const earlier = await openRecent(1);
    // (On a failure, the whole list, to tell a second save from an order problem.)
    assert.match(earlier, /^## Final plan\n/, `the list: ${(await names()).join(' | ')}`);
    assert.ok(earlier.includes('- [x] Read the code\n'), earlier);
  });
});

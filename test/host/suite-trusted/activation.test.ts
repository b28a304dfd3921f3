import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateApi, cursorModels, EXTENSION_ID, fake, VENDOR } from '../helpers';
import { SLASH_COMMANDS } from '../../../src/services/engine/slashCommands';

describe('activation (trusted workspace)', () => {
  before(() => fake().setScenario({}));

  it('every Cursor command from the manifest is available in the command palette', async () => {
    await activateApi();
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const declared = (ext.packageJSON.contributes.commands as Array<{ command: string }>).map((c) => c.command);
    assert.ok(declared.length >= 9, `package.json declares only ${declared.length} commands`);
    for (const id of declared) assert.ok(id.startsWith('cursorAgent.'), `${id} is not in the cursorAgent.* namespace`);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = declared.filter((id) => !registered.has(id));
    assert.deepStrictEqual(missing, [], `declared but not registered: ${missing.join(', ')}`);
  });

  it('Cursor models are offered to the language model API (vendor "cursor")', async () => {
    await activateApi();
    const models = await cursorModels();
    assert.ok(models.length > 0);
    for (const m of models) assert.strictEqual(m.vendor, VENDOR);
  });

  it('the @cursor participant is declared with its slash commands', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const participants = ext.packageJSON.contributes.chatParticipants as Array<{ id: string; name: string; commands: Array<{ name: string }> }>;
    const p = participants.find((x) => x.id === 'cursor-agent.cursor');
    assert.ok(p, 'no cursor-agent.cursor participant in package.json');
    assert.strictEqual(p.name, 'cursor');
    // The list declared once in code (services/engine/slashCommands.ts), as the installed extension's manifest has it.
    assert.deepStrictEqual(
      p.commands.map((c) => c.name),
      SLASH_COMMANDS.map((c) => c.name),
    );
    // That it is registered and answers is proven by participant.test.ts (a request through the chat panel).
  });
});

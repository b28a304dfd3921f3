import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answeredHere, SLASH_COMMANDS, slashCommand } from '../../../src/services/engine/slashCommands';
import { repoRoot } from '../../support/samples';

const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(repoRoot(), file), 'utf8'));

interface Manifest {
  contributes: { chatParticipants: Array<{ id: string; commands: Array<{ name: string; description: string }> }> };
}

describe('the slash commands (declared once in services/engine/slashCommands.ts)', () => {
  it("package.json's @cursor participant declares exactly these commands, in this order, each with its description", () => {
    const manifest = read('package.json') as Manifest;
    const nls = read('package.nls.json') as Record<string, string>;
    const participant = manifest.contributes.chatParticipants.find((p) => p.id === 'cursor-agent.cursor');
    assert.ok(participant, 'no cursor-agent.cursor participant in package.json');
    assert.deepEqual(
      participant.commands.map((c) => c.name),
      SLASH_COMMANDS.map((c) => c.name),
    );
    for (const c of participant.commands) {
      const key = /^%(.+)%$/.exec(c.description)?.[1];
      assert.equal(key, `participant.command.${c.name}`, `${c.name}: its description is a package.nls.json key`);
      assert.equal(nls[key], slashCommand(c.name)?.description, `${c.name}: package.nls.json's text is the declared description`);
    }
  });

  it('what each does with the conversation: /ask is a turn in Q&A mode, /models and /status and /commands are answered here', () => {
    assert.equal(slashCommand('ask')?.mode, 'ask');
    assert.deepEqual(
      SLASH_COMMANDS.filter((c) => answeredHere(c.name)).map((c) => c.name),
      ['models', 'status', 'commands'],
    );
    assert.equal(slashCommand('resume')?.behaviour, 'pastChat');
    assert.equal(slashCommand(undefined), undefined);
    assert.equal(slashCommand('nope'), undefined);
    assert.equal(answeredHere(undefined), false);
  });
});

// Model ids that go stale (a CLI update, a backend switch): a saved `cursorAgent.model` in the late-2026 print-mode
// spelling (`cursor-grok-4.6-high`) that the ACP backend does not list runs as the one ACP variant of the same family
// and options (`grok-4.6[effort=high,fast=true]`), and the user is told once; an id with no such variant fails before
// the turn starts, naming the model and offering Switch Model (never the CLI's raw -32602). `--model` is never on `acp`.
import * as assert from 'assert';
import { chatRequest } from '../requests';
import { extensionLog, renderedAnswer } from '../helpers';
import { acpFake, acpReady, freshAgents, promptsSent, setUserSetting, wire } from './support';

const configValues = () =>
  wire()
    .filter((l) => l.dir === 'in' && l.msg.method === 'session/set_config_option')
    .map((l) => (l.msg.params as { value: unknown }).value);

describe('stale model ids (ACP)', function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });
  after(() => setUserSetting('model', undefined));

  it('a saved print-mode slug runs as the ACP variant of the same model and options, and the user is told once', async () => {
    await freshAgents({ turn: { kind: 'answer', text: 'Grok answers.' } });
    // A turn on Auto first: Switch Model (the setting) then wins over the picker, as for a user who saved it.
    assert.strictEqual((await chatRequest('Before the switch. stale-0')).metadata?.errorKind, undefined);
    await setUserSetting('model', 'cursor-grok-4.6-high');
    const logFrom = extensionLog().length;
    const first = await chatRequest('Which model? stale-1');
    assert.strictEqual(first.metadata?.errorKind, undefined, `${JSON.stringify(first)}\nthe Cursor log:\n${extensionLog().slice(logFrom)}`);
    assert.strictEqual(await renderedAnswer(), 'Grok answers.');
    assert.ok(configValues().includes('grok-4.6[effort=high,fast=true]'), JSON.stringify(configValues()));
    assert.ok(!configValues().includes('cursor-grok-4.6-high'), 'the stale id reached the agent');
    const second = await chatRequest('And now? stale-2');
    assert.strictEqual(second.metadata?.errorKind, undefined, JSON.stringify(second));
    const log = extensionLog().slice(logFrom);
    const count = (line: string) => log.split(line).length - 1;
    // Both turns ran the variant; the notice (a progress line in the chat) came with the first only.
    assert.strictEqual(count('is not listed by the acp backend: running grok-4.6[effort=high,fast=true]'), 2, log);
    assert.strictEqual(count('running grok-4.6[effort=high,fast=true] (the user is told)'), 1, log);
    for (const inv of acpFake().invocations()) if (inv.argv.includes('acp')) assert.ok(!inv.argv.includes('--model'), inv.argv.join(' '));
  });

  it('a saved id with no variant of the same family fails before the turn starts, naming it and offering Switch Model', async () => {
    await freshAgents({ turn: { kind: 'answer', text: 'Never shown.' } });
    await setUserSetting('model', 'cursor-grok-9-high');
    const prompts = promptsSent().length;
    const r = await chatRequest('Which model? stale-3');
    assert.strictEqual(r.metadata?.errorKind, 'unknownModel', JSON.stringify(r));
    assert.match(r.errorDetails?.message ?? '', /cursor-grok-9-high/);
    assert.match(r.errorDetails?.message ?? '', /Switch Model/);
    assert.doesNotMatch(r.errorDetails?.message ?? '', /-32602|Invalid model value/);
    assert.ok(!configValues().includes('cursor-grok-9-high'), 'the stale id reached the agent');
    assert.strictEqual(promptsSent().length, prompts, 'a prompt was sent');
  });
});

// Chats are bound to their backend: a conversation that ran in print mode continues on ACP as a
// fresh session with the conversation so far folded in (the CLI keeps the two kinds of chat apart).
import * as assert from 'assert';
import * as vscode from 'vscode';
import { chatRequest, cursorModel, logMark, waitForLog } from '../suite-faults/support';
import { collectText, fakeAnswer, renderedAnswer } from '../helpers';
import { freshAgents, printTurnsSince, promptsSent, acpFake, setUserSetting, acpReady } from './support';

describe('a conversation moving from print mode to ACP', function () {
  this.timeout(30_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });
  afterEach(() => setUserSetting('backend', undefined));

  it('@cursor: the next turn starts a fresh ACP session with the conversation so far, and the log says why', async () => {
    await freshAgents({ turn: { kind: 'answer', text: 'ACP answer.' } });
    await setUserSetting('backend', 'print');
    const since = acpFake().invocations().length;
    const first = await chatRequest('First print question. switch-1');
    assert.strictEqual(first.metadata?.errorKind, undefined, JSON.stringify(first));
    assert.strictEqual(printTurnsSince(since), 1);
    await setUserSetting('backend', undefined);
    const from = logMark();
    const second = await chatRequest('Second question. switch-2', false);
    assert.strictEqual(second.metadata?.errorKind, undefined, JSON.stringify(second));
    assert.strictEqual(await renderedAnswer(), 'ACP answer.');
    assert.strictEqual(printTurnsSince(since), 1, 'the second turn ran in print mode');
    const sent = promptsSent().at(-1) ?? '';
    assert.ok(sent.includes('First print question. switch-1') && sent.includes('Second question. switch-2'), `the ACP prompt lacks the history: ${sent}`);
    await waitForLog('ran on print, this turn runs on acp: starting fresh with the history', from);
  });

  it('vscode.lm: a conversation answered in print mode continues on ACP with its history folded in', async () => {
    await freshAgents({ turn: { kind: 'answer', text: 'ACP lm answer.' } });
    await setUserSetting('backend', 'print');
    const model = await cursorModel('auto');
    const q1 = 'First lm question. lm-switch-1';
    const token = new vscode.CancellationTokenSource().token;
    const a1 = (await collectText(await model.sendRequest([vscode.LanguageModelChatMessage.User(q1)], {}, token))).join('');
    assert.strictEqual(a1, fakeAnswer('auto', q1));
    await setUserSetting('backend', undefined);
    const q2 = 'Second lm question. lm-switch-2';
    const history = [vscode.LanguageModelChatMessage.User(q1), vscode.LanguageModelChatMessage.Assistant(a1), vscode.LanguageModelChatMessage.User(q2)];
    const a2 = (await collectText(await model.sendRequest(history, {}, token))).join('');
    assert.strictEqual(a2, 'ACP lm answer.');
    const sent = promptsSent().at(-1) ?? '';
    assert.ok(sent.includes(q1) && sent.includes(q2), `the ACP prompt lacks the history: ${sent}`);
  });
});

/** The ACP session client: handshake, sign-in, sessions, models, load, and the transport failing. */
import * as assert from 'assert';
import { AcpFailure } from '../../../src/acp/failures';
import { harness, openSession, turn, WORKSPACE } from './support';

async function failureOf(p: Promise<unknown>): Promise<AcpFailure> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof AcpFailure, String(err));
    return err;
  }
  assert.fail('expected a failure');
}

describe('ACP session client', () => {
  it('a signed-out CLI (initialize works, session/new -32000) is reported as logged out, not as a transport failure', async () => {
    const h = harness({ auth: 'loggedOut' });
    await h.client.initialize();
    const f = await failureOf(h.client.newSession(WORKSPACE));
    assert.strictEqual(f.error.kind, 'loggedOut');
    assert.strictEqual(f.error.message, 'The Cursor CLI is not logged in.');
    assert.strictEqual(f.transport, false);
    assert.ok(!h.sent().some((m) => m.method === 'authenticate'), 'never signs in on the user’s behalf');
  });

  it('a handshake that never completes times out as a transport failure', async () => {
    const h = harness({ handshake: 'hang' });
    const client = new (h.client.constructor as typeof import('../../../src/acp/client').AcpClient)(h.transport, {
      initializeTimeoutMs: 50,
      setupTimeoutMs: 50,
    });
    const f = await failureOf(client.initialize());
    assert.strictEqual(f.error.kind, 'timeout');
    assert.strictEqual(f.transport, true);
  });

  it('a process that dies before the turn streams anything is a transport failure with nothing shown', async () => {
    const h = harness({ turn: { kind: 'die' } });
    const s = await openSession(h);
    const r = await turn(h, s);
    assert.ok(!r.outcome.ok);
    assert.strictEqual(r.outcome.transport, true);
    assert.strictEqual(r.outcome.shownText, false);
  });

  it('a process that dies mid-answer keeps the text shown and says so', async () => {
    const h = harness({ turn: { kind: 'die', text: 'Half an ans' } });
    const s = await openSession(h);
    const r = await turn(h, s);
    assert.ok(!r.outcome.ok);
    assert.strictEqual(r.shown, 'Half an ans');
    assert.strictEqual(r.outcome.shownText, true);
  });

  it('a session the agent does not confirm in plan mode is never prompted', async () => {
    const h = harness({ confirmMode: false });
    const s = await openSession(h);
    const r = await turn(h, s);
    assert.ok(!r.outcome.ok);
    assert.ok(!h.sent().some((m) => m.method === 'session/prompt'));
  });

  it('ask mode is set as ask', async () => {
    const h = harness({ turn: { kind: 'answer', text: 'ok' } });
    const s = await openSession(h);
    const r = await turn(h, s, { mode: 'ask' });
    assert.ok(r.outcome.ok);
    assert.deepStrictEqual(h.sent().find((m) => m.method === 'session/set_mode')?.params, { sessionId: s.id, modeId: 'ask' });
  });

  it('lists the models in the bracketed form the capture shows, Auto included', async () => {
    const h = harness();
    const s = await openSession(h);
    assert.strictEqual(s.models.form, 'variants');
    assert.strictEqual(s.models.models.length, 37);
    assert.deepStrictEqual(s.models.models[0], { id: 'default[]', name: 'Auto', base: 'default', params: {} });
    assert.strictEqual(s.models.current, 'composer-2.5[fast=true]');
    assert.deepStrictEqual(s.models.models.find((m) => m.base === 'claude-opus-5')?.params, {
      thinking: 'true',
      context: '300k',
      effort: 'high',
      fast: 'false',
    });
  });

  it('lists the models in the parameterized-picker form: bare names, options apart', async () => {
    const h = harness({ modelForm: 'parameterized' });
    const s = await openSession(h);
    assert.strictEqual(s.models.form, 'parameterized');
    assert.strictEqual(s.models.models.length, 37);
    assert.ok(s.models.models.every((m) => !m.id.includes('[')));
    assert.deepStrictEqual(
      s.models.modelOptions.map((o) => o.id),
      ['fast'],
    );
  });

  it('sets a model the session lists with set_config_option, and reports one it does not know without replacing it', async () => {
    const h = harness({ turn: { kind: 'answer', text: 'ok' } });
    const s = await openSession(h);
    const ok = await turn(h, s, { model: 'claude-opus-5[thinking=true,context=300k,effort=high,fast=false]' });
    assert.ok(ok.outcome.ok);
    assert.deepStrictEqual(h.sent().find((m) => m.method === 'session/set_config_option')?.params, {
      sessionId: s.id,
      configId: 'model',
      value: 'claude-opus-5[thinking=true,context=300k,effort=high,fast=false]',
    });
    const bad = await turn(h, s, { model: 'claude-4.5-sonnet' });
    assert.ok(!bad.outcome.ok);
    assert.strictEqual(bad.outcome.error.kind, 'unknownModel');
    assert.match(bad.outcome.error.message, /`claude-4.5-sonnet`.*Available: default\[\], grok-4.6/);
    assert.strictEqual(h.sent().filter((m) => m.method === 'session/prompt').length, 1, 'the unknown model was not replaced by another');
  });

  it('in the parameterized form, a bracketed choice becomes the model and then its options', async () => {
    const h = harness({ modelForm: 'parameterized', turn: { kind: 'answer', text: 'ok' } });
    const s = await openSession(h);
    const r = await turn(h, s, { model: 'grok-4.6[fast=false]' });
    assert.ok(r.outcome.ok, JSON.stringify(r.outcome));
    const sets = h
      .sent()
      .filter((m) => m.method === 'session/set_config_option')
      .map((m) => m.params as Record<string, unknown>);
    assert.deepStrictEqual(
      sets.map((p) => [p.configId, p.value]),
      [
        ['model', 'grok-4.6'],
        ['fast', 'false'],
      ],
    );
  });

  it('an agent that rejects the model value (-32602 Invalid model value) is reported as an unknown model', async () => {
    const h = harness({ turn: { kind: 'answer', text: 'ok' } });
    const s = await openSession(h);
    s.models.models.push({ id: 'ghost-1[]', name: 'ghost', base: 'ghost-1', params: {} });
    const r = await turn(h, s, { model: 'ghost-1[]' });
    assert.ok(!r.outcome.ok);
    assert.strictEqual(r.outcome.error.kind, 'unknownModel');
    assert.strictEqual(r.outcome.transport, undefined);
  });

  it('session/load never shows the replayed history, before or just after its result, and the next turn answers alone', async () => {
    const h = harness({ turn: { kind: 'answer', text: 'Fresh answer.' }, replayAfterLoad: 3, replayAfterLoadDelayMs: 10 });
    await h.client.initialize();
    const s = await h.client.loadSession('351d70d2-a44d-4b4f-b200-2d8e80297a02', WORKSPACE);
    const r = await turn(h, s);
    // Every replayed update (10 before the result, 3 after it) was ignored, whenever it arrived.
    assert.ok(h.client.stats.ignoredUpdates >= 13, `ignored ${h.client.stats.ignoredUpdates}`);
    assert.ok(r.outcome.ok);
    assert.strictEqual(r.shown, 'Fresh answer.');
    assert.ok(!r.events.some((e) => e.type === 'tool'), 'no replayed tool call shows');
  });

  it('loading a session the CLI does not know is a failed resume', async () => {
    const h = harness();
    await h.client.initialize();
    const f = await failureOf(h.client.loadSession('not-an-acp-id', WORKSPACE));
    assert.strictEqual(f.error.kind, 'resumeFailed');
  });

  it('keeps one session across turns: the second turn sends no new session/new and no mode change', async () => {
    const h = harness({
      turns: [
        { kind: 'answer', text: 'One.' },
        { kind: 'answer', text: 'Two.' },
      ],
    });
    const s = await openSession(h);
    assert.strictEqual((await turn(h, s)).shown, 'One.');
    assert.strictEqual((await turn(h, s)).shown, 'Two.');
    const methods = h.sent().map((m) => m.method);
    assert.deepStrictEqual(methods, ['initialize', 'session/new', 'session/set_mode', 'session/prompt', 'session/prompt']);
  });
});

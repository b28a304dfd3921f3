/** An ACP turn: Stop, agent requests, failures as text, oddities on the wire. */
import * as assert from 'assert';
import { settle } from '../../support/waits';
import { cancellationSource } from '../../support/cancellation';
import { answerTo, harness, openSession, turn, unansweredAgentRequests, WORKSPACE } from './support';

describe('ACP turn', () => {
  it('Stop sends session/cancel as a notification, keeps the partial answer, and the session answers again', async () => {
    const h = harness({
      turns: [
        { kind: 'never', text: 'Partial' },
        { kind: 'answer', text: 'Next.' },
      ],
    });
    const s = await openSession(h);
    const c = cancellationSource();
    let seen = false;
    const running = turn(h, s, { cancellation: c.token, onEvent: (e) => void (seen ||= e.type === 'text') });
    await settle(() => seen);
    c.cancel();
    const r = await running;
    assert.ok(r.outcome.ok && r.outcome.cancelled, JSON.stringify(r.outcome));
    assert.strictEqual(r.shown, 'Partial');
    const cancel = h.sent().find((m) => m.method === 'session/cancel');
    assert.ok(cancel && !('id' in cancel), 'a notification, never a request');
    const next = await turn(h, s);
    assert.strictEqual(next.shown, 'Next.');
    assert.ok(h.transport.exited === false, 'the process was not killed');
  });

  it('a turn that does not end within the grace period after Stop is given up on: the partial answer stays, the process goes on', async () => {
    const h = harness({
      turns: [
        { kind: 'never', text: 'x' },
        { kind: 'answer', text: 'Again.' },
      ],
    });
    const s = await openSession(h);
    // The fake ends `never` turns on cancel; an agent that ignores it is one whose cancel never arrives.
    const c = cancellationSource();
    const origWrite = h.transport.write.bind(h.transport);
    h.transport.write = (line: string) => (line.includes('session/cancel') ? undefined : origWrite(line));
    let seen = false;
    const running = turn(h, s, { cancellation: c.token, onEvent: (e) => void (seen ||= e.type === 'text') }, { cancelGraceMs: 50 });
    await settle(() => seen);
    c.cancel();
    const r = await running;
    assert.ok(r.outcome.ok && r.outcome.cancelled);
    assert.strictEqual(r.shown, 'x');
    // Other chats may be answering in this process: it is not killed, and a new session answers.
    assert.ok(!h.transport.exited, 'the process was killed');
    h.transport.write = origWrite;
    const next = await turn(h, await h.client.newSession(WORKSPACE), {}, { cancelGraceMs: 50 });
    assert.ok(next.outcome.ok, JSON.stringify(next.outcome));
    assert.strictEqual(next.shown, 'Again.');
  });

  it('a permission request is rejected once (never allowed, never allow-always) and shown as a line', async () => {
    const h = harness({ turn: { kind: 'permission', text: 'Done without running it.' } });
    const s = await openSession(h);
    const r = await turn(h, s);
    assert.ok(r.outcome.ok);
    assert.deepStrictEqual(answerTo(h.agent.log, 'session/request_permission'), { outcome: { outcome: 'selected', optionId: 'reject-once' } });
    assert.strictEqual(r.notices.length, 1);
    assert.match(r.notices[0]!, /rejected/);
    assert.strictEqual(r.shown, 'Done without running it.');
    assert.ok(!r.events.some((e) => e.type === 'policyBreach'), 'a rejected command is no breach');
  });

  it('answers every agent request: todos and plan shown, task and image acknowledged, a question skipped with a note', async () => {
    const h = harness({ turn: { kind: 'requests', text: 'Plan ready.' } });
    const s = await openSession(h);
    const r = await turn(h, s);
    assert.ok(r.outcome.ok);
    assert.deepStrictEqual(unansweredAgentRequests(h.agent.log), []);
    assert.deepStrictEqual(answerTo(h.agent.log, 'cursor/update_todos'), {});
    assert.deepStrictEqual(answerTo(h.agent.log, 'cursor/task'), {});
    assert.deepStrictEqual(answerTo(h.agent.log, 'cursor/generate_image'), {});
    assert.deepStrictEqual((answerTo(h.agent.log, 'cursor/ask_question') as { outcome: { outcome: string } }).outcome.outcome, 'skipped');
    assert.deepStrictEqual(answerTo(h.agent.log, 'cursor/create_plan'), { accepted: true });
    const todos = r.events.find((e) => e.type === 'todos');
    assert.ok(todos && todos.type === 'todos');
    assert.deepStrictEqual(todos.todos, [
      { id: 'a', content: 'Read the code', status: 'completed' },
      { id: 'b', content: 'Write the plan', status: 'in_progress' },
    ]);
    const plan = r.events.find((e) => e.type === 'plan');
    assert.ok(plan && plan.type === 'plan' && plan.name === 'Fake Plan' && plan.markdown === '# Plan\n\n1. Read\n2. Write\n');
    assert.ok(r.notices.some((n) => /question/.test(n)));
    assert.strictEqual(r.shown, 'Plan ready.');
  });

  it('unknown update kinds, unknown agent methods and malformed lines are tolerated: the answer is whole, the method gets -32601', async () => {
    const h = harness({ turn: { kind: 'oddities', text: 'Hello, odd world.' } });
    const s = await openSession(h);
    const logged: string[] = [];
    const r = await turn(h, s, {}, { log: (m) => logged.push(m) });
    assert.ok(r.outcome.ok);
    assert.strictEqual(r.shown, 'Hello, odd world.');
    assert.ok(
      logged.some((l) => /"usage_update":1/.test(l) && /"agent_mood_update":1/.test(l)),
      logged.join('\n'),
    );
    assert.deepStrictEqual(answerTo(h.agent.log, 'cursor/brand_new_request'), {
      error: { code: -32601, message: 'Method not found: cursor/brand_new_request' },
    });
    assert.strictEqual(h.client.stats.invalidLines, 1);
  });

  it('a completed edit in a read-only turn ends it as a policy breach', async () => {
    const h = harness({ turn: { kind: 'edit', text: 'I changed it.' } });
    const s = await openSession(h);
    const r = await turn(h, s);
    assert.ok(!r.outcome.ok);
    assert.strictEqual(r.outcome.error.kind, 'policyBreach');
    assert.strictEqual(r.shown, '', 'nothing after the breach is shown');
  });

  const TEXT_FAILURES: Array<[string, string, string]> = [
    ['\n\nError: RetriableError: [unavailable] upstream connect error', 'network', 'The Cursor CLI could not reach Cursor (network error).'],
    ['\n\nError: [unauthenticated] Backend rejected authentication. Run agent login.', 'loggedOut', 'The Cursor CLI is not logged in.'],
    ['\n\nUpgrade your plan to continue', 'usageLimit', "You've hit your Cursor usage limit."],
    ['\n\nAdd a payment method to continue', 'usageLimit', "You've hit your Cursor usage limit."],
    ['\n\nError: [resource_exhausted] Too many requests', 'rateLimit', 'Cursor is rate-limiting requests right now.'],
  ];
  for (const [text, kind, message] of TEXT_FAILURES) {
    it(`a failure sent as message text (${JSON.stringify(text.trim().slice(0, 40))}) is reported as ${kind}, not left in the answer`, async () => {
      const h = harness({ turn: { kind: 'errorText', error: text } });
      const s = await openSession(h);
      const r = await turn(h, s);
      assert.ok(!r.outcome.ok);
      assert.strictEqual(r.outcome.error.kind, kind);
      assert.strictEqual(r.outcome.error.message, message);
      assert.strictEqual(r.outcome.transport, undefined, 'the user’s business, never hidden by a fallback');
      assert.ok(!r.shown.includes(text.trim().slice(0, 12)), `shown: ${JSON.stringify(r.shown)}`);
    });
  }

  it('text after an answer that only looks like a failure is shown whole', async () => {
    const h = harness({ turn: { kind: 'errorText', before: 'The log says:\n', error: 'Error: the widget is blue, which is fine.' } });
    const s = await openSession(h);
    const r = await turn(h, s);
    assert.ok(r.outcome.ok);
    assert.strictEqual(r.shown, 'The log says:\nError: the widget is blue, which is fine.');
  });

  it('sends attached images with the text (print mode cannot)', async () => {
    const h = harness({ turn: { kind: 'answer', text: 'A cat.' } });
    const s = await openSession(h);
    await turn(h, s, { images: [{ mimeType: 'image/png', data: 'iVBORw0KGgo=' }] });
    const prompt = h.sent().find((m) => m.method === 'session/prompt')?.params as { prompt: unknown[] };
    assert.deepStrictEqual(prompt.prompt, [
      { type: 'text', text: 'Explain this repo' },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
    ]);
  });
});

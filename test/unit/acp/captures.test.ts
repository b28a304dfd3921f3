/**
 * The real captures replayed by the fake ACP agent, through the client and the
 * turn: what the user sees for each.
 */
import * as assert from 'assert';
import { answerTextOf, CAPTURES } from '../../fixtures/acp/captures';
import { answerTo, harness, openSession, turn, unansweredAgentRequests } from './support';

describe('ACP captures replayed through the client', () => {
  it('the create-plan capture answers with exactly its streamed text, the plan and its todos', async () => {
    const h = harness({ turn: { kind: 'capture', file: CAPTURES.createPlan } });
    const s = await openSession(h);
    const r = await turn(h, s);
    assert.ok(r.outcome.ok, JSON.stringify(r.outcome));
    assert.strictEqual(r.shown, answerTextOf(CAPTURES.createPlan));
    assert.strictEqual(r.outcome.ok && r.outcome.text, answerTextOf(CAPTURES.createPlan));
    assert.strictEqual(
      r.shown,
      'Exploring the repo structure to place a hello-world function appropriately.\n' +
        'Repo is the Syntaur TypeScript CLI; utilities live in `src/utils/` with Vitest tests in `src/__tests__/`. Creating a brief 3-step plan.\n',
    );
    const plan = r.events.find((e) => e.type === 'plan');
    assert.ok(plan && plan.type === 'plan');
    assert.strictEqual(plan.name, 'Hello World Function');
    assert.match(plan.markdown, /^# Add Hello-World Function/);
    assert.deepStrictEqual(
      plan.todos.map((t) => t.id),
      ['add-util', 'add-test', 'validate'],
    );
    const todos = r.events.find((e) => e.type === 'todos');
    assert.ok(todos && todos.type === 'todos' && todos.todos.length === 3);
    assert.deepStrictEqual(answerTo(h.agent.log, 'cursor/create_plan'), { accepted: true });
    assert.deepStrictEqual(unansweredAgentRequests(h.agent.log), []);
  });

  it('the ask-question capture answers with exactly its streamed text and its searches and reads as progress', async () => {
    const h = harness({ turn: { kind: 'capture', file: CAPTURES.askQuestion } });
    const s = await openSession(h);
    const r = await turn(h, s);
    assert.ok(r.outcome.ok);
    assert.strictEqual(r.shown, answerTextOf(CAPTURES.askQuestion));
    assert.match(r.shown, /Which option do you prefer\?\n\n- \*\*A\*\*\n- \*\*B\*\*/);
    const started = r.events.filter((e) => e.type === 'tool' && e.phase === 'started');
    const completed = r.events.filter((e) => e.type === 'tool' && e.phase === 'completed');
    assert.strictEqual(started.length, 7);
    assert.strictEqual(completed.length, 7);
    const target = '/Users/brennen/syntaur/.worktrees/feat/assignment-chat-cursor-harness/scripts/spike/acp/out/target-cursor';
    assert.ok(started.some((e) => e.type === 'tool' && e.summary === `Searching for \`option [AB]|Option [AB]\` in ${target}`));
    assert.ok(started.some((e) => e.type === 'tool' && /^Reading \/Users\/.*cursor-probe-scratch\.txt$/.test(e.summary)));
    assert.ok(r.events.some((e) => e.type === 'thinking'));
  });

  it('the edits capture, replayed into a read-only chat, stops at the edit as a policy breach and keeps the text shown before it', async () => {
    const h = harness({ turn: { kind: 'capture', file: CAPTURES.edits } });
    const s = await openSession(h);
    const r = await turn(h, s);
    assert.ok(!r.outcome.ok);
    assert.strictEqual(r.outcome.error.kind, 'policyBreach');
    assert.ok(!r.outcome.transport, 'a breach is never rerun elsewhere');
    assert.strictEqual(r.shown, 'Reading the file, then inserting "after" as the second line.\n');
    assert.ok(r.events.some((e) => e.type === 'policyBreach'));
    // Stopped: the turn was cancelled on the wire, not left running.
    assert.ok(h.sent().some((m) => m.method === 'session/cancel' && m.id === undefined));
  });

  it('the session is switched to plan mode, and confirmed, before the prompt is sent', async () => {
    const h = harness({ turn: { kind: 'capture', file: CAPTURES.createPlan } });
    const s = await openSession(h);
    assert.strictEqual(s.mode, 'agent', 'a new session starts in agent mode');
    await turn(h, s);
    const methods = h.sent().map((m) => m.method);
    assert.ok(methods.indexOf('session/set_mode') < methods.indexOf('session/prompt'));
    assert.strictEqual(s.mode, 'plan');
  });
});

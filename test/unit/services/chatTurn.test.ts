import * as assert from 'node:assert/strict';
import { ChatTurnFlow, OTHER_BACKEND_NOTICE, RESUME_FALLBACK_NOTICE, TRANSPORT_FALLBACK_NOTICE } from '../../../src/services/engine/chatTurn';
import { answer, fail, FakeBackend, makeFlow, run, selector, trustedGate } from '../../support/flowHarness';
import { MemoryLogger } from '../../support/logger';
import { ANY_MODEL } from '../../support/modelSources';

describe('the chat-turn flow (fake backends, no processes)', () => {
  it("continues the previous answer's session with only the new message", async () => {
    const print = new FakeBackend('print', [answer('Y too.', 'chat-1')]);
    const { flow } = makeFlow(selector(print));
    const { result, notices } = run(flow, { previous: { backend: 'print', sessionId: 'chat-1' } });
    const r = await result;
    assert.equal(r.status, 'answered');
    assert.ok(r.status === 'answered' && r.resumed && r.sessionId === 'chat-1' && r.backend === 'print');
    assert.equal(print.calls.length, 1);
    assert.equal(print.calls[0]!.resumeId, 'chat-1');
    assert.equal(print.calls[0]!.prompt, 'And Y?');
    assert.deepEqual(notices, []);
  });

  it('starts fresh with the history folded in when there is no previous session', async () => {
    const print = new FakeBackend('print', [answer('Y.')]);
    const { flow } = makeFlow(selector(print));
    const r = await run(flow).result;
    assert.ok(r.status === 'answered' && !r.resumed);
    assert.equal(print.calls[0]!.resumeId, undefined);
    assert.match(print.calls[0]!.prompt, /<conversation_history>[\s\S]*X is a thing\.[\s\S]*<\/conversation_history>[\s\S]*And Y\?$/);
  });

  for (const kind of ['resumeFailed', 'sessionInUse'] as const) {
    it(`reruns fresh with the history, and says so, when the resume fails with ${kind} before any text`, async () => {
      const print = new FakeBackend('print', [fail(kind, { sessionId: 'chat-1' }), answer('Fresh answer.', 'chat-2')]);
      const { flow, logger } = makeFlow(selector(print));
      const { result, notices, shown } = run(flow, { previous: { backend: 'print', sessionId: 'chat-1' } });
      const r = await result;
      assert.ok(r.status === 'answered' && !r.resumed && r.sessionId === 'chat-2', JSON.stringify(r));
      assert.equal(print.calls.length, 2);
      assert.equal(print.calls[1]!.resumeId, undefined);
      assert.match(print.calls[1]!.prompt, /X is a thing\.[\s\S]*And Y\?$/);
      assert.deepEqual(notices, [RESUME_FALLBACK_NOTICE]);
      assert.deepEqual(shown, ['Fresh answer.']);
      assert.ok(logger.lines.some((l) => l.includes('resume of chat-1 failed')));
    });
  }

  it('does not rerun a failed resume once answer text was shown (the user keeps the partial answer and the error)', async () => {
    const print = new FakeBackend('print', [fail('resumeFailed', { shownText: true, sessionId: 'chat-1' })]);
    const { flow } = makeFlow(selector(print));
    const r = await run(flow, { previous: { backend: 'print', sessionId: 'chat-1' } }).result;
    assert.ok(r.status === 'failed' && r.error.kind === 'resumeFailed' && r.shownText && r.resumed && r.sessionId === 'chat-1');
    assert.equal(print.calls.length, 1);
  });

  it('does not rerun other failures of a resumed turn', async () => {
    const print = new FakeBackend('print', [fail('rateLimit', { sessionId: 'chat-1' })]);
    const { flow } = makeFlow(selector(print));
    const r = await run(flow, { previous: { backend: 'print', sessionId: 'chat-1' } }).result;
    assert.ok(r.status === 'failed' && r.error.kind === 'rateLimit' && r.resumed);
    assert.equal(print.calls.length, 1);
  });

  it('starts fresh with the history, and says so, when the previous answer ran on another backend', async () => {
    const print = new FakeBackend('print', [answer('Y.')]);
    const { flow } = makeFlow(selector(print));
    const { result, notices } = run(flow, { previous: { backend: 'acp', sessionId: 'acp-session-1' } });
    const r = await result;
    assert.ok(r.status === 'answered' && !r.resumed);
    assert.equal(print.calls[0]!.resumeId, undefined);
    assert.match(print.calls[0]!.prompt, /X is a thing\./);
    assert.deepEqual(notices, [OTHER_BACKEND_NOTICE]);
  });

  it('reruns the turn on the fallback backend with the history when the transport fails before any text', async () => {
    const acp = new FakeBackend('acp', [fail('unknown', { transport: true })]);
    const print = new FakeBackend('print', [answer('From print.', 'chat-p')]);
    const sel = selector(acp, print);
    const { flow, logger } = makeFlow(sel);
    const { result, notices, shown } = run(flow, { previous: { backend: 'acp', sessionId: 'acp-session-1' } });
    const r = await result;
    assert.ok(r.status === 'answered' && r.backend === 'print' && !r.resumed && r.sessionId === 'chat-p', JSON.stringify(r));
    assert.equal(acp.calls[0]!.resumeId, 'acp-session-1');
    assert.equal(print.calls.length, 1);
    assert.equal(print.calls[0]!.resumeId, undefined);
    assert.match(print.calls[0]!.prompt, /X is a thing\.[\s\S]*And Y\?$/);
    assert.equal(sel.fellBack.length, 1);
    assert.deepEqual(notices, [TRANSPORT_FALLBACK_NOTICE]);
    assert.deepEqual(shown, ['From print.']);
    assert.equal(logger.lines.filter((l) => l.includes('rerunning on print')).length, 1);
  });

  it('keeps a transport failure as the error when text was already shown, or when no fallback applies', async () => {
    for (const [outcome, fallback] of [
      [fail('unknown', { transport: true, shownText: true }), new FakeBackend('print', [answer('x')])],
      [fail('unknown', { transport: true }), undefined],
    ] as const) {
      const acp = new FakeBackend('acp', [outcome]);
      const { flow } = makeFlow(selector(acp, fallback));
      const r = await run(flow).result;
      assert.ok(r.status === 'failed' && r.backend === 'acp');
      assert.equal(fallback?.calls.length ?? 0, 0);
    }
  });

  it('runs nothing in an untrusted workspace, and never asks for a folder there', async () => {
    const print = new FakeBackend('print', [answer('x')]);
    const { flow } = makeFlow(selector(print), false);
    let asked = false;
    const r = await run(flow, {}, { folder: () => ((asked = true), '/work/project') }).result;
    assert.deepEqual(r, { status: 'refused', reason: 'untrustedWorkspace' });
    assert.equal(asked, false);
    assert.equal(print.calls.length, 0);
  });

  it('runs nothing without a folder, or in the home folder', async () => {
    const print = new FakeBackend('print', [answer('x')]);
    const { flow } = makeFlow(selector(print));
    assert.deepEqual(await run(flow, {}, { folder: () => undefined }).result, { status: 'refused', reason: 'noFolder' });
    const home = await run(flow, {}, { folder: () => '/home/u' }).result;
    assert.ok(home.status === 'failed' && home.error.kind === 'unsafeWorkspace');
    assert.equal(print.calls.length, 0);
  });

  it('reports a prompt over the size limit as a failure, before any backend runs', async () => {
    const print = new FakeBackend('print', [answer('x')]);
    const { flow } = makeFlow(selector(print));
    const r = await run(flow, { history: [], message: 'x'.repeat(500_000) }).result;
    assert.ok(r.status === 'failed' && r.error.kind === 'promptTooLarge' && !r.shownText);
    assert.equal(print.calls.length, 0);
  });
  for (const id of ['print', 'acp'] as const) {
    it(`refuses a planned prompt over the size limit before the ${id} backend runs`, async () => {
      const backend = new FakeBackend(id, [answer('x')]);
      const { flow } = makeFlow(selector(backend));
      const r = await flow.runPlanned({ workspace: '/work/project', mode: 'plan', prompt: 'x'.repeat(400_001), onEvent: () => undefined });
      assert.ok(r.status === 'failed' && r.error.kind === 'promptTooLarge' && !r.shownText, JSON.stringify(r));
      assert.equal(backend.calls.length, 0);
    });
  }
  it("tells onFailed the kind of every failed or refused turn, and nothing for an answer (Report Issue's last error kinds)", async () => {
    const kinds: string[] = [];
    const print = new FakeBackend('print', [fail('timeout'), answer('Y.'), fail('loggedOut', { shownText: true })]);
    const sel = selector(print);
    const flow = new ChatTurnFlow({
      selector: sel,
      logger: new MemoryLogger(),
      gate: trustedGate(),
      ...ANY_MODEL,
      onFailed: (k) => kinds.push(k),
    });
    for (let i = 0; i < 3; i++) await run(flow).result;
    await run(flow, {}, { folder: () => undefined }).result;
    assert.deepEqual(kinds, ['timeout', 'loggedOut', 'noFolder']);
  });

  it("probes the CLI's readiness again after a failure that says it changed (signed out, keychain, gone), for every surface", async () => {
    let rechecks = 0;
    const print = new FakeBackend('print', [
      fail('loggedOut'),
      fail('timeout'),
      answer('Y.'),
      fail('keychainLocked', { shownText: true }),
      fail('notInstalled'),
    ]);
    const flow = new ChatTurnFlow({
      selector: selector(print),
      logger: new MemoryLogger(),
      gate: trustedGate(),
      ...ANY_MODEL,
      recheckReadiness: () => void rechecks++,
    });
    const counts: number[] = [];
    for (let i = 0; i < 5; i++) {
      await run(flow).result;
      counts.push(rechecks);
    }
    assert.deepEqual(counts, [1, 1, 1, 2, 3]);
    // A refusal (untrusted, no folder) probes nothing: no CLI ran.
    await run(flow, {}, { folder: () => undefined }).result;
    const untrusted = new ChatTurnFlow({
      selector: selector(new FakeBackend('print', [])),
      logger: new MemoryLogger(),
      gate: trustedGate(false),
      ...ANY_MODEL,
      recheckReadiness: () => void rechecks++,
    });
    assert.equal((await run(untrusted).result).status, 'refused');
    assert.equal(rechecks, 3);
  });
});

import * as assert from 'assert';
import type { Resolution } from '../../../src/cli/binaryResolution';
import { ACP_SUPPORT_KEY, AcpSupport } from '../../../src/services/engine/acpSupport';
import { BackendSetting, SettingSelector, WarmBackend } from '../../../src/services/engine/backendSelector';
import type { ChatBackend } from '../../../src/turn/chatBackend';
import { FakeClock } from '../../support/fakeClock';
import { MemoryLogger } from '../../support/logger';
import { MemoryStore } from '../../support/memoryStore';

const ACP_HELP = 'Usage: agent acp [options]\n\nStart the Cursor Agent as an ACP (Agent Client Protocol) server\n';
const OLD_HELP = 'Usage: agent [options] [command] [prompt...]\n';

function harness(
  o: { help?: string; handshake?: () => Promise<unknown>; version?: string; store?: MemoryStore; waitMs?: number; helpGate?: Promise<void> } = {},
) {
  const clock = new FakeClock();
  const calls = { help: 0, handshake: 0, prepared: [] as string[], acpDisposed: 0, idleEnded: 0 };
  let setting: BackendSetting = 'auto';
  let version = o.version ?? '2026.10.01-e373342';
  const resolution = (): Resolution =>
    ({
      found: true,
      path: '/bin/cursor-agent',
      version,
      source: 'path:cursor-agent',
      argsPrefix: [],
      configuredPathFailed: false,
      rejected: [],
    }) as Resolution;
  const support = new AcpSupport({
    resolve: () => Promise.resolve(resolution()),
    helpText: async () => {
      calls.help++;
      if (o.helpGate) await o.helpGate;
      return o.help ?? ACP_HELP;
    },
    handshake: () => {
      calls.handshake++;
      return o.handshake ? o.handshake() : Promise.resolve({ protocolVersion: 1, agentCapabilities: { loadSession: true }, authMethods: [] });
    },
    store: o.store,
    logger: new MemoryLogger(),
  });
  const print: ChatBackend = { id: 'print', runTurn: () => Promise.reject(new Error('unused')), dispose() {} };
  const acp: WarmBackend = {
    id: 'acp',
    runTurn: () => Promise.reject(new Error('unused')),
    dispose: () => void calls.acpDisposed++,
    prepare: (w) => void calls.prepared.push(w),
    endIdle: () => void calls.idleEnded++,
  };
  const selector = new SettingSelector({
    setting: () => setting,
    print,
    acp,
    support,
    readyAcp: () => Promise.resolve(),
    canWarm: (w) => w !== '/home/me',
    logger: new MemoryLogger(),
    detectionWaitMs: o.waitMs ?? 1000,
    clock,
  });
  return { clock, selector, support, calls, print, acp, set: (s: BackendSetting) => (setting = s), setVersion: (v: string) => (version = v) };
}

describe('backend selection (cursorAgent.backend)', () => {
  it('auto runs turns on ACP when the CLI supports it, checking it once', async () => {
    const h = harness();
    assert.strictEqual((await h.selector.current()).id, 'acp');
    assert.strictEqual((await h.selector.current()).id, 'acp');
    assert.deepStrictEqual([h.calls.help, h.calls.handshake], [1, 1]);
    assert.match(h.selector.describe(), /^ACP/);
  });

  it('auto runs turns in print mode for a CLI without acp, without a handshake, and /status says why', async () => {
    const h = harness({ help: OLD_HELP });
    assert.strictEqual((await h.selector.current()).id, 'print');
    assert.strictEqual(h.calls.handshake, 0);
    assert.match(h.selector.describe(), /print mode .*the CLI has no `acp` command/);
  });

  it('auto: a handshake that fails or answers in another shape means print mode', async () => {
    assert.strictEqual((await harness({ handshake: () => Promise.reject(new Error('timed out')) }).selector.current()).id, 'print');
    assert.strictEqual((await harness({ handshake: () => Promise.resolve({ protocolVersion: 2 }) }).selector.current()).id, 'print');
  });

  it('print and acp settings never run the support check', async () => {
    const h = harness();
    h.set('print');
    assert.strictEqual((await h.selector.current()).id, 'print');
    h.set('acp');
    assert.strictEqual((await h.selector.current()).id, 'acp');
    assert.strictEqual(h.calls.help, 0);
  });

  it('a turn waits for an unfinished check only up to its bound, then runs in print mode', async () => {
    let helpAnswers = () => undefined as void;
    const h = harness({ helpGate: new Promise<void>((r) => (helpAnswers = r)), waitMs: 20 });
    let picked: string | undefined;
    void h.selector.current().then((b) => (picked = b.id));
    await h.clock.tick(19);
    assert.strictEqual(picked, undefined, 'the turn gave up on the check before its bound');
    await h.clock.tick(1);
    assert.strictEqual(picked, 'print', 'the turn still waits for the check after its bound');
    assert.strictEqual(h.clock.pending(), 0, 'the bound’s timer outlived the turn');
    helpAnswers();
    assert.strictEqual((await h.selector.current()).id, 'acp');
    assert.strictEqual(h.calls.help, 1, 'the check ran again');
    assert.strictEqual(h.clock.pending(), 0, 'the bound’s timer outlived a turn the check answered in time');
  });

  it('auto falls back to print mode for the rest of the window after a transport failure, ending the idle ACP processes (never the ones other chats are answering in)', async () => {
    const h = harness();
    const acp = await h.selector.current();
    assert.strictEqual(h.selector.fallBack(acp, 'malformedStream: the process died'), h.print);
    assert.strictEqual(h.calls.idleEnded, 1);
    assert.strictEqual(h.calls.acpDisposed, 0, 'every ACP process ended, other chats mid-answer too');
    assert.strictEqual((await h.selector.current()).id, 'print');
    assert.match(h.selector.describe(), /print mode: the ACP connection failed before answering \(malformedStream: the process died\)/);
    h.selector.warm('/ws');
    assert.deepStrictEqual(h.calls.prepared, [], 'a session was warmed after the fallback');
  });

  it('backend acp never falls back', async () => {
    const h = harness();
    h.set('acp');
    assert.strictEqual(h.selector.fallBack(await h.selector.current(), 'x'), undefined);
    assert.strictEqual((await h.selector.current()).id, 'acp');
  });

  it('warms a session only where ACP runs turns, never in the home folder', async () => {
    const h = harness();
    h.selector.warm('/ws');
    await h.selector.current();
    h.selector.warm('/ws');
    h.selector.warm('/home/me');
    await new Promise((r) => setImmediate(r));
    assert.deepStrictEqual(h.calls.prepared, ['/ws']);
    h.set('print');
    h.selector.warm('/ws');
    await new Promise((r) => setImmediate(r));
    assert.deepStrictEqual(h.calls.prepared, ['/ws']);
  });

  it('switching cursorAgent.backend to print ends the idle ACP processes; switching between auto and acp keeps them', async () => {
    const h = harness();
    await h.selector.current();
    h.set('acp');
    h.selector.settingChanged();
    h.set('auto');
    h.selector.settingChanged();
    assert.strictEqual(h.calls.idleEnded, 0, 'a switch that keeps ACP ended its processes');
    assert.ok(h.selector.acpMayRun());
    h.set('print');
    h.selector.settingChanged();
    assert.strictEqual(h.calls.idleEnded, 1);
    assert.ok(!h.selector.acpMayRun(), 'ACP may still start processes in print mode');
  });

  it('the verdict is remembered per binary and version across windows, and checked again for a new version', async () => {
    const store = new MemoryStore();
    const a = harness({ store });
    await a.selector.current();
    await new Promise((r) => setImmediate(r));
    assert.ok(store.values.has(ACP_SUPPORT_KEY));
    const b = harness({ store });
    assert.strictEqual((await b.selector.current()).id, 'acp');
    assert.strictEqual(b.calls.help, 0, 'checked again for the same binary and version');
    b.setVersion('2026.11.01-aaaaaaa');
    b.selector.binaryChanged();
    assert.strictEqual((await b.selector.current()).id, 'acp');
    assert.strictEqual(b.calls.help, 1);
  });

  it('a failed handshake is not remembered for the next window', async () => {
    const store = new MemoryStore();
    await harness({ store, handshake: () => Promise.reject(new Error('slow')) }).selector.current();
    await new Promise((r) => setImmediate(r));
    const b = harness({ store });
    assert.strictEqual((await b.selector.current()).id, 'acp');
  });
});

describe('backend selection as one state', () => {
  type Answers = { kind: string; usesAcp: boolean; acpMayRun: boolean; describe: RegExp };
  const answers = (h: ReturnType<typeof harness>, describe: RegExp): Answers => ({
    kind: h.selector.state().kind,
    usesAcp: h.selector.usesAcp(),
    acpMayRun: h.selector.acpMayRun(),
    describe,
  });
  const expect = (kind: string, usesAcp: boolean, acpMayRun: boolean, describe: RegExp): Answers => ({ kind, usesAcp, acpMayRun, describe });

  it('answers every question from the one state (print, acp, auto undecided/ACP/print/fell back)', async () => {
    const h = harness();
    const check = (want: Answers) => {
      assert.deepStrictEqual(answers(h, want.describe), want);
      assert.match(h.selector.describe(), want.describe);
    };
    check(expect('auto-undecided', false, true, /^checking whether the CLI supports ACP… \(print mode until then\)$/));
    await h.selector.current();
    check(expect('auto-acp', true, true, /^ACP \(`cursor-agent acp`, warm sessions\)$/));
    h.set('print');
    check(expect('print', false, false, /^print mode \(`cursor-agent -p`, one process per turn\), set by `cursorAgent.backend`$/));
    h.set('acp');
    check(expect('acp', true, true, /^ACP \(`cursor-agent acp`, warm sessions\), set by `cursorAgent.backend`$/));
    h.set('auto');
    h.selector.fallBack(h.acp, 'the process died');
    check(expect('auto-fell-back', false, false, /^print mode: the ACP connection failed before answering \(the process died\)/));
    h.set('acp');
    check(expect('acp', true, true, /set by `cursorAgent.backend`$/));
    const old = harness({ help: OLD_HELP });
    await old.selector.current();
    assert.deepStrictEqual(answers(old, /x/), expect('auto-print', false, true, /x/));
    assert.match(old.selector.describe(), /^print mode \(`cursor-agent -p`\): the CLI has no `acp` command$/);
  });

  it('a fallback stands against a later support check until the binary changes', async () => {
    const h = harness();
    h.selector.fallBack(h.acp, 'handshake timed out');
    h.selector.detectInBackground();
    await h.support.verdict(); // the background check has answered
    await new Promise((r) => setImmediate(r));
    assert.strictEqual(h.calls.handshake, 1);
    assert.strictEqual(h.selector.state().kind, 'auto-fell-back');
    assert.strictEqual((await h.selector.current()).id, 'print');
    h.selector.binaryChanged();
    assert.strictEqual(h.selector.state().kind, 'auto-undecided');
    assert.strictEqual((await h.selector.current()).id, 'acp');
  });

  it('a handshake failure is kept for this window by a typed mark, not by its wording', async () => {
    const store = new MemoryStore();
    const a = harness({ store, handshake: () => Promise.reject(new Error('slow')) });
    await a.selector.current();
    const v = await a.support.verdict();
    assert.deepStrictEqual([v?.supported, v?.transient], [false, true]);
    assert.strictEqual(a.selector.state().kind, 'auto-print');
    await new Promise((r) => setImmediate(r));
    assert.deepStrictEqual(store.get(ACP_SUPPORT_KEY), []);
  });
});

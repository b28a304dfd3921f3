/**
 * The fake process runner (test/support/fakeProcessRunner.ts) keeps the real runner's protocol, so
 * tests of what sits above it (the agent service, the participant, the provider) can use it
 * instead of processes: lines reach `onLine` in order, `complete` ends the run, cancellation ends
 * a run that would go on, and what the code asked to run is recorded.
 */
import { systemClock } from '../../../src/cli/clock';
import * as assert from 'node:assert/strict';
import type { ProbeResult, ResolveDeps } from '../../../src/cli/binaryResolution';
import type { HostEnvironment } from '../../../src/cli/process';
import { createChatRuntime } from '../../../src/services/engine/chatRuntime';
import type { CursorAgentService } from '../../../src/services/engine/cursorAgentService';
import { DEFAULT_SETTINGS } from '../../../src/services/settingsSchema';
import { cancellationSource } from '../../support/cancellation';
import { FakeProcessRunner, streamJsonTurn } from '../../support/fakeProcessRunner';
import { MemoryLogger } from '../../support/logger';
import { MemoryStore } from '../../support/memoryStore';

const BIN = '/opt/cursor/cursor-agent';
const launch = { command: BIN, args: ['-p'] };

/** The real agent service (the runtime's) over the fake runner, with a binary that exists only in memory. */
function agentOver(runner: FakeProcessRunner): CursorAgentService {
  const deps: ResolveDeps = {
    which: async () => undefined,
    listDir: async () => [],
    isFile: async (p) => p === BIN,
    probeVersion: async (): Promise<ProbeResult> => ({ ok: true, version: '2026.10.01-e373342' }),
  };
  const host: HostEnvironment = {
    platform: 'linux',
    env: { HOME: '/home/u', PATH: '/usr/bin' },
    fileExists: () => false,
    readFile: () => undefined,
    listDir: () => undefined,
    homeDir: '/home/u',
  };
  const settings = { firstOutputTimeoutMs: 1000, inactivityTimeoutMs: 1000, killGraceMs: 10, shortCommandTimeoutMs: 1000 };
  return createChatRuntime({
    runner,
    host,
    clock: systemClock,
    resolveDeps: deps,
    binaryEnvironment: { platform: 'linux', homeDir: '/home/u' },
    startTransport: () => assert.fail('no ACP here'),
    logger: new MemoryLogger(),
    settings: () => ({ ...DEFAULT_SETTINGS, backend: 'print', path: BIN }),
    workspace: { isTrusted: () => true, folders: () => [] },
    stores: { workspace: new MemoryStore(), global: new MemoryStore() },
    clientVersion: '0.0.0-test',
    runSettings: () => settings,
  }).agent;
}

describe('fake process runner (tests without processes)', () => {
  it('feeds the stream-json lines to the caller in order and ends the run where the caller says the result came', async () => {
    const runner = new FakeProcessRunner().reply({ lines: [...streamJsonTurn('Hello.'), '{"type":"after-the-result"}'] });
    const seen: string[] = [];
    const outcome = await runner.run({
      launch,
      cwd: '/w',
      env: {},
      stdin: 'hi',
      onLine: (l) => (seen.push(JSON.parse(l).type), seen.length === 5 ? 'complete' : 'continue'),
    });
    assert.equal(outcome.kind, 'completed');
    assert.deepEqual(seen, ['system', 'user', 'assistant', 'assistant', 'result']);
    assert.deepEqual(runner.stdins, ['hi']);
  });

  it('collects stdout and stderr for short commands, and replies in the order queued, then the fallback', async () => {
    const runner = new FakeProcessRunner({ outcome: { exitCode: 3 } }).reply({ lines: ['a', 'b'], stderr: 'warn' });
    const first = await runner.run({ launch, cwd: '/w', env: {} });
    assert.deepEqual([first.kind, first.exitCode, first.stdout, first.stderrTail, first.lines], ['exited', 0, 'a\nb\n', 'warn', 2]);
    assert.equal((await runner.run({ launch, cwd: '/w', env: {} })).exitCode, 3);
  });

  it('a run that hangs ends as cancelled when the user stops it, or when the runner is disposed', async () => {
    const runner = new FakeProcessRunner({ hang: true });
    const stop = cancellationSource();
    const stopped = runner.run({ launch, cwd: '/w', env: {}, cancellation: stop.token });
    stop.cancel();
    assert.equal((await stopped).kind, 'cancelled');
    const left = runner.run({ launch, cwd: '/w', env: {} });
    runner.dispose();
    assert.equal((await left).kind, 'cancelled');
  });

  it('drives the real agent service: `models` prints what the CLI printed, and the CLI was asked for `models`', async () => {
    const runner = new FakeProcessRunner().reply({ lines: ['Available models', '', 'auto - Auto', 'gpt-5 - GPT-5'] });
    const text = await agentOver(runner).modelsText();
    assert.equal(text, 'Available models\n\nauto - Auto\ngpt-5 - GPT-5\n');
    assert.deepEqual(
      runner.requests.map((r) => [r.launch.command, ...r.launch.args]),
      [[BIN, 'models']],
    );
  });
});

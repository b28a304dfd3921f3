/**
 * 8. Stop latency: a turn is cancelled mid-stream; from cancel() to every
 * process the fake recorded for it being gone (and, separately, to printTurn()
 * resolving). Cooperative CLI: exits on SIGTERM, with a tool process of its own
 * still running (scenario grandchild, hanging mid-answer).
 * Stubborn CLI: ignores SIGTERM (scenario ignoreSigterm), so the runner must
 * escalate to SIGKILL after the grace period (2 s, as in extension.ts).
 * Baselines, the same fake spawned directly in its own process group: group
 * SIGTERM → all gone (cooperative); group SIGTERM, grace period, group SIGKILL
 * → all gone (stubborn).
 */
import { spawn } from 'node:child_process';
import type { FakeScenario, FakeTurnScenario } from '../test/fixtures/fakeCli';
import { BenchEntry, median, nowMs, p95, ratioOf, round, waitFor } from './lib';
import { sleep } from '../test/support/waits';
import { cancellationSource } from '../test/support/cancellation';
import { bareTurn } from './bare';
import { createBenchStack, clearInvocations } from './stack';
import { printTurn } from '../test/support/printTurn';

async function measure(turn: FakeTurnScenario, runs: number): Promise<{ ours: number[]; settled: number[]; base: number[]; grace: number }> {
  const scenario: FakeScenario = { turn };
  const stack = createBenchStack(scenario);
  const grace = stack.settings.killGraceMs;
  try {
    const ours: number[] = [];
    const settled: number[] = [];
    const base: number[] = [];
    await stack.binary.resolve();
    for (let i = 0; i < runs; i++) {
      clearInvocations(stack.fake);
      // Ours: cancel once text is flowing.
      const cts = cancellationSource();
      let texts = 0;
      const done = printTurn(stack, {
        workspace: stack.workspace,
        mode: 'plan',
        prompt: 'Explain the project.',
        cancellation: cts.token,
        onEvent: (e) => {
          if (e.type === 'text') texts++;
        },
      });
      const streaming = await waitFor(() => texts >= 2, 10_000, 2);
      if (streaming === undefined) throw new Error(`${turn.kind}: no text before cancelling`);
      await sleep(50);
      if (stack.fake.livePids().length === 0) throw new Error(`${turn.kind}: the fake is not running`);
      const t0 = nowMs();
      cts.cancel();
      const gone = await waitFor(() => stack.fake.livePids().length === 0, grace + 10_000, 1);
      const result = await done;
      const resolvedAt = nowMs();
      if (!result.cancelled) throw new Error(`${turn.kind}: turn not reported as cancelled`);
      if (gone === undefined) throw new Error(`${turn.kind}: processes still alive ${grace + 10_000} ms after cancel`);
      ours.push(gone - t0);
      settled.push(resolvedAt - t0);

      // Baseline: the same fake spawned directly in its own process group, stopped by hand
      // (group SIGTERM; for the stubborn one group SIGKILL after the grace period).
      clearInvocations(stack.fake);
      const bare = bareTurn(stack.fake.binPath, stack.workspace, 'Explain the project.');
      const child = spawn(bare.command, bare.args, { cwd: bare.cwd, env: bare.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
      let lines = 0;
      child.stdout.on('data', (c: Buffer) => {
        for (const b of c) if (b === 0x0a) lines++;
      });
      child.stderr.resume();
      child.stdin.end(bare.prompt);
      const pgid = child.pid as number;
      await waitFor(() => lines >= 12, 10_000, 2);
      await sleep(50);
      const b0 = nowMs();
      process.kill(-pgid, 'SIGTERM');
      let killer: NodeJS.Timeout | undefined;
      if (turn.kind === 'ignoreSigterm') killer = setTimeout(() => process.kill(-pgid, 'SIGKILL'), grace);
      const bareGone = await waitFor(() => stack.fake.livePids().length === 0, grace + 10_000, 1);
      if (killer) clearTimeout(killer);
      if (bareGone === undefined) throw new Error(`${turn.kind}: bare processes still alive`);
      base.push(bareGone - b0);
    }
    return { ours, settled, base, grace };
  } finally {
    stack.dispose();
  }
}

export async function benchStop(): Promise<BenchEntry[]> {
  // Cooperative: streams, has started a tool process (a grandchild in its group), exits on SIGTERM.
  const coop = await measure({ kind: 'grandchild', delayMs: 20, hang: true }, 10);
  const stub = await measure({ kind: 'ignoreSigterm', intervalMs: 20 }, 3);
  const coopMed = median(coop.ours);
  const stubMed = median(stub.ours);
  const stubMax = Math.max(...stub.ours);
  return [
    {
      name: 'stop_cooperative',
      value: round(coopMed, 1),
      unit: 'ms',
      baseline: round(median(coop.base), 1),
      ratio: round(ratioOf(coopMed, median(coop.base)), 2),
      target: `< grace period (${coop.grace} ms)`,
      met: Math.max(...coop.ours) < coop.grace,
      p95: round(p95(coop.ours), 1),
      runs: coop.ours.length,
      detail:
        `cancel → all processes gone ${coop.ours.map((x) => x.toFixed(0)).join('/')} ms; cancel → printTurn() resolved median ${median(coop.settled).toFixed(1)} ms; ` +
        `bare group SIGTERM → all gone median ${median(coop.base).toFixed(1)} ms`,
    },
    {
      name: 'stop_ignores_sigterm',
      value: round(stubMed, 1),
      unit: 'ms',
      baseline: round(median(stub.base), 1),
      ratio: round(ratioOf(stubMed, median(stub.base)), 3),
      target: `<= grace period + 250 ms (${stub.grace + 250} ms)`,
      met: stubMax <= stub.grace + 250,
      p95: round(p95(stub.ours), 1),
      runs: stub.ours.length,
      detail:
        `cancel → all processes gone ${stub.ours.map((x) => x.toFixed(0)).join('/')} ms; cancel → printTurn() resolved median ${median(stub.settled).toFixed(1)} ms; ` +
        `bare group SIGTERM, ${stub.grace} ms, group SIGKILL → all gone median ${median(stub.base).toFixed(1)} ms`,
    },
  ];
}

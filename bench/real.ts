/**
 * `npm run bench -- --real [--turns N] [--prompt TEXT]`: the backend comparison
 * on a real, signed-in `cursor-agent` (CURSOR_AGENT_PATH, else PATH and the
 * known install places, as the extension resolves it). Both backends run N
 * turns of the same short prompt in one chat each, in plan mode, in a scratch
 * folder, turns alternating between them; ACP's session is prepared before
 * turn 1, as when the chat view opens. Prints time to first text and total
 * time per turn. Never in CI: it spends the account's requests. No model is
 * set (setting one over ACP saves it as the user's CLI default).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BackendId, ChatBackend } from '../src/turn/chatBackend';
import { Backends, createBackends } from './backendStack';
import { nowMs, waitFor } from './lib';
import { formatRealReport, RealRun, RealTurn, refuseReal } from './realArgs';
import { WireTap } from './wireTap';

const PREPARE_TIMEOUT_MS = 60_000;

async function realTurn(
  backend: ChatBackend,
  tap: WireTap,
  workspace: string,
  prompt: string,
  resumeId: string | undefined,
): Promise<{ turn: RealTurn; sessionId?: string }> {
  let firstAt: number | undefined;
  const t0 = nowMs();
  const outcome = await backend.runTurn({
    workspace,
    mode: 'plan',
    prompt,
    ...(resumeId ? { resumeId } : {}),
    onEvent: (e) => {
      if (e.type === 'text' && firstAt === undefined) firstAt = nowMs();
    },
  });
  const turn: RealTurn = {
    totalMs: nowMs() - t0,
    processes: tap.spawnedSince(t0).length,
    ...(firstAt !== undefined ? { firstTextMs: firstAt - t0 } : {}),
  };
  tap.clear();
  if (!outcome.ok)
    return { turn: { ...turn, error: `${outcome.error.kind}: ${outcome.error.message.split('\n')[0]}` }, sessionId: outcome.sessionId ?? resumeId };
  return { turn, sessionId: outcome.sessionId };
}

/** RSS of a process in MB, from `ps` (Linux and macOS), or undefined. */
function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform === 'win32') return undefined;
  const r = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  const kb = Number(r.stdout.trim());
  return r.status === 0 && Number.isFinite(kb) && kb > 0 ? kb / 1024 : undefined;
}

async function prepareAcp(b: Backends, tap: WireTap, workspace: string): Promise<{ ms?: number; note?: string; pid?: number }> {
  const t0 = nowMs();
  b.acp.prepare(workspace);
  const child = tap.spawnedSince(t0).find((c) => c.args.includes('acp'));
  // The spare is ready when the agent's session/new answer (it carries the session's modes) has arrived.
  const ready = await waitFor(() => (child?.reads ?? []).some((r) => r.text.includes('"availableModes"')), PREPARE_TIMEOUT_MS, 20);
  if (ready === undefined) return { note: `no session/new answer within ${PREPARE_TIMEOUT_MS / 1000} s (turn 1 waits for it)`, pid: child?.pid };
  return { ms: ready - t0, pid: child?.pid };
}

/** Runs the comparison and prints the report; the exit code (0, or 1 when refused or nothing ran). */
export async function runReal(turns: number, prompt: string): Promise<number> {
  const refusal = refuseReal(process.env);
  if (refusal) {
    console.error(`[bench] ${refusal}`);
    return 1;
  }
  const tap = new WireTap();
  tap.install();
  const workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'cursor-bench-real-'));
  fs.writeFileSync(path.join(workspace, 'README.md'), '# Scratch folder of npm run bench -- --real\n');
  let backends: Backends | undefined;
  try {
    backends = await createBackends(() => process.env.CURSOR_AGENT_PATH || undefined);
    console.log(`[bench] --real: ${backends.binPath} (${backends.version}), ${turns} turns per backend in ${workspace}`);
    const prepared = await prepareAcp(backends, tap, workspace);
    tap.clear();
    const run: RealRun = {
      cli: backends.binPath,
      version: backends.version,
      workspace,
      prompt,
      print: [],
      acp: [],
      acpPrepareMs: prepared.ms,
      acpPrepareNote: prepared.note,
    };
    let printChat: string | undefined;
    let acpChat: string | undefined;
    for (let i = 0; i < turns; i++) {
      // Alternate which backend goes first, so a slow minute on the network hits both.
      const order: BackendId[] = i % 2 === 0 ? ['print', 'acp'] : ['acp', 'print'];
      for (const which of order) {
        const r = await realTurn(backends[which], tap, workspace, prompt, which === 'print' ? printChat : acpChat);
        run[which].push(r.turn);
        if (which === 'print') printChat = r.sessionId;
        else acpChat = r.sessionId;
        console.log(
          `[bench] ${which} turn ${i + 1}: first text ${r.turn.firstTextMs?.toFixed(0) ?? '-'} ms, total ${r.turn.totalMs.toFixed(0)} ms${r.turn.error ? `, failed: ${r.turn.error}` : ''}`,
        );
      }
    }
    run.acpRssMb = rssOf(prepared.pid);
    console.log('');
    console.log(formatRealReport(run));
    return run.print.every((t) => t.error) && run.acp.every((t) => t.error) ? 1 : 0;
  } finally {
    tap.uninstall();
    backends?.dispose();
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

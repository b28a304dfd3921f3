/**
 * The memory and process figures of the backend comparison (bench/backends.ts):
 * what a warm ACP session costs (the agent process's RSS, and our own heap per
 * session), what print mode keeps between turns, and which processes outlive
 * the backend.
 */
import * as fs from 'node:fs';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import type { AcpBackend } from '../src/acp/acpBackend';
import { acpPidsOf, BackendPair } from './backendStack';
import { DEFAULT_SETTINGS } from '../src/services/settingsSchema';
import { BenchEntry, nowMs, round, waitFor } from './lib';
import { sleep } from '../test/support/waits';

const EXTRA_SESSIONS = 10;

/** RSS of a process in MB (Linux /proc; undefined elsewhere or when it is gone). */
export function rssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

let gcFn: (() => void) | undefined;
/** Our heap after a full GC (MB); `--expose-gc` is switched on at run time for this. */
function heapAfterGc(): number {
  if (!gcFn) {
    v8.setFlagsFromString('--expose-gc');
    gcFn = vm.runInNewContext('gc') as () => void;
  }
  gcFn();
  gcFn();
  return process.memoryUsage().heapUsed / (1024 * 1024);
}

async function chat(backend: AcpBackend, pair: BackendPair, prompt: string): Promise<void> {
  const first = await backend.runTurn({ workspace: pair.workspace, mode: 'plan', prompt, onEvent: () => undefined });
  if (!first.ok) throw new Error(`memory: turn 1 failed: ${first.error.kind}`);
  const second = await backend.runTurn({ workspace: pair.workspace, mode: 'plan', prompt, resumeId: first.sessionId, onEvent: () => undefined });
  if (!second.ok) throw new Error(`memory: turn 2 failed: ${second.error.kind}`);
}

/** The `acp` process started since `known` was taken. */
function newAcpPid(pair: BackendPair, known: ReadonlySet<number>): number | undefined {
  return acpPidsOf(pair.fake).find((p) => !known.has(p));
}

/**
 * A fresh ACP process (the fake with no start-up delay, the figure is memory): one chat with two turns
 * and the spare prepared after it, then {@link EXTRA_SESSIONS} more chats.
 */
export async function measureMemory(pair: BackendPair, opts: { prompt: string; text: string }): Promise<BenchEntry[]> {
  pair.fake.setAcpScenario({ turn: { kind: 'answer', text: opts.text, chunk: 12 } });
  const known = new Set(acpPidsOf(pair.fake));
  const heap0 = heapAfterGc();
  const backend = await pair.newAcp();
  await chat(backend, pair, opts.prompt);
  await sleep(200); // the spare made after the chat's first turn, and its commands update
  const pid = newAcpPid(pair, known);
  const rss1 = rssMb(pid);
  const heap1 = heapAfterGc();
  for (let i = 0; i < EXTRA_SESSIONS; i++) await chat(backend, pair, opts.prompt);
  await sleep(200);
  const rssN = rssMb(pid);
  const heapN = heapAfterGc();
  backend.dispose();
  const perSessionKb = ((heapN - heap1) * 1024) / EXTRA_SESSIONS;
  const fakePerSessionKb = rss1 !== undefined && rssN !== undefined ? ((rssN - rss1) * 1024) / EXTRA_SESSIONS : undefined;
  // Print mode between turns: every -p process of the earlier rounds has ended.
  const acpPids = new Set(acpPidsOf(pair.fake));
  const printLive = pair.fake.livePids().filter((p) => !acpPids.has(p)).length;
  return [
    {
      name: 'backends_acp_memory_process',
      value: round(rss1, 1),
      unit: 'MB',
      baseline: null,
      ratio: null,
      target: null,
      met: null,
      detail:
        `RSS of the fake acp process (pid ${pid}) holding one warm chat and a spare session: a node process like the real CLI, but far smaller` +
        ` (\`npm run bench -- --real\` prints the real one's); it grew ${fakePerSessionKb === undefined ? '?' : fakePerSessionKb.toFixed(0)} KB per further warm session` +
        ` over ${EXTRA_SESSIONS}; our own heap grew ${((heap1 - heap0) * 1024).toFixed(0)} KB for the process and the first chat`,
    },
    {
      name: 'backends_acp_memory_ours_per_session',
      value: round(perSessionKb, 1),
      unit: 'KB',
      baseline: null,
      ratio: null,
      target: null,
      met: null,
      runs: EXTRA_SESSIONS,
      detail: `our heap growth (after full GC) per further warm session (a chat of two turns; the session state the client keeps), over ${EXTRA_SESSIONS} chats in one process`,
    },
    {
      name: 'backends_print_memory_between_turns',
      value: printLive,
      unit: 'processes',
      baseline: null,
      ratio: null,
      target: null,
      met: null,
      detail: 'print-mode CLI processes alive between turns (a print chat is an id the next -p run resumes; each turn pays the start-up again)',
    },
  ];
}

/** The idle time of the idle figure: shortened (the default is minutes); the rule measured is the same. */
const IDLE_MS = 500;

/** Idle processes after the idle timeout (a backend with {@link IDLE_MS}) and live processes after dispose() of the main one. */
export async function measureProcessesAfter(pair: BackendPair, backends: AcpBackend[], opts: { prompt: string }): Promise<BenchEntry[]> {
  const known = new Set(acpPidsOf(pair.fake));
  const idleBackend = await pair.newAcp(IDLE_MS / 60_000);
  await chat(idleBackend, pair, opts.prompt);
  const idlePids = acpPidsOf(pair.fake).filter((p) => !known.has(p));
  const endedAt = nowMs();
  const idleGone = await waitFor(() => idlePids.every((p) => !pair.fake.livePids().includes(p)), IDLE_MS + 5000, 10);
  const idleLive = idlePids.filter((p) => pair.fake.livePids().includes(p)).length;
  idleBackend.dispose();
  const liveBefore = pair.fake.livePids().length;
  const t0 = nowMs();
  for (const b of backends) b.dispose();
  const goneAt = await waitFor(() => pair.fake.livePids().length === 0, 5000, 5);
  const live = pair.fake.livePids().length;
  return [
    {
      name: 'backends_acp_idle_processes_after_timeout',
      value: idleLive,
      unit: 'processes',
      baseline: idlePids.length,
      ratio: null,
      target: '0 after the idle timeout',
      met: idleLive === 0,
      detail:
        `a chat of two turns, then nothing, with cursorAgent.acp.idleMinutes shortened to ${IDLE_MS} ms (default ${DEFAULT_SETTINGS['acp.idleMinutes']} min); ` +
        `${idlePids.length} acp process(es) started; ` +
        (idleGone === undefined
          ? `${idleLive} still alive ${IDLE_MS + 5000} ms after the last turn`
          : `all gone ${(idleGone - endedAt).toFixed(0)} ms after the last turn`),
    },
    {
      name: 'backends_acp_processes_after_dispose',
      value: live,
      unit: 'processes',
      baseline: liveBefore,
      ratio: null,
      target: '0',
      met: live === 0,
      detail: `${liveBefore} live CLI process(es) before dispose(); ${goneAt === undefined ? `${live} still alive after 5 s` : `all gone ${(goneAt - t0).toFixed(0)} ms after dispose()`}`,
    },
  ];
}

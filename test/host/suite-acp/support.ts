// Helpers of the ACP suite: the fake ACP CLI (which also answers print mode), its wire log, and
// one request through each surface (shared with the faults suite).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { createFakeAcpCli, FakeAcpCli } from '../../fixtures/acp/fakeAcpCli';
import type { FakeAcpScenario } from '../../fixtures/acp/scenario';
import { activateApi, env, isTurn, sleep, waitFor } from '../helpers';
import { cursorModel } from '../requests';

let cli: FakeAcpCli | undefined;

/**
 * The extension is active and Cursor's models are registered: until then the chat refuses an
 * @cursor request before the participant sees it (in ACP mode the list waits for the support
 * check and a session/new), and a test would read an empty answer.
 */
export async function acpReady(): Promise<void> {
  await activateApi();
  acpFake();
  await cursorModel('auto', 25_000);
}
/**
 * Waits until the extension's model catalog holds `backend`'s own list (after a change of backend it keeps the other
 * backend's last list listed too, so a model id in vscode.lm does not say which list arrived), then until VS Code has
 * read it: `selectChatModels` re-reads the vendor's models, and VS Code tells the chat's model picker about a change
 * before it answers. A chat opened earlier may hear the change later and replace a model it holds that is not
 * user-selectable (one kept from the other backend) with its default.
 */
export async function modelsListedBy(backend: 'acp' | 'print', id: string): Promise<void> {
  const api = await activateApi();
  await waitFor(`the ${backend} backend's model list in the extension`, () => api.modelsBackend === backend, 20_000);
  await cursorModel(id);
}

/** The suite's fake (never helpers.fake(): that one would rewrite the binary as the print-only fake). */
export function acpFake(): FakeAcpCli {
  cli ??= createFakeAcpCli({ dir: env('CURSOR_AGENT_TEST_FAKE_DIR') });
  return cli;
}

type WireLine = { dir: 'in' | 'out'; msg: Record<string, unknown> };

/**
 * Pids in the order their processes started: by when each one's wire log was created, not by number
 * (pids wrap around on a busy machine, and a newer process then has a lower pid).
 */
function startOrder(pids: Iterable<number>): number[] {
  const born = (pid: number) => {
    try {
      return fs.statSync(path.join(acpFake().dir, 'acp-log', `${pid}.jsonl`)).birthtimeMs;
    } catch {
      return 0;
    }
  };
  return [...pids]
    .map((pid) => ({ pid, at: born(pid) }))
    .sort((a, b) => a.at - b.at || a.pid - b.pid)
    .map((p) => p.pid);
}

/** ACP processes started so far (each one that spoke on the wire: turns' and the support check's), oldest first. */
export function acpProcesses(): number[] {
  return startOrder(acpFake().acpLog().keys());
}

/** The wire log of every ACP process, in process order. */
export function wire(): WireLine[] {
  const log = acpFake().acpLog();
  return startOrder(log.keys()).flatMap((pid) => log.get(pid) ?? []);
}

/**
 * The wire log of the one ACP process that was sent `marker` (a prompt's unique text): what this test's turn saw,
 * never what earlier tests' processes sent (wire() is the whole suite's).
 */
export function wireOf(marker: string): WireLine[] {
  return [...acpFake().acpLog().values()].find((l) => l.some((x) => x.dir === 'in' && JSON.stringify(x.msg).includes(marker))) ?? [];
}

/** The texts of every `session/prompt` the extension sent. */
export function promptsSent(): string[] {
  return wire()
    .filter((l) => l.dir === 'in' && l.msg.method === 'session/prompt')
    .map((l) => (l.msg.params as { prompt: Array<{ text?: string }> }).prompt[0]?.text ?? '');
}

/** Print-mode turns (`-p`) the fake ran after `since` invocations. */
export function printTurnsSince(since: number): number {
  return acpFake().invocations().slice(since).filter(isTurn).length;
}

/** Agent requests (`out` with an id and a method) that got no answer (`in` with the same id and no method), per process. */
export function unansweredAgentRequests(): string[] {
  const out: string[] = [];
  for (const [pid, lines] of acpFake().acpLog()) {
    for (const l of lines.filter((x) => x.dir === 'out' && x.msg.method !== undefined && x.msg.id !== undefined)) {
      const answered = lines.some((x) => x.dir === 'in' && x.msg.method === undefined && x.msg.id === l.msg.id);
      if (!answered) out.push(`${pid}: ${String(l.msg.method)} #${String(l.msg.id)}`);
    }
  }
  return out;
}

/** The answer the extension sent to the agent's `method` request. */
export function answerTo(method: string): unknown {
  for (const lines of acpFake().acpLog().values()) {
    const req = lines.find((x) => x.dir === 'out' && x.msg.method === method && x.msg.id !== undefined);
    const res = req && lines.find((x) => x.dir === 'in' && x.msg.method === undefined && x.msg.id === req.msg.id);
    if (res) return res.msg.result ?? res.msg.error;
  }
  return undefined;
}

/** The fake's processes still running (livePids() counts only processes that still run this fake: a reused pid is another program's). */
export function fakePids(): number[] {
  return acpFake().livePids();
}

/**
 * Sets the scenario and ends the running ACP processes (they read it when they start), so the next
 * turn starts one that follows it. A process that dies while idle is no failure: the next turn starts another.
 */
export async function freshAgents(s: FakeAcpScenario): Promise<void> {
  acpFake().setAcpScenario(s);
  // Only the processes started before the scenario changed must go: the extension may start a new one at once
  // (a spare session, a warm-up), and that one already follows the new scenario.
  const old = fakePids();
  for (const pid of old) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  await waitFor(
    'the ACP processes to end',
    () => {
      const live = new Set(fakePids());
      return old.every((pid) => !live.has(pid));
    },
    5000,
  );
  await sleep(100); // the extension hears the exit
}

/** Sets `cursorAgent.<key>` in the user's settings (undefined removes it). */
export async function setUserSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('cursorAgent').update(key, value, vscode.ConfigurationTarget.Global);
}

/** No cursor-agent process of the fake is running. */
export async function assertNoProcess(label: string): Promise<void> {
  try {
    await waitFor(`every cursor-agent process to be gone (${label})`, () => fakePids().length === 0, 3000);
  } catch (err) {
    assert.fail(`${(err as Error).message}: ${JSON.stringify(fakePids())}`);
  }
}

/** The answer @cursor sent to the last `cursor/ask_question` of the newest fake process that asked one (ids are per process). */
export function lastQuestionAnswer(): unknown {
  let answer: unknown;
  for (const pid of acpProcesses()) {
    const lines = acpFake().acpLog().get(pid) ?? [];
    const ask = lines.filter((l) => l.dir === 'out' && l.msg.method === 'cursor/ask_question').at(-1);
    if (ask) answer = lines.find((l) => l.dir === 'in' && l.msg.method === undefined && l.msg.id === ask.msg.id)?.msg.result;
  }
  return answer;
}

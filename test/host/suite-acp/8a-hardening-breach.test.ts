// A read-only breach stops the agent even when it will not stop: a plan-mode turn that keeps completing edits and
// ignores Stop and SIGTERM has its whole process tree ended within the cancel grace plus the kill grace (2 s + 2 s);
// another chat answering in the same process fails as on any exit, and the next question runs in a new process.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { FakeAcpTurn } from '../../fixtures/acp/scenario';
import { chatRequest, lmRequest } from '../requests';
import { waitFor } from '../helpers';
import { acpFake, acpReady, fakePids, freshAgents, setUserSetting, wire } from './support';

const LONG = 'Chat B keeps answering, piece by piece, while the other chat breaches read-only mode. '.repeat(3).trim() + ' The end.';
const LONG_TURN: FakeAcpTurn = { kind: 'answer', text: LONG, chunk: 4, delayMs: 250 };
/** PROCESS_LIMITS.killGraceMs (src/services/engine/chatRuntime.ts), the cancel grace and the kill grace alike. */
const GRACE_MS = 2000;

/** Edits the fake completed so far: [pid, time] per line of its edits.log. */
function edits(): Array<[number, number]> {
  const file = path.join(acpFake().dir, 'edits.log');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(' ').map(Number) as [number, number]);
}

/** The process-group id of `pid` (/proc/<pid>/stat field 5), or undefined when it is gone. */
function pgidOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return undefined;
  }
}

/** The fake's processes in the process group of the agent that got the prompt tagged `tag` (the agent, its children). */
function agentTree(tag: string): number[] {
  const agent = [...acpFake().acpLog()].find(([, lines]) => lines.some((l) => l.dir === 'in' && JSON.stringify(l.msg).includes(tag)))?.[0];
  assert.ok(agent !== undefined, `no agent got ${tag}`);
  const group = pgidOf(agent);
  return [agent, ...fakePids().filter((p) => p !== agent && group !== undefined && pgidOf(p) === group)];
}

function answerChunks(tag: string): number {
  const lines = wire();
  const sessions = new Set(
    lines
      .filter((l) => l.dir === 'in' && l.msg.method === 'session/prompt' && JSON.stringify(l.msg.params).includes(tag))
      .map((l) => (l.msg.params as { sessionId: string }).sessionId),
  );
  return lines.filter((l) => {
    const p = l.msg.params as { sessionId?: string; update?: { sessionUpdate?: string } } | undefined;
    return l.dir === 'out' && p?.update?.sessionUpdate === 'agent_message_chunk' && sessions.has(p.sessionId ?? '');
  }).length;
}

describe('a read-only breach ends an agent that will not stop', function () {
  this.timeout(90_000);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
  });

  it('@cursor: an agent that keeps editing and ignores Stop and SIGTERM is gone within the two graces; chat B in it fails, the next question answers', async () => {
    await setUserSetting('backend', 'acp');
    try {
      await freshAgents({
        ignoreSigterm: true,
        children: ['group'],
        byPrompt: [
          { match: 'breach-A', turn: { kind: 'editForever', everyMs: 20, text: 'Editing.' } },
          { match: 'breach-B', turn: LONG_TURN },
        ],
      });
      const b = chatRequest('Tell me a long story. breach-B');
      await waitFor('chat B to stream', () => answerChunks('breach-B') > 3, 15_000);
      const tree = agentTree('breach-B');
      assert.ok(tree.length >= 2, `the agent and its child: ${JSON.stringify(tree)}`);
      const a = await lmRequest('Just look, do not change anything. breach-A');
      const reported = Date.now();
      assert.ok(a.error instanceof vscode.LanguageModelError, `chat A answered: ${a.text}`);
      assert.match(a.error.message, /read-only|plan|change|edit/i);
      assert.deepStrictEqual(agentTree('breach-A').slice(0, 1), tree.slice(0, 1), 'chat A ran in another process than chat B');
      const gone = await waitFor(
        `the agent and its tree (${tree.join(', ')}) to be gone`,
        () => {
          const live = new Set(fakePids());
          return tree.every((p) => !live.has(p)) ? Date.now() : undefined;
        },
        2 * GRACE_MS + 3000,
        50,
      );
      assert.ok(gone - reported <= 2 * GRACE_MS + 1000, `the agent ran ${gone - reported} ms after the breach was reported`);
      const late = edits().filter(([pid, at]) => tree.includes(pid) && at > gone);
      assert.deepStrictEqual(late, [], 'edits after the process was reported gone');
      const rb = await b;
      assert.ok(rb.errorDetails, `chat B answered in a process that was ended: ${JSON.stringify(rb)}`);
      await freshAgents({});
      const next = await lmRequest('And now? breach-after');
      assert.strictEqual(next.error, undefined, String(next.error));
    } finally {
      await setUserSetting('backend', undefined);
    }
  });
});

/**
 * The process watchdog (see ./hostWatchdog): reads `{"watch":…}` and
 * `{"forget":pid}` lines on stdin from the extension host; when stdin closes
 * (the host is gone, or let it go), ends every tree still registered the way
 * the host's own shutdown does (./processTree), then exits. Each tree: SIGTERM
 * to the leader's tree while the leader is still the process registered (same
 * start time), and to every process carrying the run's marker (Linux: those
 * that left the group); after at most {@link GRACE_MS}, SIGKILL to what is left.
 * Run as `node hostWatchdogMain.js`, no shell, no arguments.
 */
import type { WatchdogMessage } from './hostWatchdog';
import { RUN_MARKER_ENV } from './escapedSweep';
import { findByEnvironment, type ProcRef } from './procfs';
import { killProcessTree, killTreesNow } from './processTree';
import { isSameProcess, signalRef } from './signals';
import { leaderTree } from './watchdogTrees';

const GRACE_MS = 1000;
const POLL_MS = 50;

type Entry = { leader: ProcRef; marker: string };
const entries = new Map<number, Entry>();

function receive(line: string): void {
  let m: WatchdogMessage;
  try {
    m = JSON.parse(line) as WatchdogMessage;
  } catch {
    return;
  }
  if ('watch' in m && Number.isInteger(m.watch?.pid) && typeof m.watch.marker === 'string') {
    entries.set(m.watch.pid, {
      leader: { pid: m.watch.pid, ...(typeof m.watch.start === 'number' ? { start: m.watch.start } : {}) },
      marker: m.watch.marker,
    });
  } else if ('forget' in m) entries.delete(m.forget);
}

const marked = async (list: Entry[]) => (await Promise.all(list.map((e) => findByEnvironment(RUN_MARKER_ENV, e.marker)))).flat();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function endAll(): Promise<void> {
  const list = [...entries.values()];
  if (list.length === 0) return;
  for (const e of list) if (isSameProcess(e.leader)) await killProcessTree(e.leader.pid, 'SIGTERM');
  for (const r of await marked(list)) signalRef(r, 'SIGTERM');
  const end = Date.now() + GRACE_MS;
  let left = await marked(list);
  while (Date.now() < end && (list.some((e) => isSameProcess(e.leader)) || left.some((r) => isSameProcess(r)))) {
    await sleep(POLL_MS);
    left = await marked(list);
  }
  // A leader whose pid another process took is not signalled, nor that pid's group (./watchdogTrees).
  killTreesNow(list.map((e) => leaderTree(e.leader, left)));
  // What forked meanwhile.
  for (const r of await marked(list)) signalRef(r, 'SIGKILL');
}

let pending = '';
let ending = false;
const finish = () => {
  if (ending) return;
  ending = true;
  void endAll().finally(() => process.exit(0));
};
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  pending += chunk;
  for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
    receive(pending.slice(0, nl));
    pending = pending.slice(nl + 1);
  }
});
process.stdin.on('end', finish);
process.stdin.on('close', finish);
process.stdin.on('error', finish);

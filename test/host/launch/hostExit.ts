// The host-exit check (suites with `hostExit: true`, test/host/suites.ts): the moment the suite's
// tests are done (its result line, while the extension host still runs: it waits 500 ms before it
// exits), the extension host is killed with SIGKILL (nothing of it runs: no deactivate, no dispose,
// no exit handler), and every process of the fake CLI, the warm `cursor-agent acp` processes and
// whatever they started, must be gone 5 s later. The suite writes HOST_EXIT_FILE into its output
// folder: the extension host's pid and the fake's pids then.
import * as fs from 'fs';
import * as path from 'path';
import { log, sleep } from './common';

export const HOST_EXIT_FILE = 'host-exit.json';
const WITHIN_MS = 5000;

export interface HostKill {
  hostPid: number;
  pids: number[];
  how: string;
  at: number;
}

/** SIGKILLs the extension host the suite named, now (synchronously); undefined without its file. */
export function killHost(output: string): HostKill | undefined {
  const file = path.join(output, HOST_EXIT_FILE);
  if (!fs.existsSync(file)) return undefined;
  const { hostPid, pids } = JSON.parse(fs.readFileSync(file, 'utf8')) as { hostPid: number; pids: number[] };
  let how = 'killed with SIGKILL';
  try {
    process.kill(hostPid, 'SIGKILL');
  } catch {
    how = 'had already shut down'; // still: nothing may be left 5 s after the host is gone
  }
  return { hostPid, pids, how, at: Date.now() };
}

/** Undefined when nothing of the fake is left 5 s after the kill; else what failed. */
export async function checkNothingOutlivesHost(kill: HostKill | undefined, livePids: () => number[]): Promise<string | undefined> {
  if (!kill) return `the suite wrote no ${HOST_EXIT_FILE}`;
  const { hostPid, pids, how, at } = kill;
  if (pids.length < 3) return `only ${pids.length} fake processes were running before the host was killed`;
  while (Date.now() - at < WITHIN_MS && livePids().length > 0) await sleep(100);
  const left = livePids();
  const verdict = left.length ? `${left.join(', ')} still run` : 'none is left';
  log(`host-exit: extension host ${hostPid} ${how}; of ${pids.length} fake processes (${pids.join(', ')}), ${verdict} after ${Date.now() - at} ms`);
  return left.length
    ? `${left.length} fake cursor-agent processes (${left.join(', ')}) outlived the extension host (${how}) by ${WITHIN_MS / 1000} s`
    : undefined;
}

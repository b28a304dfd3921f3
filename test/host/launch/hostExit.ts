// The host-exit check (suites with `hostExit: true`, test/host/suites.ts): once the suite's tests are
// done, the extension host is killed with SIGKILL (nothing of it runs: no deactivate, no dispose,
// no exit handler), and every process of the fake CLI, the warm `cursor-agent acp` processes and
// whatever they started, must be gone 5 s later. The suite writes HOST_EXIT_FILE into its output
// folder: the extension host's pid and the fake's pids then.
import * as fs from 'fs';
import * as path from 'path';
import { log, sleep } from './common';

export const HOST_EXIT_FILE = 'host-exit.json';
const WITHIN_MS = 5000;

/** Undefined when nothing is left; else what failed. */
export async function checkNothingOutlivesHost(output: string, livePids: () => number[]): Promise<string | undefined> {
  const file = path.join(output, HOST_EXIT_FILE);
  if (!fs.existsSync(file)) return `the suite wrote no ${HOST_EXIT_FILE}`;
  const { hostPid, pids } = JSON.parse(fs.readFileSync(file, 'utf8')) as { hostPid: number; pids: number[] };
  if (pids.length < 3) return `only ${pids.length} fake processes were running before the host was killed`;
  let how = 'killed with SIGKILL';
  try {
    process.kill(hostPid, 'SIGKILL');
  } catch {
    how = 'had already shut down'; // still: nothing may be left 5 s after the host is gone
  }
  const t0 = Date.now();
  while (Date.now() - t0 < WITHIN_MS && livePids().length > 0) await sleep(100);
  const left = livePids();
  const verdict = left.length ? `${left.join(', ')} still run` : 'none is left';
  log(`host-exit: extension host ${hostPid} ${how}; of ${pids.length} fake processes (${pids.join(', ')}), ${verdict} after ${Date.now() - t0} ms`);
  return left.length ? `${left.length} fake cursor-agent processes (${left.join(', ')}) outlived the extension host (${how}) by ${WITHIN_MS / 1000} s` : undefined;
}

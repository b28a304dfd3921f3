/**
 * The baseline of every process benchmark: the same fake CLI spawned directly
 * with child_process (no runner, no parser, no argv/env building at run time),
 * its prompt written to stdin, its stdout read.
 */
import { spawn } from 'node:child_process';
import { buildTurnArgs } from '../src/cli/args';
import { buildChildEnv } from '../src/cli/env';
import { nowMs } from './lib';

export interface BareTurn {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  prompt: string;
}

/** The same argv and environment the service would use for a fresh plan-mode turn in `workspace`. */
export function bareTurn(binPath: string, workspace: string, prompt: string): BareTurn {
  return {
    command: binPath,
    args: buildTurnArgs({ mode: 'plan', workspace, trusted: true }),
    cwd: workspace,
    env: buildChildEnv(process.env, process.platform),
    prompt,
  };
}

export interface BareRun {
  /** From just before spawn() to the first complete stdout line (ms). */
  firstLineMs: number | undefined;
  /** From just before spawn() to 'close' (ms). */
  wallMs: number;
  stdoutBytes: number;
  exitCode: number | null;
}

/** Spawns, feeds stdin, reads stdout to the end. */
export function runBare(t: BareTurn, onSpawn?: (pid: number) => void): Promise<BareRun> {
  return new Promise((resolve, reject) => {
    const t0 = nowMs();
    let firstLineMs: number | undefined;
    let bytes = 0;
    const child = spawn(t.command, t.args, { cwd: t.cwd, env: t.env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.on('error', reject);
    child.stdout.on('data', (chunk: Buffer) => {
      if (firstLineMs === undefined && chunk.includes(0x0a)) firstLineMs = nowMs() - t0;
      bytes += chunk.length;
    });
    child.stderr.resume();
    child.stdin.on('error', () => undefined);
    child.stdin.end(t.prompt);
    if (child.pid !== undefined) onSpawn?.(child.pid);
    child.on('close', (code) => resolve({ firstLineMs, wallMs: nowMs() - t0, stdoutBytes: bytes, exitCode: code }));
  });
}

// The code-server toolchain (Node, code-server, Debian's Chromium) for one VS Code version,
// installed and cached by scripts/vscode-toolchain.sh.

import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { NEWEST, VsCodeTarget } from '../versions';
import { log, repoRoot } from './common';

export interface Toolchain {
  node24: string;
  /** The Node that runs this code-server (22 for releases before 4.133, else 24). */
  node: string;
  codeServer: string;
  chromium: string;
  /** Which VS Code this is. */
  target: VsCodeTarget;
}

/** Installs (once, cached) and returns the toolchain for one VS Code version (default: the newest). */
export function ensureToolchain(target: VsCodeTarget = NEWEST): Toolchain {
  const script = path.join(repoRoot, 'scripts', 'vscode-toolchain.sh');
  const t0 = Date.now();
  const r = spawnSync('bash', [script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, CODE_SERVER_VERSION: target.codeServer },
  });
  if (r.status !== 0) throw new Error(`scripts/vscode-toolchain.sh failed for code-server ${target.codeServer} (exit ${r.status})`);
  const vars: Record<string, string> = {};
  for (const line of r.stdout.split('\n')) {
    const [, name, value] = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim()) ?? [];
    if (name !== undefined && value !== undefined) vars[name] = value;
  }
  const tool = (k: string): string => {
    const v = vars[k];
    if (!v || !fs.existsSync(v)) throw new Error(`toolchain: ${k} missing (${v ?? 'not printed'})`);
    return v;
  };
  for (const k of ['NODE24', 'CODE_SERVER', 'CODE_SERVER_NODE', 'CHROMIUM']) tool(k);
  log(`toolchain for VS Code ${target.vscode} (code-server ${target.codeServer}) ready in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  return { node24: tool('NODE24'), node: tool('CODE_SERVER_NODE'), codeServer: tool('CODE_SERVER'), chromium: tool('CHROMIUM'), target };
}

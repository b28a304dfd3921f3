// What every harness that starts a real VS Code shares (test/host/run.ts, test/ui/): the
// repository's folders, cleanup on every exit path (Ctrl+C included), process groups, log
// lines, ports and small file helpers.

import { ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as path from 'path';

export const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
export const outputRoot = path.join(repoRoot, 'test-output');
export const EXTENSION_ID = 'cursor-vscode-chat.cursor-agent-vscode';

// ---------------------------------------------------------------------------
// cleanup on every exit path

export const cleanups = new Set<() => void | Promise<void>>();
let interrupted = false;

export async function runCleanups(): Promise<void> {
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    try {
      await fn();
    } catch (err) {
      console.error('[host] cleanup error:', err);
    }
  }
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`[${logPrefix}] ${sig}: stopping`);
    const code = sig === 'SIGINT' ? 130 : sig === 'SIGTERM' ? 143 : 129;
    const hardStop = setTimeout(() => process.exit(code), 8000);
    hardStop.unref();
    void runCleanups().finally(() => process.exit(code));
  });
}

/** Last resort (synchronous): kill process groups still registered. */
export const liveGroups = new Set<number>();
process.on('exit', () => {
  for (const pgid of liveGroups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

// ---------------------------------------------------------------------------
// helpers

let logPrefix = 'host';
/** The `[host]` prefix of this module's log lines (test/ui/ reuses these helpers under its own name). */
export function setLogPrefix(prefix: string): void {
  logPrefix = prefix;
}

export function log(msg: string): void {
  console.log(`[${logPrefix}] ${msg}`);
}

/** True once SIGINT/SIGTERM/SIGHUP started the cleanups. */
export function isInterrupted(): boolean {
  return interrupted;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

// The launchers' modules take their pause from here.
export { sleep } from '../../support/waits';

export function httpOk(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve((res.statusCode ?? 500) < 400);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => {
      req.destroy();
      resolve(false);
    });
  });
}

export function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

/** Environment for code-server: ours, without variables that would steer it or the host elsewhere. */
export function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(VSCODE_|ELECTRON_|CODE_SERVER_|CS_)/.test(k)) continue;
    if (['PASSWORD', 'HASHED_PASSWORD', 'GITHUB_TOKEN', 'NODE_OPTIONS'].includes(k)) continue;
    env[k] = v;
  }
  return env;
}

export function killGroup(child: ChildProcess, name: string): Promise<void> {
  const pid = child.pid;
  if (!pid) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      // Wait (up to 3 s) until no process of the group is left.
      const until = Date.now() + 3000;
      const poll = () => {
        let alive = true;
        try {
          process.kill(-pid, 0);
        } catch {
          alive = false;
        }
        if (alive && Date.now() < until) {
          setTimeout(poll, 50);
          return;
        }
        if (alive) log(`${name}: process group ${pid} still has members after SIGKILL`);
        liveGroups.delete(pid);
        resolve();
      };
      poll();
    };
    if (child.exitCode !== null || child.signalCode !== null) {
      // The leader is gone, but its group (extension host, fake CLIs) may not be.
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* none left */
      }
      return done();
    }
    const hard = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 3000);
    child.once('exit', () => {
      clearTimeout(hard);
      try {
        process.kill(-pid, 'SIGKILL'); // stragglers in the group
      } catch {
        /* none left */
      }
      done();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      log(`${name}: process group ${pid} already gone`);
      clearTimeout(hard);
      done();
    }
  });
}

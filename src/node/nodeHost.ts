/**
 * Node adapters for the pure resolution and launch code: file system probes,
 * PATH lookup, and the `--version` probe through the process runner.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { versionArgs } from '../cli/args';
import type { ProbeResult, ResolveDeps } from '../cli/binaryResolution';
import { buildChildEnv } from '../cli/env';
import { classifyFailure } from '../cli/errors';
import type { HostEnvironment, ProcessRunner } from '../cli/process';
import { parseVersionOutput } from '../cli/version';
import { planLaunch } from '../cli/windowsLaunch';

export function nodeHostEnvironment(env: NodeJS.ProcessEnv = process.env, platform: string = process.platform): HostEnvironment {
  return {
    platform,
    env,
    fileExists: (p) => {
      try {
        return fs.statSync(p).isFile();
      } catch {
        return false;
      }
    },
    readFile: (p) => {
      try {
        return fs.readFileSync(p, 'utf8').slice(0, 64 * 1024);
      } catch {
        return undefined;
      }
    },
    listDir: (p) => {
      try {
        return fs.readdirSync(p);
      } catch {
        return undefined;
      }
    },
  };
}

export function homeDirectory(): string {
  return os.homedir();
}

/** Resolution dependencies backed by the real file system, PATH and processes. */
export function nodeResolveDeps(runner: ProcessRunner, host: HostEnvironment, probeTimeoutMs = 10_000): ResolveDeps {
  const isWin = host.platform === 'win32';
  const pathValue = () => {
    const key = Object.keys(host.env).find((k) => (isWin ? k.toUpperCase() === 'PATH' : k === 'PATH'));
    return key ? host.env[key] ?? '' : '';
  };
  return {
    async which(name) {
      // Relative entries (`.`) would resolve against the extension host's folder: never search them.
      const dirs = pathValue().split(isWin ? ';' : ':').filter((d) => d && (isWin ? path.win32 : path.posix).isAbsolute(d));
      const exts = isWin ? (host.env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').concat(['.PS1']) : [''];
      for (const dir of dirs) {
        for (const ext of exts) {
          const candidate = (isWin ? path.win32 : path.posix).join(dir, name + ext.toLowerCase());
          try {
            const st = await fs.promises.stat(candidate);
            if (!st.isFile()) continue;
            if (!isWin) await fs.promises.access(candidate, fs.constants.X_OK);
            return candidate;
          } catch {
            // not here
          }
        }
      }
      return undefined;
    },
    async listDir(dir) {
      try {
        return await fs.promises.readdir(dir);
      } catch {
        return [];
      }
    },
    async isFile(p) {
      try {
        return (await fs.promises.stat(p)).isFile();
      } catch {
        return false;
      }
    },
    async probeVersion(binPath, argsPrefix = []): Promise<ProbeResult> {
      const planned = planLaunch(binPath, [...argsPrefix, ...versionArgs()], {
        platform: host.platform,
        comSpec: host.env.ComSpec ?? host.env.COMSPEC,
        systemRoot: host.env.SystemRoot ?? host.env.SYSTEMROOT,
        fileExists: host.fileExists,
        readFile: host.readFile,
        listDir: host.listDir,
      });
      if (!planned.ok) return { ok: false, reason: planned.reason, kind: 'notExecutable' };
      const out = await runner.run({
        launch: planned.plan,
        cwd: os.homedir(),
        env: buildChildEnv(host.env, host.platform),
        totalTimeoutMs: probeTimeoutMs,
      });
      if (out.kind === 'spawnError') {
        const e = classifyFailure({ spawnErrorCode: out.spawnErrorCode });
        return { ok: false, reason: `${out.spawnErrorCode}: ${e.message}`, kind: e.kind };
      }
      // The IDE launcher without the IDE says so, on stdout or stderr, with any exit code.
      const ide = /^.*No Cursor IDE installation found.*$/im.exec(`${out.stdout}\n${out.stderrTail}`.slice(0, 64 * 1024));
      if (ide) return { ok: false, reason: ide[0].trim().slice(0, 300), kind: 'ideLauncherOnly' };
      if (out.kind === 'timeout') return { ok: false, reason: `\`--version\` did not answer within ${Math.round(probeTimeoutMs / 1000)} s`, kind: 'timeout' };
      if (out.exitCode !== 0) {
        const e = classifyFailure({ exitCode: out.exitCode, stderr: out.stderrTail });
        return { ok: false, reason: `\`--version\` failed (exit ${out.exitCode}): ${out.stderrTail.split('\n')[0] || e.message}`, kind: e.kind === 'unknown' ? 'notExecutable' : e.kind };
      }
      const version = parseVersionOutput(out.stdout);
      if (!version) return { ok: false, reason: '`--version` printed something that is not a version', kind: 'notExecutable' };
      return { ok: true, version };
    },
  };
}

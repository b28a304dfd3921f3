/**
 * Node adapters for the pure resolution and launch code: file system probes,
 * PATH lookup, and the `--version` probe through the process runner.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { versionArgs } from '../cli/args';
import type { ProbeResult, ResolveDeps } from '../cli/binaryResolution';
import { buildChildEnv, envValue } from '../cli/env';
import { classifyFailure } from '../cli/failureClassifier';
import { redactHead } from '../cli/redact';
import type { HostEnvironment, ProcessRunner } from '../cli/process';
import { parseVersionOutput } from '../cli/version';
import { launchCommandFor } from '../cli/windowsLaunch';

/**
 * The real machine; `homeDir` (default `os.homedir()`) is the one source of the home folder for
 * resolution, the probe, short commands, terminals and the folder guard.
 */
export function nodeHostEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  platform: string = process.platform,
  homeDir: string = os.homedir(),
): HostEnvironment {
  return {
    platform,
    env,
    homeDir,
    realPath: (p) => {
      try {
        return fs.realpathSync.native(p);
      } catch {
        return undefined;
      }
    },
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

/** Where resolution looks for an installed CLI: the home folder and (Windows) `%LOCALAPPDATA%`, where the installer puts it. */
export function binaryEnvironment(host: HostEnvironment): { platform: string; homeDir: string; localAppData?: string } {
  const localAppData = host.platform === 'win32' ? envValue(host.env, 'LOCALAPPDATA', host.platform)?.trim() : undefined;
  return { platform: host.platform, homeDir: host.homeDir, ...(localAppData && path.win32.isAbsolute(localAppData) ? { localAppData } : {}) };
}

/** Resolution dependencies backed by the real file system, PATH and processes. */
export function nodeResolveDeps(runner: ProcessRunner, host: HostEnvironment, probeTimeoutMs = 10_000): ResolveDeps {
  const isWin = host.platform === 'win32';
  const pathValue = () => envValue(host.env, 'PATH', host.platform) ?? '';
  return {
    async which(name) {
      // Relative entries (`.`) would resolve against the extension host's folder: never search them.
      // Windows: a Path entry may be in double quotes (`"C:\Program Files (x86)\x"`), as cmd.exe accepts.
      const dirs = pathValue()
        .split(isWin ? ';' : ':')
        .map((d) => (isWin ? d.trim().replace(/^"(.*)"$/, '$1') : d))
        .filter((d) => d && (isWin ? path.win32 : path.posix).isAbsolute(d));
      // In PATHEXT order, `.ps1` last; never the bare name (a POSIX script beside the .cmd, as npm installs it, cannot start on Windows).
      const pathExt = envValue(host.env, 'PATHEXT', host.platform) ?? '.COM;.EXE;.BAT;.CMD';
      const exts = isWin
        ? [...new Set([...pathExt.split(';').map((e) => e.trim().toLowerCase()), '.ps1'])].filter((e) => /^\.[a-z0-9]+$/.test(e))
        : [''];
      for (const dir of dirs) {
        for (const ext of exts) {
          const candidate = (isWin ? path.win32 : path.posix).join(dir, name + ext);
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
      const planned = launchCommandFor(binPath, [...argsPrefix, ...versionArgs()], {
        platform: host.platform,
        comSpec: envValue(host.env, 'ComSpec', host.platform),
        systemRoot: envValue(host.env, 'SystemRoot', host.platform),
        fileExists: host.fileExists,
        readFile: host.readFile,
        listDir: host.listDir,
      });
      if (!planned.ok) return { ok: false, reason: planned.reason, kind: 'notExecutable' };
      const out = await runner.run({
        launch: planned.plan,
        cwd: host.homeDir,
        env: buildChildEnv(host.env, host.platform),
        totalTimeoutMs: probeTimeoutMs,
      });
      if (out.kind === 'spawnError') {
        const e = classifyFailure({ spawnErrorCode: out.spawnErrorCode });
        return { ok: false, reason: `${out.spawnErrorCode}: ${e.message}`, kind: e.kind };
      }
      // The IDE launcher without the IDE says so, on stdout or stderr, with any exit code.
      const ide = /^.*No Cursor IDE installation found.*$/im.exec(`${out.stdout}\n${out.stderrTail}`.slice(0, 64 * 1024));
      if (ide) return { ok: false, reason: redactHead(ide[0].trim(), 300), kind: 'ideLauncherOnly' };
      if (out.kind === 'timeout')
        return { ok: false, reason: `\`--version\` did not answer within ${Math.round(probeTimeoutMs / 1000)} s`, kind: 'timeout' };
      if (out.exitCode !== 0) {
        const e = classifyFailure({ exitCode: out.exitCode, stderr: out.stderrTail });
        // Shown in /status and "Select Binary…", and logged: the CLI's words are redacted, then cut.
        const said = redactHead(out.stderrTail.split('\n')[0] ?? '', 300);
        return {
          ok: false,
          reason: `\`--version\` failed (exit ${out.exitCode}): ${said || e.message}`,
          kind: e.kind === 'unknown' ? 'notExecutable' : e.kind,
        };
      }
      const version = parseVersionOutput(out.stdout);
      if (!version) return { ok: false, reason: '`--version` printed something that is not a version', kind: 'notExecutable' };
      return { ok: true, version };
    },
  };
}

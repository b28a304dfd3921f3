/**
 * Both chat backends behind the {@link ChatBackend} seam on one `cursor-agent`
 * (the fake that speaks ACP and print mode, or the user's real CLI for
 * `--real`): the ACP backend over the Node transport, print mode's
 * PrintBackend over the real runner, with the run settings of extension.ts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AcpBackend } from '../src/acp/acpBackend';
import type { Logger } from '../src/cli/process';
import type { ChatBackend } from '../src/turn/chatBackend';
import { createFakeAcpCli, FakeAcpCli } from '../test/fixtures/acp/fakeAcpCli';
import type { FakeAcpScenario } from '../test/fixtures/acp/scenario';
import type { FakeScenario } from '../test/fixtures/fakeCli';
import { quietLogger } from './lib';
import { nodeHostEnvironment } from '../src/node/nodeHost';
import { NodeProcessRunner } from '../src/node/nodeProcessRunner';
import type { ChatRuntime } from '../src/services/engine/chatRuntime';
import { DEFAULT_SETTINGS } from '../src/services/settingsSchema';
import { nodeRuntime } from '../test/support/runtime';

/** Both backends on one binary, with the run settings of extension.ts. */
export interface Backends {
  acp: AcpBackend;
  print: ChatBackend;
  /** The binary both run (resolved as the extension does) and its version. */
  binPath: string;
  version: string;
  /** Another ACP backend on the same binary (disposed with the rest), with `idleMinutes` instead of the default idle time, and `cursorAgent.acp.warmStart`. */
  newAcp(idleMinutes?: number, warmStart?: boolean): Promise<AcpBackend>;
  dispose(): void;
}

/**
 * Resolves the binary as the extension does (`configuredPath`, then PATH and the known install
 * places) and builds both backends on it with the extension's runtime (chatRuntime.ts): `cursor-agent acp`
 * started as extension.ts starts it (argument array, no shell, the environment allowlist, the 2 s kill grace).
 */
export async function createBackends(configuredPath: () => string | undefined, logger: Logger = quietLogger): Promise<Backends> {
  const runner = new NodeProcessRunner(logger);
  const host = nodeHostEnvironment(process.env, process.platform);
  // The extension's runtime, ACP chosen: launch plan through the launcher, its bounds from the settings.
  const runtimeWith = (idleMinutes: number = DEFAULT_SETTINGS['acp.idleMinutes'], warmStart = true) => {
    const user = {
      ...DEFAULT_SETTINGS,
      backend: 'acp' as const,
      'acp.idleMinutes': idleMinutes,
      'acp.warmStart': warmStart,
      path: configuredPath() ?? '',
    };
    return nodeRuntime({ runner, host, logger, settings: () => user, workspace: { isTrusted: () => true, folders: () => [] } });
  };
  const first = runtimeWith();
  const runtimes = [first];
  const resolved = await first.binary.resolve();
  if (!resolved.found) {
    runner.dispose();
    throw new Error(`no usable cursor-agent (${resolved.kind}); set CURSOR_AGENT_PATH or put cursor-agent on PATH`);
  }
  const acpOf = async (rt: ChatRuntime): Promise<AcpBackend> => {
    await rt.selector.current(); // resolves the ACP launch plan before the first prepare()
    return rt.acp;
  };
  const firstAcp = await acpOf(first);
  const acps = [firstAcp];
  return {
    acp: firstAcp,
    print: first.agent.print,
    binPath: resolved.path,
    version: resolved.version,
    async newAcp(idleMinutes?: number, warmStart?: boolean) {
      const rt = runtimeWith(idleMinutes, warmStart);
      runtimes.push(rt);
      const acp = await acpOf(rt);
      acps.push(acp);
      return acp;
    },
    dispose() {
      for (const b of acps) b.dispose();
      first.agent.print.dispose();
      runner.dispose();
    },
  };
}

export interface BackendPair extends Backends {
  fake: FakeAcpCli;
  workspace: string;
}

/** Both backends on one fake `cursor-agent` (ACP and print mode) in a scratch workspace. */
export async function createBackendPair(acpScenario: FakeAcpScenario, printScenario: FakeScenario): Promise<BackendPair> {
  const fake = createFakeAcpCli({ scenario: printScenario, acp: acpScenario });
  const workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'bench-ws-'));
  fs.writeFileSync(path.join(workspace, 'app.ts'), 'export const x = 1;\n');
  const backends = await createBackends(() => fake.binPath);
  return {
    ...backends,
    fake,
    workspace,
    dispose() {
      backends.dispose();
      fake.cleanup();
      fs.rmSync(workspace, { recursive: true, force: true });
    },
  };
}

/**
 * The pids of every `acp` process the fake started (its wire-log files; read without parsing
 * them, since a live process may be half-way through appending a line).
 */
export function acpPidsOf(fake: FakeAcpCli): number[] {
  const dir = path.join(fake.dir, 'acp-log');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((n) => Number(n.replace(/\.jsonl$/, '')))
    .filter((n) => Number.isInteger(n));
}

/** How many `session/new` answers (results carrying a sessionId) the fake process `pid` has sent so far; a line still being written is skipped. */
export function sessionsAnswered(fake: FakeAcpCli, pid: number): number {
  let text: string;
  try {
    text = fs.readFileSync(path.join(fake.dir, 'acp-log', `${pid}.jsonl`), 'utf8');
  } catch {
    return 0;
  }
  let n = 0;
  for (const line of text.split('\n')) {
    try {
      const rec = JSON.parse(line) as { dir: string; line: string };
      if (rec.dir === 'out' && typeof (JSON.parse(rec.line) as { result?: { sessionId?: unknown } }).result?.sessionId === 'string') n++;
    } catch {
      /* the last line may be incomplete */
    }
  }
  return n;
}

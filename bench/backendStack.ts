/**
 * Both chat backends behind the {@link ChatBackend} seam, pointed at one fake
 * `cursor-agent` that speaks ACP (`acp`) and print mode (`-p`, delegated to the
 * print-mode fake): the ACP backend over the Node transport, the print backend
 * over the real runner, with the run settings of extension.ts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AcpBackend } from '../src/acp/acpBackend';
import { buildChildEnv } from '../src/cli/env';
import type { CliError } from '../src/cli/errors';
import type { Logger } from '../src/cli/process';
import { NodeAcpTransport } from '../src/node/acpProcess';
import type { BackendTurnOutcome, BackendTurnRequest, ChatBackend } from '../src/services/chatBackend';
import { createFakeAcpCli, FakeAcpCli } from '../test/fixtures/acp/fakeAcpCli';
import type { FakeAcpScenario } from '../test/fixtures/acp/scenario';
import type { FakeScenario } from '../test/fixtures/fakeCli';
import { quietLogger } from './lib';
import { extensionRunSettings } from './stack';
import { nodeHostEnvironment, nodeResolveDeps } from '../src/node/nodeHost';
import { NodeProcessRunner } from '../src/node/nodeProcessRunner';
import { BinaryService } from '../src/services/binaryService';
import { CursorAgentService } from '../src/services/cursorAgentService';

export interface BackendPair {
  fake: FakeAcpCli;
  workspace: string;
  acp: AcpBackend;
  print: ChatBackend;
  /** A new ACP backend on the same fake (for figures that need a fresh process). */
  newAcp(): AcpBackend;
  dispose(): void;
}

/** Both backends on one binary, with the run settings of extension.ts. */
export interface Backends {
  acp: AcpBackend;
  print: ChatBackend;
  /** The binary both run (resolved as the extension does) and its version. */
  binPath: string;
  version: string;
  /** Another ACP backend on the same binary (disposed with the rest). */
  newAcp(): AcpBackend;
  dispose(): void;
}

/**
 * Resolves the binary as the extension does (`configuredPath`, then PATH and the known install
 * places) and builds both backends on it. `cursor-agent acp` is started as extension.ts is expected
 * to: argument array, no shell, the environment allowlist, the 2 s kill grace.
 */
export async function createBackends(configuredPath: () => string | undefined, logger: Logger = quietLogger): Promise<Backends> {
  const runner = new NodeProcessRunner(logger);
  const host = nodeHostEnvironment(process.env, process.platform);
  const settings = extensionRunSettings();
  const binary = new BinaryService(nodeResolveDeps(runner, host), { platform: process.platform, homeDir: os.homedir() }, configuredPath, logger);
  const resolved = await binary.resolve();
  if (!resolved.found) {
    runner.dispose();
    throw new Error(`no usable cursor-agent (${resolved.kind}); set CURSOR_AGENT_PATH or put cursor-agent on PATH`);
  }
  const acpLaunch = { command: resolved.path, args: [...resolved.argsPrefix, 'acp'] };
  const env = buildChildEnv(process.env, process.platform);
  const makeAcp = () =>
    new AcpBackend({
      start: (cwd) => new NodeAcpTransport({ launch: acpLaunch, cwd, env, killGraceMs: settings.killGraceMs }),
      client: { initializeTimeoutMs: 15_000, setupTimeoutMs: 30_000, platform: process.platform },
      turn: { cancelGraceMs: settings.killGraceMs, inactivityTimeoutMs: settings.inactivityTimeoutMs },
      logger,
    });
  const agent = new CursorAgentService(binary, runner, host, () => settings, logger);
  const print: ChatBackend = {
    id: 'print',
    async runTurn(req: BackendTurnRequest): Promise<BackendTurnOutcome> {
      try {
        const r = await agent.turn({
          workspace: req.workspace,
          trusted: true,
          mode: req.mode,
          prompt: req.prompt,
          ...(req.resumeId ? { resume: { chatId: req.resumeId, fallbackPrompt: req.prompt } } : {}),
          cancellation: req.cancellation,
          onEvent: req.onEvent,
        });
        return { ok: true, cancelled: r.cancelled, sessionId: r.sessionId, text: r.text, durationMs: r.durationMs, promptBytes: r.promptBytes };
      } catch (e) {
        return { ok: false, error: e as CliError, shownText: false };
      }
    },
    dispose: () => runner.dispose(),
  };
  const acps = [makeAcp()];
  return {
    acp: acps[0],
    print,
    binPath: resolved.path,
    version: resolved.version,
    newAcp() {
      acps.push(makeAcp());
      return acps[acps.length - 1];
    },
    dispose() {
      for (const b of acps) b.dispose();
      print.dispose();
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
  return fs.readdirSync(dir).map((n) => Number(n.replace(/\.jsonl$/, ''))).filter((n) => Number.isInteger(n));
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

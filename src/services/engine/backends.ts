/**
 * Builds the two backends and the selector between them: print mode, and ACP
 * started through the launcher (the same binary resolution, Windows launch
 * plans, environment allowlist; `cursor-agent acp` in the workspace folder,
 * never `--force`), with its support check and its bounds from the settings.
 * Pure: the process comes from the injected `startTransport`. Called by the
 * runtime (chatRuntime.ts) only: the ACP half of its wiring.
 */
import type { EditorToolsAccess } from '../../turn/editorTools';
import { AcpBackend } from '../../acp/acpBackend';
import { AcpClient } from '../../acp/client';
import type { AcpTransport } from '../../acp/transport';
import type { Clock } from '../../cli/clock';
import type { Logger } from '../../cli/logger';
import { redactSecrets } from '../../cli/redact';
import type { LaunchPlan } from '../../cli/process';
import type { WorkspaceGate } from './workspaceGate';
import { AcpSupport } from './acpSupport';
import { SettingSelector } from './backendSelector';
import type { BinaryService } from '../readiness/binaryService';
import type { Launcher } from './launcher';
import type { ChatBackend } from '../../turn/chatBackend';
import type { RunOutcome } from '../../cli/process';
import { DeferredTransport } from '../../acp/deferredTransport';
import type { PersistentStore } from '../persistentStore';
import type { RunSettings } from '../../print/printBackend';
import type { Settings } from '../settingsSchema';

export const ACP_ARGS = ['acp'];
/** `initialize` answers in 0.4–0.65 s on real CLIs (6–7 s for a whole start-up on one slow setup): the support check's deadline. */
const INITIALIZE_TIMEOUT_MS = 15_000;
/** How long a turn waits for an unfinished ACP support check before running in print mode. */
const DETECTION_WAIT_MS = 3000;

export interface BackendsDeps {
  launcher: Launcher;
  print: ChatBackend;
  /** Runs a short command (`acp --help`) as `status` and `models` run. */
  runShort(args: string[]): Promise<RunOutcome>;
  binary: BinaryService;
  settings(): Settings;
  runSettings(): RunSettings;
  startTransport(opts: {
    launch: LaunchPlan;
    cwd: string;
    env: Record<string, string>;
    killGraceMs: number;
    platform?: NodeJS.Platform;
  }): AcpTransport;
  /** Where the support check's verdicts are remembered (per binary path and version). */
  store: PersistentStore;
  logger: Logger;
  clientVersion: string;
  /** VS Code's editor tools for every ACP session (none when absent). */
  editorTools?: EditorToolsAccess;
  /** The safe-folder rule (a session is warmed only where a turn may run). */
  gate: Pick<WorkspaceGate, 'isSafe'>;
  /** The clock of every ACP deadline, idle time and detection wait (default: the real one). */
  clock?: Clock;
}

export function createBackends(deps: BackendsDeps): { selector: SettingSelector; acp: AcpBackend } {
  const { launcher, logger } = deps;
  const platform = launcher.platform as NodeJS.Platform;
  // The launch plan of the binary in use: each binary change starts a new generation, and a plan
  // resolved for an older one is never used (nor kept) after the change.
  let generation = 0;
  let plan: { generation: number; promise: Promise<LaunchPlan> } | undefined;
  let resolved: LaunchPlan | undefined;
  const currentPlan = async (): Promise<LaunchPlan> => {
    for (;;) {
      const gen = generation;
      if (plan?.generation !== gen) plan = { generation: gen, promise: launcher.resolveLaunch(ACP_ARGS) };
      const p = plan.promise;
      try {
        const r = await p;
        if (gen !== generation) continue; // the binary changed meanwhile: the new one's plan
        resolved = r;
        return r;
      } catch (err) {
        if (plan?.promise === p) plan = undefined;
        if (gen === generation) throw err;
      }
    }
  };
  // A turn's handshake is its first output: it gets the first-output deadline, at most the check's.
  const clientOptions = () => ({
    clientVersion: deps.clientVersion,
    initializeTimeoutMs: Math.min(INITIALIZE_TIMEOUT_MS, deps.runSettings().firstOutputTimeoutMs),
    setupTimeoutMs: deps.runSettings().firstOutputTimeoutMs,
    platform,
    ...(deps.editorTools ? { editorTools: deps.editorTools } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  const start = (launch: LaunchPlan, cwd: string) =>
    deps.startTransport({ launch, cwd, env: launcher.childEnv(), killGraceMs: deps.runSettings().killGraceMs, platform });
  const acp = new AcpBackend({
    // Never throws: while a new binary's plan is being resolved, the process starts once it is known.
    start: (cwd) => (resolved ? start(resolved, cwd) : new DeferredTransport(currentPlan(), (p) => start(p, cwd))),
    get client() {
      return clientOptions();
    },
    get turn() {
      const s = deps.runSettings();
      // Redacted again here: whatever a turn logs of the agent's output never reaches the log with a key in it.
      const log = (m: string) => logger.debug(redactSecrets(m));
      return {
        cancelGraceMs: s.killGraceMs,
        inactivityTimeoutMs: s.inactivityTimeoutMs,
        log,
        onNotice: (m: string) => logger.info(`[acp] ${redactSecrets(m)}`),
        ...(deps.clock ? { clock: deps.clock } : {}),
      };
    },
    logger,
    limits: () => ({ maxProcesses: deps.settings()['acp.maxProcesses'], idleMs: deps.settings()['acp.idleMinutes'] * 60_000 }),
    mayRun: (): boolean => selector.acpMayRun(),
    warmStart: () => deps.settings()['acp.warmStart'],
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  const support = new AcpSupport({
    resolve: () => deps.binary.resolve(),
    helpText: async () => (await deps.runShort([...ACP_ARGS, '--help'])).stdout,
    handshake: async () => {
      const client = new AcpClient(start(await launcher.resolveLaunch(ACP_ARGS), launcher.homeFolder()), clientOptions());
      try {
        return await client.initialize();
      } finally {
        client.dispose();
      }
    },
    store: deps.store,
    logger,
  });
  const selector: SettingSelector = new SettingSelector({
    setting: () => deps.settings().backend,
    print: deps.print,
    acp,
    support,
    readyAcp: async () => void (await currentPlan()),
    canWarm: (workspace) => deps.gate.isSafe(workspace),
    logger,
    detectionWaitMs: DETECTION_WAIT_MS,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  // A new binary: new launch plan, processes of the old one end, support checked again.
  deps.binary.onDidChange(() => {
    generation++;
    plan = undefined;
    resolved = undefined;
    selector.binaryChanged();
  });
  return { selector, acp };
}

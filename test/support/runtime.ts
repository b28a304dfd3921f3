/**
 * The extension's runtime (src/services/engine/chatRuntime.ts) over the Node adapters, as
 * src/extension.ts builds it: for the test stacks, the Windows tier and the bench. Only the
 * VS Code parts are plain objects here: the settings, the workspace and the storage.
 */
import { type Clock, systemClock } from '../../src/cli/clock';
import type { Logger } from '../../src/cli/logger';
import type { EditorToolsAccess } from '../../src/turn/editorTools';
import type { HostEnvironment, ProcessRunner } from '../../src/cli/process';
import { NodeAcpTransport } from '../../src/node/acpProcess';
import { binaryEnvironment, nodeResolveDeps } from '../../src/node/nodeHost';
import { NodeProcessRunner } from '../../src/node/nodeProcessRunner';
import type { RunSettings } from '../../src/print/printBackend';
import { ChatRuntime, createChatRuntime, RuntimeAdapters, WorkspacePort } from '../../src/services/engine/chatRuntime';
import type { Settings } from '../../src/services/settingsSchema';
import { MemoryStore } from './memoryStore';

export interface NodeRuntimeOptions {
  runner: ProcessRunner;
  host: HostEnvironment;
  logger: Logger;
  settings(): Settings;
  workspace: WorkspacePort;
  /** The test's own deadlines (absent: the extension's, from the settings). */
  runSettings?: () => RunSettings;
  /** Absent: `cursor-agent acp` through `runner`, as the extension starts it. */
  startTransport?: RuntimeAdapters['startTransport'];
  /** Absent: the real clock. A timing test passes a fake one (./fakeClock.ts). */
  clock?: Clock;
  /** The editor tools' MCP server for every ACP session (absent: none; the live kit passes one). */
  editorTools?: EditorToolsAccess;
  /** How the window's MCP servers start (absent: they never do, as in the bench). */
  servers?: RuntimeAdapters['servers'];
}

export function nodeRuntime(o: NodeRuntimeOptions): ChatRuntime {
  const runner = o.runner;
  return createChatRuntime({
    runner,
    host: o.host,
    clock: o.clock ?? systemClock,
    resolveDeps: nodeResolveDeps(runner, o.host),
    binaryEnvironment: binaryEnvironment(o.host),
    // A recording runner (the Windows tier) is no NodeProcessRunner: its ACP processes get one of their own.
    startTransport: o.startTransport ?? ((t) => new NodeAcpTransport(t, runner instanceof NodeProcessRunner ? runner : undefined)),
    logger: o.logger,
    settings: o.settings,
    workspace: o.workspace,
    stores: { workspace: new MemoryStore(), global: new MemoryStore() },
    clientVersion: '0.0.0-test',
    runSettings: o.runSettings,
    ...(o.editorTools ? { editorTools: o.editorTools } : {}),
    ...(o.servers ? { servers: o.servers } : {}),
  });
}

/** A trusted window with these folders. */
export function trustedFolders(...folders: string[]): WorkspacePort {
  return { isTrusted: () => true, folders: () => folders };
}

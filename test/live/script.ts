/**
 * The live verification kit's fixed script: the extension's own runtime
 * (src/services/engine/chatRuntime.ts over the Node adapters, as extension.ts
 * wires it, ACP chosen) drives a `cursor-agent` through a few short turns in a
 * scratch folder, in plan mode, while ./wireLog.ts records the ACP wire. The
 * prompts are fixed here (so the report can be checked free of them); the
 * fake ACP agent matches them by the `[verify:…]` tags (test/unit/live/).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Logger } from '../../src/cli/process';
import { NodeAcpTransport } from '../../src/node/acpProcess';
import { nodeHostEnvironment } from '../../src/node/nodeHost';
import { NodeProcessRunner } from '../../src/node/nodeProcessRunner';
import type { ChatRuntime } from '../../src/services/engine/chatRuntime';
import { DEFAULT_SETTINGS } from '../../src/services/settingsSchema';
import type { BackendTurnOutcome, BackendTurnRequest, ChatBackend } from '../../src/turn/chatBackend';
import { startEditorToolsServer } from '../../src/node/editorToolsServer';
import { EDITOR_TOOL_NAMES, type EditorToolHandlers } from '../../src/turn/editorTools';
import { makePng } from '../fixtures/images';
import { nodeRuntime } from '../support/runtime';
import { WireLog } from './wireLog';

export const PROMPTS = {
  plain: '[verify:plain] Reply with one short sentence: what is 2 + 2?',
  plan: '[verify:plan] Plan adding a one-line README to this folder. Ask me one multiple-choice question first, then write the plan with to-dos.',
  image: '[verify:image] In one sentence: what are the size and colour of the attached image?',
  cancel: '[verify:cancel] Count slowly from 1 to 200, one number per line.',
  model: '[verify:model] Reply with the word ok.',
  tools: '[verify:tools] Use the diagnostics tool to list the problems in this workspace, then say how many there are.',
  load: '[verify:load] What did I ask you in my previous message? One sentence.',
} as const;

/** A model id no CLI lists: the turn must be refused before it starts (never saved as the CLI default). */
export const REFUSED_MODEL = 'verify-live-no-such-model[fast=true]';

export type StepName = 'plain' | 'plan' | 'image' | 'cancel' | 'model' | 'load' | 'print' | 'editorTools';

export interface StepResult {
  ran: boolean;
  /** Why a step did not run, or how it failed (our words, never the agent's). */
  note?: string;
  ok?: boolean;
  cancelled?: boolean;
  errorKind?: string;
  errorMessage?: string;
  sessionId?: string;
  hadUsage?: boolean;
  startedAt?: number;
  firstTextAt?: number;
  endedAt?: number;
  /** Events the backend reported (their types only) and notices (counted). */
  eventTypes: string[];
  notices: number;
}

export interface ScriptRun {
  wire: WireLog;
  steps: Partial<Record<StepName, StepResult>>;
  /** Every session id the run saw (to be kept out of the report). */
  sessionIds: Set<string>;
  /** The editor tools' server as offered to every session, and the tool calls that reached it. */
  editorTools?: { name: string; token: string; toolCalls: number };
}

export interface ScriptOptions {
  /** `cursorAgent.path` (empty: PATH and the known install places). */
  binPath: string;
  /** Longest a step may take before it is given up on (ms). */
  stepTimeoutMs: number;
  logger: Logger;
  onProgress?: (line: string) => void;
}

const cancellation = () => {
  let requested = false;
  const listeners: Array<() => void> = [];
  return {
    token: {
      get isCancellationRequested() {
        return requested;
      },
      onCancellationRequested(l: () => void) {
        listeners.push(l);
        return { dispose: () => void listeners.splice(listeners.indexOf(l) >>> 0, 1) };
      },
    },
    cancel() {
      requested = true;
      for (const l of [...listeners]) l();
    },
  };
};

export async function runScript(opts: ScriptOptions): Promise<ScriptRun> {
  const wire = new WireLog();
  const run: ScriptRun = { wire, steps: {}, sessionIds: new Set() };
  const runner = new NodeProcessRunner(opts.logger);
  const host = nodeHostEnvironment(process.env, process.platform);
  const workspace = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'verify-live-'));
  const runtimes: ChatRuntime[] = [];
  // VS Code's editor tools without VS Code: the extension's own MCP server, its handlers answering "no problems".
  const handlers = Object.fromEntries(
    EDITOR_TOOL_NAMES.map((t) => [t, async () => ({ total: 0, diagnostics: [] })]),
  ) as unknown as EditorToolHandlers;
  const tools = await startEditorToolsServer({ handlers, version: 'verify-live' });
  const token = tools
    .spec()
    .headers.map((h) => h.value.replace(/^Bearer\s+/i, ''))
    .join(' ');
  run.editorTools = { name: tools.name, token, toolCalls: 0 };
  const editorTools = { servers: async () => [tools.spec()], serverName: () => tools.name };
  const newRuntime = async (): Promise<ChatRuntime> => {
    const user = { ...DEFAULT_SETTINGS, backend: 'acp' as const, path: opts.binPath };
    const rt = nodeRuntime({
      runner,
      host,
      logger: opts.logger,
      settings: () => user,
      workspace: { isTrusted: () => true, folders: () => [workspace] },
      startTransport: (t) => wire.tap(new NodeAcpTransport(t, runner)),
      editorTools,
    });
    runtimes.push(rt);
    await rt.selector.current();
    return rt;
  };
  const step = async (
    name: StepName,
    backend: ChatBackend,
    req: Omit<BackendTurnRequest, 'workspace' | 'onEvent'>,
    during?: (r: StepResult) => void,
  ) => {
    opts.onProgress?.(`verify:live: ${name}…`);
    const r: StepResult = { ran: true, eventTypes: [], notices: 0, startedAt: Date.now() };
    run.steps[name] = r;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), opts.stepTimeoutMs)));
    const outcome: BackendTurnOutcome | 'timeout' = await Promise.race([
      backend.runTurn({
        ...req,
        workspace,
        onEvent: (e) => {
          if (!r.eventTypes.includes(e.type)) r.eventTypes.push(e.type);
          if (e.type === 'text' && r.firstTextAt === undefined) {
            r.firstTextAt = Date.now();
            during?.(r);
          }
        },
        onNotice: () => void r.notices++,
      }),
      timeout,
    ]);
    clearTimeout(timer);
    r.endedAt = Date.now();
    if (outcome === 'timeout') {
      r.note = `gave up after ${opts.stepTimeoutMs / 1000} s`;
      return r;
    }
    r.ok = outcome.ok;
    if (outcome.sessionId) {
      r.sessionId = outcome.sessionId;
      run.sessionIds.add(outcome.sessionId);
    }
    if (outcome.ok) {
      r.cancelled = outcome.cancelled;
      r.hadUsage = outcome.usage !== undefined;
    } else {
      r.errorKind = outcome.error.kind;
      r.errorMessage = outcome.error.message;
    }
    return r;
  };
  try {
    const first = await newRuntime();
    first.acp.prepare(workspace, 'plan');
    const plain = await step('plain', first.acp, { mode: 'plan', prompt: PROMPTS.plain });
    await step('plan', first.acp, { mode: 'plan', prompt: PROMPTS.plan });
    const before = tools.stats.toolCalls;
    await step('editorTools', first.acp, { mode: 'plan', prompt: PROMPTS.tools });
    run.editorTools.toolCalls = tools.stats.toolCalls - before;
    const png = makePng(8, 8).toString('base64');
    await step('image', first.acp, { mode: 'plan', prompt: PROMPTS.image, images: [{ mimeType: 'image/png', data: png }] });
    const c = cancellation();
    await step('cancel', first.acp, { mode: 'plan', prompt: PROMPTS.cancel, cancellation: c.token }, () => c.cancel());
    await step('model', first.acp, { mode: 'plan', prompt: PROMPTS.model, model: REFUSED_MODEL });
    // A restart: every process of the first runtime ends; a new one loads the first chat's session.
    first.acp.dispose();
    const second = await newRuntime();
    if (plain.sessionId) await step('load', second.acp, { mode: 'plan', prompt: PROMPTS.load, resumeId: plain.sessionId });
    else run.steps.load = { ran: false, note: 'the first turn gave no session to load', eventTypes: [], notices: 0 };
    await step('print', second.agent.print, { mode: 'plan', prompt: PROMPTS.plain });
  } finally {
    for (const rt of runtimes) {
      rt.acp.dispose();
      rt.agent.print.dispose();
      for (const d of rt.disposables) d.dispose();
    }
    runner.dispose();
    await tools.close();
    fs.rmSync(workspace, { recursive: true, force: true });
  }
  for (const r of wire.records) {
    const sid = (r.msg.params as { sessionId?: unknown } | undefined)?.sessionId ?? (r.msg.result as { sessionId?: unknown } | undefined)?.sessionId;
    if (typeof sid === 'string') run.sessionIds.add(sid);
  }
  return run;
}

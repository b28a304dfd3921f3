/**
 * Just enough of the `vscode` module to run the real chat participant
 * (src/vscode/chat/participant.ts) and language model provider
 * (src/vscode/lm/lmProvider.ts) in plain Node: for fast plain-mocha unit tests
 * (with test/support/fakeProcessRunner.ts or a fake CLI) and for benchmark 5.
 * It stands in for the editor only: the code tested or measured (prompt
 * planning, the agent service, the runner, the CLI) is the extension's own.
 * `installVscodeShim()` makes `require('vscode')` return it; the unit tier installs it once for every test
 * (test/support/vscodeShimHooks.ts, loaded by .mocharc.js) and `resetVscodeShim()` gives each test a fresh state.
 */
import * as path from 'node:path';
import Module = require('node:module');

type Listener<T> = (value: T) => void;

export class EventEmitter<T> {
  private readonly listeners = new Set<Listener<T>>();
  readonly event = (listener: Listener<T>) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };
  fire(value: T): void {
    for (const l of [...this.listeners]) l(value);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

export class Disposable {
  constructor(private readonly fn: () => void) {}
  dispose(): void {
    this.fn();
  }
}

export class Uri {
  /** What `parse` was given (a URL reads back as written). */
  private raw?: string;
  private constructor(
    readonly scheme: string,
    readonly fsPath: string,
  ) {}
  get path(): string {
    return this.fsPath;
  }
  static file(p: string): Uri {
    return new Uri('file', p);
  }
  static parse(s: string): Uri {
    const [, scheme, rest] = /^([a-z][\w+.-]*):(.*)$/i.exec(s) ?? [];
    const u = scheme !== undefined && rest !== undefined ? new Uri(scheme, rest) : new Uri('file', s);
    u.raw = s;
    return u;
  }
  static joinPath(base: Uri, ...parts: string[]): Uri {
    return new Uri(base.scheme, path.join(base.fsPath, ...parts));
  }
  toString(): string {
    return this.raw ?? `${this.scheme}://${this.fsPath}`;
  }
}

/** What VS Code throws when a tool call (the question carousel) ends without a result. */
export class CancellationError extends Error {
  override name = 'Canceled';
}
export class CancellationTokenSource {
  private readonly cancelled = new EventEmitter<void>();
  readonly token = { isCancellationRequested: false, onCancellationRequested: (l: () => void) => this.cancelled.event(l) };
  cancel(): void {
    if (this.token.isCancellationRequested) return;
    this.token.isCancellationRequested = true;
    this.cancelled.fire();
  }
  dispose(): void {}
}

export class LanguageModelTextPart {
  constructor(readonly value: string) {}
}
export class LanguageModelToolResultPart {
  constructor(
    readonly callId: string,
    readonly content: unknown[],
  ) {}
}
export enum LanguageModelChatMessageRole {
  User = 1,
  Assistant = 2,
}
export class LanguageModelError extends Error {
  constructor(
    message?: string,
    readonly code = 'Unknown',
  ) {
    super(message);
  }
  static NoPermissions(m?: string): LanguageModelError {
    return new LanguageModelError(m, 'NoPermissions');
  }
  static Blocked(m?: string): LanguageModelError {
    return new LanguageModelError(m, 'Blocked');
  }
  static NotFound(m?: string): LanguageModelError {
    return new LanguageModelError(m, 'NotFound');
  }
}

export class ChatRequestTurn {
  readonly references: unknown[] = [];
  readonly toolReferences: unknown[] = [];
  constructor(
    readonly prompt: string,
    readonly command: string | undefined,
    readonly participant = 'cursor-agent.cursor',
  ) {}
}
export class ChatResponseMarkdownPart {
  readonly value: { value: string };
  constructor(value: string) {
    this.value = { value };
  }
}
export class ChatResponseTurn {
  constructor(
    readonly response: unknown[],
    readonly result: { metadata?: unknown; errorDetails?: unknown },
    readonly participant = 'cursor-agent.cursor',
    readonly command?: string,
  ) {}
}
export class Location {
  constructor(
    readonly uri: Uri,
    readonly range: unknown,
  ) {}
}
export class McpHttpServerDefinition {
  constructor(
    readonly label: string,
    public uri: Uri,
    public headers: Record<string, string> = {},
    public version?: string,
  ) {}
}
export class ThemeColor {
  constructor(readonly id: string) {}
}
export class MarkdownString {
  isTrusted: boolean | { enabledCommands: string[] } | undefined;
  constructor(
    readonly value: string,
    readonly supportThemeIcons = false,
  ) {}
}
/** What `window.createStatusBarItem` returns: the fields the extension sets. */
export interface StatusBarItemLike {
  text?: string;
  tooltip?: MarkdownString | string;
  backgroundColor?: ThemeColor;
  command?: unknown;
  show(): void;
  hide(): void;
  dispose(): void;
}
export const FileType = { Unknown: 0, File: 1, Directory: 2, SymbolicLink: 64 };

export interface ShimState {
  workspaceFolder: string;
  /** The handler registered by registerChatParticipant. */
  participantHandler?: (...args: unknown[]) => Promise<unknown>;
  /** Folders open after `workspaceFolder` (a multi-root window). */
  moreFolders?: string[];
  /** Every `window.createTerminal` call's options, oldest first. */
  terminals?: Array<Record<string, unknown>>;
  /** Listeners of `window.onDidCloseTerminal` (fire one of the terminals `createTerminal` returned to close it). */
  terminalCloseListeners?: EventEmitter<unknown>;
  /** What `env.clipboard.writeText` was last given. */
  clipboard?: string;
  /** Every information/warning/error message shown, oldest first. */
  messages?: Array<{ level: 'info' | 'warning' | 'error'; text: string }>;
  /** Commands registered with `commands.registerCommand`. */
  commands?: Map<string, (...args: unknown[]) => unknown>;
  /** Every `commands.executeCommand` call's arguments, oldest first. */
  executed?: unknown[][];
  /** What `window.showQuickPick` picks from the items it is shown (default: nothing, as Escape); the items are kept in `quickPicks`. */
  pickFrom?: (items: readonly unknown[]) => unknown;
  quickPicks?: unknown[][];
  /** VS Code's own command ids that `commands.getCommands` lists (beside the registered ones). */
  workbenchCommands?: string[];
  /** Settings by full key (`chat.defaultToCopilotHarness`), read by `workspace.getConfiguration(section).get(key)`. */
  settings?: Record<string, unknown>;
  /** Every `getConfiguration(section).update(key, value, target)`, as `[full key, value, target]`. */
  settingUpdates?: unknown[][];
  /** The button a shown message returns (given its text and buttons; default: none, as a dismissed message). */
  replyTo?: (text: string, items: readonly unknown[]) => unknown;
  /** Listeners of `workspace.onDidChangeConfiguration`. */
  configListeners?: Array<(e: { affectsConfiguration(key: string): boolean }) => void>;
  /** MCP server definition providers registered with `lm.registerMcpServerDefinitionProvider`, by id. */
  mcpProviders?: Map<string, unknown>;
  /** What `lm.selectChatModels({ vendor: 'copilot' })` finds (a signed-in Copilot has models); none by default. */
  copilotModels?: Array<{ vendor: string; id: string }>;
  /** Listeners of `lm.onDidChangeChatModels`. */
  chatModelListeners?: EventEmitter<void>;
  /** Listeners of `workspace.onDidGrantWorkspaceTrust` and `onDidChangeWorkspaceFolders`. */
  trustListeners?: EventEmitter<void>;
  folderListeners?: EventEmitter<unknown>;
  /** What `lm.invokeTool` does (VS Code's own tools: the question carousel, the to-do list); unset, it throws as for an unknown tool. */
  invokeTool?: (name: string, options: unknown, token: unknown) => Promise<{ content: unknown[] }>;
  /** Every `window.createStatusBarItem` result, oldest first. */
  statusBarItems?: StatusBarItemLike[];
}
export const shimState: ShimState = { workspaceFolder: process.cwd() };

const folder = () => ({ uri: Uri.file(shimState.workspaceFolder), name: path.basename(shimState.workspaceFolder), index: 0 });
const folderAt = (p: string, index: number) => ({ uri: Uri.file(p), name: path.basename(p), index });
const message =
  (level: 'info' | 'warning' | 'error') =>
  async (text: string, ...items: unknown[]): Promise<unknown> => {
    (shimState.messages ??= []).push({ level, text });
    return shimState.replyTo?.(text, items);
  };

export const vscodeShim = {
  EventEmitter,
  Disposable,
  Uri,
  CancellationError,
  CancellationTokenSource,
  LanguageModelTextPart,
  LanguageModelToolResultPart,
  LanguageModelChatMessageRole,
  LanguageModelError,
  ChatRequestTurn,
  ChatResponseTurn,
  ChatResponseMarkdownPart,
  Location,
  McpHttpServerDefinition,
  ThemeColor,
  MarkdownString,
  StatusBarAlignment: { Left: 1, Right: 2 },
  FileType,
  l10n: { t: (s: string, ...args: unknown[]) => s.replace(/\{(\d+)\}/g, (_m, i: string) => String(args[Number(i)])) },
  env: {
    remoteName: undefined as string | undefined,
    clipboard: { writeText: async (text: string): Promise<void> => void (shimState.clipboard = text) },
  },
  window: {
    activeTextEditor: undefined,
    createTerminal(options: Record<string, unknown>) {
      (shimState.terminals ??= []).push(options);
      return { name: options.name, creationOptions: options, show: () => undefined, dispose: () => undefined };
    },
    onDidCloseTerminal: (l: (t: unknown) => void) => (shimState.terminalCloseListeners ??= new EventEmitter<unknown>()).event(l),
    createStatusBarItem(): StatusBarItemLike {
      const item: StatusBarItemLike = { show: () => undefined, hide: () => undefined, dispose: () => undefined };
      (shimState.statusBarItems ??= []).push(item);
      return item;
    },
    showInformationMessage: message('info'),
    showWarningMessage: message('warning'),
    showErrorMessage: message('error'),
    async showQuickPick(items: readonly unknown[]): Promise<unknown> {
      (shimState.quickPicks ??= []).push([...items]);
      return shimState.pickFrom?.(items);
    },
    withProgress: <T>(_options: unknown, task: () => Promise<T>): Promise<T> => task(),
  },
  ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
  ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
  commands: {
    executeCommand: async (...args: unknown[]): Promise<unknown> => void (shimState.executed ??= []).push(args),
    getCommands: async (): Promise<string[]> => [...(shimState.workbenchCommands ?? []), ...(shimState.commands?.keys() ?? [])],
    registerCommand(id: string, fn: (...args: unknown[]) => unknown) {
      (shimState.commands ??= new Map()).set(id, fn);
      return new Disposable(() => shimState.commands?.delete(id));
    },
  },
  lm: {
    selectChatModels: async (selector: { vendor?: string } = {}) =>
      (shimState.copilotModels ?? []).filter((m) => selector.vendor === undefined || m.vendor === selector.vendor),
    invokeTool: async (name: string, options: unknown, token: unknown) => {
      if (!shimState.invokeTool) throw new Error(`Tool ${name} was not contributed`);
      return shimState.invokeTool(name, options, token);
    },
    onDidChangeChatModels: (l: () => void) => (shimState.chatModelListeners ??= new EventEmitter<void>()).event(l),
    registerMcpServerDefinitionProvider(id: string, provider: unknown) {
      (shimState.mcpProviders ??= new Map()).set(id, provider);
      return new Disposable(() => shimState.mcpProviders?.delete(id));
    },
  },
  workspace: {
    isTrusted: true,
    onDidGrantWorkspaceTrust: (l: () => void) => (shimState.trustListeners ??= new EventEmitter<void>()).event(l),
    onDidChangeWorkspaceFolders: (l: (e: unknown) => void) => (shimState.folderListeners ??= new EventEmitter<unknown>()).event(l),
    get workspaceFolders() {
      return [folder(), ...(shimState.moreFolders ?? []).map((p, i) => folderAt(p, i + 1))];
    },
    getWorkspaceFolder: () => folder(),
    getConfiguration: (section: string) => ({
      get: (key: string) => shimState.settings?.[`${section}.${key}`],
      update: async (key: string, value: unknown, target: unknown) => {
        (shimState.settingUpdates ??= []).push([`${section}.${key}`, value, target]);
        (shimState.settings ??= {})[`${section}.${key}`] = value;
      },
    }),
    onDidChangeConfiguration(listener: (e: { affectsConfiguration(key: string): boolean }) => void) {
      (shimState.configListeners ??= []).push(listener);
      return new Disposable(() => undefined);
    },
    asRelativePath: (p: Uri | string) => path.relative(shimState.workspaceFolder, typeof p === 'string' ? p : p.fsPath),
  },
  chat: {
    createChatParticipant(_id: string, handler: (...args: unknown[]) => Promise<unknown>) {
      shimState.participantHandler = handler;
      return { iconPath: undefined as unknown, followupProvider: undefined as unknown, dispose: () => undefined };
    },
  },
};

let installed = false;
/** Makes `require('vscode')` return the shim from now on. */
export function installVscodeShim(): void {
  if (installed) return;
  installed = true;
  const M = Module as unknown as { _load(request: string, parent: unknown, isMain: boolean): unknown };
  const original = M._load;
  M._load = function (request: string, parent: unknown, isMain: boolean): unknown {
    if (request === 'vscode') return vscodeShim;
    return original.call(this, request, parent, isMain);
  };
}

/** Back to the state of a fresh install: no recorded calls, no registrations, the default folder, a trusted local workspace. */
export function resetVscodeShim(): void {
  for (const key of Object.keys(shimState) as Array<keyof ShimState>) if (key !== 'workspaceFolder') delete shimState[key];
  shimState.workspaceFolder = process.cwd();
  vscodeShim.workspace.isTrusted = true;
  vscodeShim.env.remoteName = undefined;
}

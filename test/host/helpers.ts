// Shared helpers for the extension-host tests (test/host/suite-*/*.test.ts).
// Everything here runs inside the real extension host started by test/host/run.ts.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { CursorAgentApi } from '../../src/extension';
import { hidesParticipantReferences } from '../../src/services/chatUi/vscodeVersion';
import { createFakeCli, FAKE_NARRATION, FakeCli, Invocation } from '../fixtures/fakeCli';
import { cursorLogFile } from '../support/extensionLogs';
import { sleep } from '../support/waits';

export const EXTENSION_ID = 'cursor-vscode-chat.cursor-agent-vscode';
export const PARTICIPANT_ID = 'cursor-agent.cursor';
export const VENDOR = 'cursor';

/** The minor version of the VS Code the host runs in (1.X → X): the host tier runs on more than one. */
export function vscodeMinor(): number {
  return Number(/^1\.(\d+)\./.exec(vscode.version)?.[1] ?? 0);
}

/**
 * VS Code 1.133 and newer pass a caller's cancellation of a `vscode.lm` request on to the
 * provider (1.110–1.117 do not; no code-server exists for the versions between).
 */
export function lmForwardsCancellation(): boolean {
  return vscodeMinor() >= 133;
}

export function env(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set (not run by test/host/run.ts?)`);
  return v;
}

export function workspacePath(): string {
  return env('CURSOR_AGENT_TEST_WORKSPACE');
}

/**
 * The cursor-agent the extension should use when the user has set nothing special: the fake
 * found on PATH as ~/.local/bin/cursor-agent (most suites), or the Machine setting's value.
 */
export function userBinary(): string {
  return env('CURSOR_AGENT_TEST_USER_BINARY');
}

/** True when the suite leaves cursorAgent.path empty and the fake is found on PATH. */
export function binaryFoundOnPath(): boolean {
  return userBinary() !== env('CURSOR_AGENT_TEST_FAKE_BIN');
}

let fakeCli: FakeCli | undefined;
/** The suite's fake cursor-agent (the one Machine settings point cursorAgent.path at). */
export function fake(): FakeCli {
  if (!fakeCli) {
    fakeCli = createFakeCli({ dir: env('CURSOR_AGENT_TEST_FAKE_DIR') });
    if (fakeCli.binPath !== env('CURSOR_AGENT_TEST_FAKE_BIN'))
      throw new Error(`fake binPath ${fakeCli.binPath} is not ${env('CURSOR_AGENT_TEST_FAKE_BIN')}`);
  }
  return fakeCli;
}

export async function activateApi(): Promise<CursorAgentApi> {
  const ext = vscode.extensions.getExtension<CursorAgentApi>(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} not found`);
  return ext.activate();
}

// The suites take their pause from here.
export { sleep };

/** Polls `fn` until it returns a truthy value; throws `what` with the last value after `timeoutMs`. */
export async function waitFor<T>(what: string, fn: () => T | Promise<T>, timeoutMs = 10_000, everyMs = 50): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await fn();
    if (last) return last as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${JSON.stringify(last)})`);
    await sleep(everyMs);
  }
}

/** Invocations of the fake recorded after `since` (a count from an earlier `fake().invocations().length`). */
export function invocationsSince(since: number): Invocation[] {
  return fake().invocations().slice(since);
}

export function isTurn(inv: Invocation): boolean {
  return inv.argv.includes('-p') || inv.argv.includes('--print');
}

/** The value following `flag` in argv, or undefined. */
export function argValue(argv: string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** The answer (result.result) of the fake's default turn: its narration stretch, then the answer (see runTurn in fake-cursor-agent.js). */
export function fakeAnswer(model: string, prompt: string, resumed = false): string {
  return FAKE_NARRATION + fakeAnswerOnly(model, prompt, resumed);
}

/**
 * What the chat panel shows for the fake's default turn: the narration, a paragraph break
 * (@cursor starts a new paragraph for text after a tool call), then the answer.
 */
export function fakeRendered(model: string, prompt: string, resumed = false): string {
  return `${FAKE_NARRATION}\n\n${fakeAnswerOnly(model, prompt, resumed)}`;
}

/** The answer stretch alone (after the tool call), without the narration before it. */
export function fakeAnswerOnly(model: string, prompt: string, resumed = false): string {
  const lines = prompt
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const last = Array.from(lines.at(-1) ?? '')
    .slice(0, 80)
    .join('');
  return `Demo answer from ${model}: you asked "${last}".${resumed ? ' (resumed)' : ''}`;
}

/** Chat ids the fake has issued (its sessions/ folder). */
export function fakeSessions(): string[] {
  const dir = path.join(fake().dir, 'sessions');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** Our models, once the workbench lists them (the first auth probe runs after activation). */
export async function cursorModels(timeoutMs = 15_000): Promise<vscode.LanguageModelChat[]> {
  return waitFor(
    'the Cursor models in vscode.lm',
    async () => {
      const models = await vscode.lm.selectChatModels({ vendor: VENDOR });
      return models.length > 0 ? models : undefined;
    },
    timeoutMs,
    200,
  );
}

export async function cursorModel(id: string): Promise<vscode.LanguageModelChat> {
  const models = await cursorModels();
  const m = models.find((x) => x.id === id);
  if (!m) throw new Error(`no Cursor model ${id} among ${models.map((x) => x.id).join(', ')}`);
  return m;
}

/** Sends a request and collects the streamed text parts, in order. */
export async function collectText(response: vscode.LanguageModelChatResponse): Promise<string[]> {
  const parts: string[] = [];
  for await (const t of response.text) parts.push(t);
  return parts;
}

/** What `workbench.action.chat.open` with `blockOnResponse` returns: the participant's ChatResult. */
export interface ChatOpenResult {
  errorDetails?: { message: string };
  metadata?: Record<string, unknown>;
  type?: string;
}

/** What a `#file` pick adds to the chat input: a file or folder, or a range of one. */
export type ChatAttachment = vscode.Uri | { uri: vscode.Uri; range: vscode.Range };

/** Sends `query` to the chat panel as a user would (with `attachFiles` attached first), and waits for the turn to end. */
export async function chatRequest(
  query: string,
  opts: { attachFiles?: ChatAttachment[]; modelSelector?: vscode.LanguageModelChatSelector } = {},
): Promise<ChatOpenResult | undefined> {
  return vscode.commands.executeCommand<ChatOpenResult | undefined>('workbench.action.chat.open', { query, blockOnResponse: true, ...opts });
}

/**
 * What the chat panel holds as the last answer: exactly what the participant sent to
 * `stream.markdown`, as VS Code's "Copy All" (the chat view's own text of the conversation,
 * `User: …` / `Cursor: …`) puts it on the clipboard, without the usage line that ends a
 * finished answer. Not the participant's own record of it.
 */
export async function renderedAnswer(): Promise<string> {
  const sentinel = `nothing-copied-${Date.now()}`;
  await vscode.env.clipboard.writeText(sentinel);
  await vscode.commands.executeCommand('workbench.action.chat.copyAll');
  const all = await vscode.env.clipboard.readText();
  if (all === sentinel) throw new Error('"Copy All" copied nothing (no conversation in the chat panel?)');
  const marker = 'Cursor: ';
  const at = all.startsWith(marker) ? 0 : all.lastIndexOf(`\n${marker}`) + 1;
  if (at <= 0 && !all.startsWith(marker)) throw new Error(`no Cursor answer in the chat panel: ${JSON.stringify(all)}`);
  // "Copy All" also copies the labels of the buttons under an answer (Show Logs, Log In,
  // Continue in Terminal, …; seen on 1.110 and 1.139): they are buttons, not what the participant
  // sent to stream.markdown. Under them: the context warning (near the limit), then the usage line.
  const answer = all
    .slice(at + marker.length)
    .replace(/\s+$/, '')
    .replace(BUTTON_LINES, '')
    .replace(/\n\n[^\n]*% full: start a new chat[^\n]*$/, '')
    // The usage line ("*Model · N input · M output tokens · K cached · Nk of Mk context*").
    .replace(/\n\n\*[^\n]* output tokens?[^\n]*\*$/, '');
  // Where VS Code hides a participant's references (1.110), @cursor lists the files read in a
  // "Read: …" line instead, before the usage line: like the references list on newer VS Code,
  // it is not part of the answer.
  return hidesParticipantReferences(vscode.version) ? answer.replace(/\n\nRead: [^\n]*$/, '') : answer;
}

/** Trailing lines that are exactly the titles of the buttons @cursor puts under an answer (src/vscode/chat/errorActions.ts). */
const BUTTON_LINES =
  /(?:\n+(?:How to Install|Open Settings|Select Binary…|Log In|Unlock Keychain|Switch Model|Show Logs|Manage Workspace Trust|Continue in Terminal|New Chat|Open Plan|Build with Agent|Build in Terminal))+$/;

/** The titles of the buttons @cursor can put under an answer (src/vscode/chat/errorActions.ts, src/vscode/chat/continuity.ts). */
const FOOTER_BUTTONS = [
  'How to Install',
  'Open Settings',
  'Select Binary…',
  'Log In',
  'Unlock Keychain',
  'Switch Model',
  'Show Logs',
  'Manage Workspace Trust',
  'Continue in Terminal',
  'New Chat',
  'Open Plan',
  'Build with Agent',
  'Build in Terminal',
];

/** What the chat panel shows under the last answer (what renderedAnswer() leaves out). */
export interface RenderedFooter {
  /** The usage line, without its emphasis: `Auto · 5,093 input · 16 output tokens · 4,096 cached`. */
  usage?: string;
  /** The context warning sentence (without its warning icon). */
  warning?: string;
  /** The titles of the buttons under the answer, in order. */
  buttons: string[];
}

/**
 * The footer of the last answer in the chat panel, read from VS Code's "Copy All" like
 * renderedAnswer(): the buttons' titles (the last lines), above them the context warning, above
 * it the usage line. Whatever it does not recognise stays out of the footer.
 */
export async function renderedFooter(): Promise<RenderedFooter> {
  const sentinel = `nothing-copied-${Date.now()}`;
  await vscode.env.clipboard.writeText(sentinel);
  await vscode.commands.executeCommand('workbench.action.chat.copyAll');
  const all = await vscode.env.clipboard.readText();
  if (all === sentinel) throw new Error('"Copy All" copied nothing (no conversation in the chat panel?)');
  const at = all.startsWith('Cursor: ') ? 0 : all.lastIndexOf('\nCursor: ') + 1;
  if (at <= 0 && !all.startsWith('Cursor: ')) throw new Error(`no Cursor answer in the chat panel: ${JSON.stringify(all)}`);
  let rest = all.slice(at).replace(/\s+$/, '');
  const footer: RenderedFooter = { buttons: [] };
  for (let button = /\n+([^\n]+)$/.exec(rest); button && FOOTER_BUTTONS.includes(button[1]!.trim()); button = /\n+([^\n]+)$/.exec(rest)) {
    footer.buttons.unshift(button[1]!.trim());
    rest = rest.slice(0, button.index);
  }
  const warning = /\n\n(?:\$\(warning\)\s*)?([^\n]*% full: start a new chat[^\n]*)$/.exec(rest);
  if (warning) {
    footer.warning = warning[1]!.trim();
    rest = rest.slice(0, warning.index);
  }
  const usage = /\n\n\*([^\n]* output tokens?[^\n]*)\*$/.exec(rest);
  if (usage) footer.usage = usage[1];
  return footer;
}

/** Starts a new, empty chat in the panel (so the next request has no history). */
export async function newChat(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.chat.newChat');
}

/** The extension's own log (the "Cursor" output channel's file in the server's logs folder). */
export function extensionLogFile(): string | undefined {
  return cursorLogFile({ userDataDir: env('CURSOR_AGENT_TEST_USER_DATA_DIR'), extensionId: EXTENSION_ID });
}

/** The extension log's text (empty when not written yet). */
export function extensionLog(): string {
  const file = extensionLogFile();
  return file ? fs.readFileSync(file, 'utf8') : '';
}

/** `[error]` lines the extension logged after `fromOffset` (a length of an earlier extensionLog()). */
export function extensionErrorsSince(fromOffset: number): string[] {
  return extensionLog()
    .slice(fromOffset)
    .split('\n')
    .filter((l) => /\[error\]/.test(l));
}

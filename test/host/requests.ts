// Helpers of the faults suite: the fake CLI, one request through each surface
// (the language model API and the @cursor participant), and the extension's logs.
// The basics (env, fake, waitFor, …) come from ../helpers, shared with the other suites.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { CliErrorKind } from '../../src/cli/errors';
import type { FakeCli, FakeScenario, Invocation } from '../fixtures/fakeCli';
import { shownText } from '../fixtures/userTexts';
import { extHostLogDirs } from '../support/extensionLogs';
import { env, EXTENSION_ID, extensionLog, fake, fakeAnswer, fakeRendered, isTurn, renderedAnswer, sleep, waitFor } from './helpers';

export { env, EXTENSION_ID, fake, fakeAnswer, fakeRendered, isTurn, renderedAnswer, sleep, waitFor };

/** The extension's kill grace period (SIGTERM → SIGKILL) is 2 s: everything must be gone within this. */
export const GONE_WITHIN_MS = 3000;

export function setScenario(s: FakeScenario): void {
  fake().setScenario(s);
}

/** `-p` runs recorded after `since` (an earlier `fake().invocations().length`). */
export function turnsSince(since: number, f: FakeCli = fake()): Invocation[] {
  return f.invocations().slice(since).filter(isTurn);
}

/** Waits until the turn's process has read its prompt (it is running, past stdin). */
export function turnRunning(since: number, f: FakeCli = fake()): Promise<Invocation> {
  return waitFor('the turn to start and read its prompt', () => turnsSince(since, f).find((i) => i.stdin !== null), 10_000);
}

/** Every process the fake(s) started (turns, probes, wrappers, grandchildren) is gone within the grace period. */
export async function assertAllGone(label: string, fakes: FakeCli[] = [fake()]): Promise<number> {
  const t0 = Date.now();
  try {
    await waitFor(`every cursor-agent process to be gone (${label})`, () => fakes.every((f) => f.livePids().length === 0), GONE_WITHIN_MS);
  } catch (err) {
    const left = fakes.flatMap((f) => f.pids().filter((p) => f.livePids().includes(p.pid)));
    throw new Error(`${(err as Error).message}; still alive: ${JSON.stringify(left)}`);
  }
  return Date.now() - t0;
}

/**
 * What the user is told for `kind` without details (message and fix, as the LM error and the chat
 * error show it), as the requirement words it (test/fixtures/userTexts.ts), never from the product's
 * describeError. A case with details writes its whole text out.
 */
export function userMessage(kind: CliErrorKind): string {
  return shownText(kind);
}

// ---------------------------------------------------------------- language model API

export async function cursorModel(id = 'auto', timeoutMs = 15_000): Promise<vscode.LanguageModelChat> {
  return waitFor(
    `the Cursor model ${id} in vscode.lm`,
    async () => (await vscode.lm.selectChatModels({ vendor: 'cursor' })).find((m) => m.id === id),
    timeoutMs,
    100,
  );
}

export interface LmOutcome {
  parts: string[];
  text: string;
  /** What sendRequest or the text stream threw. */
  error?: unknown;
  ms: number;
}

/** One request through vscode.lm: the streamed parts and whatever was thrown, never throws itself. */
export async function lmRequest(
  prompt: string,
  opts: { model?: string; token?: vscode.CancellationToken; onPart?: (part: string, parts: string[]) => void } = {},
): Promise<LmOutcome> {
  const model = await cursorModel(opts.model ?? 'auto');
  const parts: string[] = [];
  const t0 = Date.now();
  try {
    const response = await model.sendRequest(
      [vscode.LanguageModelChatMessage.User(prompt)],
      {},
      opts.token ?? new vscode.CancellationTokenSource().token,
    );
    for await (const t of response.text) {
      parts.push(t);
      opts.onPart?.(t, parts);
    }
    return { parts, text: parts.join(''), ms: Date.now() - t0 };
  } catch (error) {
    return { parts, text: parts.join(''), error, ms: Date.now() - t0 };
  }
}

function describeThrown(e: unknown): string {
  if (e instanceof Error) return `${e.constructor.name}(${(e as { code?: string }).code ?? ''}): ${e.message}`;
  return String(e);
}

/** The request failed with a vscode.LanguageModelError carrying exactly `message` (and `code`). */
export function assertLmError(o: LmOutcome, message: string, code: string): void {
  assert.ok(o.error !== undefined, `expected a LanguageModelError, got an answer: ${JSON.stringify(o.text)}`);
  assert.ok(o.error instanceof vscode.LanguageModelError, `expected a LanguageModelError, got ${describeThrown(o.error)}`);
  assert.strictEqual(o.error.message, message);
  assert.strictEqual(o.error.code, code, `error code of: ${o.error.message}`);
}

export function assertLmAnswer(o: LmOutcome, answer: string): void {
  assert.strictEqual(o.error, undefined, `the request failed: ${describeThrown(o.error)}`);
  assert.strictEqual(o.text, answer);
}

/** A cancelled request ends its stream (maybe with a cancellation error), never with another error. */
export function assertLmCancelled(o: LmOutcome): void {
  if (o.error === undefined) return;
  const ok =
    o.error instanceof vscode.CancellationError ||
    /cancel/i.test(String((o.error as Error).message ?? o.error)) ||
    (o.error as Error).name === 'Canceled';
  assert.ok(ok, `a cancelled request failed with ${describeThrown(o.error)}`);
}

/** A default turn through vscode.lm answers (the extension recovered). */
export async function assertLmRecovered(tag: string): Promise<void> {
  setScenario({});
  const prompt = `Is everything fine again? ${tag}`;
  const o = await lmRequest(prompt);
  assertLmAnswer(o, fakeAnswer('auto', prompt));
  await assertAllGone(`after the recovery turn ${tag}`);
}

// ---------------------------------------------------------------- the @cursor participant

/** What `workbench.action.chat.open` with `blockOnResponse` returns: the participant's ChatResult. */
export interface ChatOutcome {
  errorDetails?: { message: string };
  metadata?: { errorKind?: string; answerText?: string; cursorSessionId?: string };
}

/** Sends `@cursor <prompt>` in a new chat, as a user would, and waits for the turn to end. */
export async function chatRequest(prompt: string, newChat = true, modelSelector?: vscode.LanguageModelChatSelector): Promise<ChatOutcome> {
  if (newChat) await vscode.commands.executeCommand('workbench.action.chat.newChat');
  const r = await vscode.commands.executeCommand<ChatOutcome | undefined>('workbench.action.chat.open', {
    query: `@cursor ${prompt}`,
    blockOnResponse: true,
    // The model the chat's picker holds (a new chat may select its default a moment after it opens).
    ...(modelSelector ? { modelSelector } : {}),
  });
  return r ?? {};
}

/** The chat turn failed with `kind`, showed exactly `message`, and the extension logged the kind. */
export async function assertChatError(r: ChatOutcome, kind: CliErrorKind, message: string, logFrom: number): Promise<void> {
  assert.strictEqual(r.metadata?.errorKind, kind, `chat result: ${JSON.stringify(r)}`);
  assert.strictEqual(r.errorDetails?.message, message);
  await waitForLog(`[participant] turn failed: ${kind}`, logFrom);
}

/**
 * The chat turn answered, the chat panel shows exactly `rendered` (once, nothing else; default
 * `answer`) and the history keeps `answer` (the CLI's result.result).
 */
export async function assertChatAnswer(r: ChatOutcome, answer: string, rendered = answer): Promise<void> {
  assert.strictEqual(r.errorDetails, undefined, `chat result: ${JSON.stringify(r)}`);
  assert.strictEqual(r.metadata?.errorKind, undefined, `chat result: ${JSON.stringify(r)}`);
  assert.strictEqual(await renderedAnswer(), rendered, 'the answer the chat panel shows');
  assert.strictEqual(r.metadata?.answerText, answer, 'the answer kept for the chat history');
}

/** A default turn through @cursor answers (the extension recovered). */
export async function assertChatRecovered(tag: string): Promise<void> {
  setScenario({});
  const prompt = `Is everything fine again? ${tag}`;
  await assertChatAnswer(await chatRequest(prompt), fakeAnswer('auto', prompt), fakeRendered('auto', prompt));
  await assertAllGone(`after the recovery chat turn ${tag}`);
}

// ---------------------------------------------------------------- logs

/** The "Cursor" LogOutputChannel's text (empty when not written yet). */
export const cursorLog = extensionLog;

/** The current length of the extension log (to read only what a test adds). */
export function logMark(): number {
  return cursorLog().length;
}

/** Waits until the extension log, after `from`, contains `text`. */
export async function waitForLog(text: string, from: number, timeoutMs = 5000): Promise<string> {
  try {
    return await waitFor(
      `"${text}" in the Cursor log`,
      () => {
        const added = cursorLog().slice(from);
        return added.includes(text) ? added : undefined;
      },
      timeoutMs,
      50,
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- log since the test began ---\n${cursorLog().slice(from).slice(-3000)}`);
  }
}

/** The extension host's own log (`remoteexthost.log` under code-server, `exthost.log` on desktop). */
export function extHostLog(): string {
  return extHostLogDirs(env('CURSOR_AGENT_TEST_USER_DATA_DIR'))
    .flatMap((d) =>
      fs
        .readdirSync(d)
        .filter((n) => /exthost\.log$/i.test(n))
        .map((n) => path.join(d, n)),
    )
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
}

/**
 * 5. Conversation cost: a 20-turn conversation through the real language
 * model provider (src/vscode/lm/lmProvider.ts) and the real chat participant
 * (src/vscode/chat/participant.ts), each run in plain Node on a minimal `vscode`
 * stand-in (test/support/vscodeShim.ts) and through the real agent service against
 * the fake (which honours --resume). Measured: the bytes the CLI read from its
 * stdin on each turn (the fake's own record), with resumeSessions on and off.
 */
import type * as vscode from 'vscode';
import type { CursorChatProvider } from '../src/vscode/lm/lmProvider';
import type { registerChatParticipant as RegisterChatParticipant } from '../src/vscode/chat/participant';
import { readyAuth } from '../test/support/auth';
import { ModelChoice } from '../src/services/models/modelChoice';
import { ConversationIndex } from '../src/services/conversation/conversationIndex';
import { DEFAULT_SETTINGS, Settings } from '../src/services/settingsSchema';
import { BenchEntry, round } from './lib';
import { quietLogger } from '../test/support/logger';
import { NO_MODEL_PICKS } from '../test/support/modelSources';
import { cancellationSource } from '../test/support/cancellation';
import { recordingResponseStream } from '../test/support/responseStream';
import { BenchStack, createBenchStack } from './stack';
import { installVscodeShim, shimState, vscodeShim } from '../test/support/vscodeShim';

const TURNS = 20;
const TARGET = 1.1;

/** A realistic answer: about 1.2 KB of Markdown. */
const ANSWER = [
  'The loader reads `config.json` from the workspace root, validates it against the schema and caches the result.',
  '',
  '```ts',
  'export function loadConfig(root: string): Config {',
  "  const raw = JSON.parse(fs.readFileSync(path.join(root, 'config.json'), 'utf8'));",
  '  return configSchema.parse(raw);',
  '}',
  '```',
  '',
  '- `loadConfig` is called once at startup from `main.ts`.',
  '- The cache is invalidated when the file watcher reports a change.',
  '- Invalid files fall back to the defaults and log a warning.',
  '',
  'To add a setting, extend `configSchema`, give it a default, and read it where it is needed; nothing else has to change. ' +
    'If you want the change to apply without a restart, subscribe to the watcher event and re-read the value there.',
].join('\n');

function question(n: number): string {
  return `Question ${n}: how does the config loader handle case ${n}, and what would change if we added a setting for it?`;
}

function stdinBytesOfLastTurn(stack: BenchStack): number {
  const turns = stack.fake.invocations().filter((i) => i.argv.includes('-p'));
  const last = turns[turns.length - 1];
  if (!last || last.stdin === null) throw new Error('no turn recorded');
  return Buffer.byteLength(last.stdin, 'utf8');
}

function resumedFlags(stack: BenchStack): boolean[] {
  return stack.fake
    .invocations()
    .filter((i) => i.argv.includes('-p'))
    .map((i) => i.argv.includes('--resume'));
}

function deps(stack: BenchStack, resume: boolean) {
  const settings = (): Settings => ({ ...DEFAULT_SETTINGS, resumeSessions: resume });
  const auth = readyAuth({ binary: stack.fake.binPath, logger: quietLogger });
  const { catalog, backendStatus, usesAcp, features } = stack.runtime;
  const conversations = new ConversationIndex();
  const { flow, binary } = stack;
  return {
    flow,
    binary,
    auth,
    catalog,
    settings,
    logger: quietLogger,
    modelChoice: new ModelChoice(),
    conversations,
    memory: stack.runtime.modelMemory,
    platform: process.platform,
    backendStatus,
    usesAcp,
    features,
  };
}

type Msg = { role: number; content: unknown[]; name: string | undefined };

async function lmConversation(resume: boolean): Promise<{ bytes: number[]; resumed: boolean[] }> {
  const stack = createBenchStack({ turn: { kind: 'default', delayMs: 0, answer: ANSWER } });
  shimState.workspaceFolder = stack.workspace;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { CursorChatProvider: Provider } = require('../src/vscode/lm/lmProvider') as { CursorChatProvider: typeof CursorChatProvider };
    const d = deps(stack, resume);
    await d.auth.refresh();
    const provider = new Provider(d);
    const model = {
      id: 'auto',
      name: 'Auto',
      family: 'cursor',
      version: '1',
      maxInputTokens: 200_000,
      maxOutputTokens: 32_000,
      capabilities: {},
    } as unknown as vscode.LanguageModelChatInformation;
    const messages: Msg[] = [];
    const bytes: number[] = [];
    for (let t = 1; t <= TURNS; t++) {
      messages.push({
        role: vscodeShim.LanguageModelChatMessageRole.User,
        content: [new vscodeShim.LanguageModelTextPart(question(t))],
        name: undefined,
      });
      let answer = '';
      const progress = { report: (p: unknown) => (answer += p instanceof vscodeShim.LanguageModelTextPart ? p.value : '') };
      const cts = cancellationSource();
      await provider.provideLanguageModelChatResponse(
        model,
        messages as unknown as vscode.LanguageModelChatRequestMessage[],
        {} as vscode.ProvideLanguageModelChatResponseOptions,
        progress as vscode.Progress<vscode.LanguageModelResponsePart>,
        cts.token as vscode.CancellationToken,
      );
      if (!answer) throw new Error(`lm turn ${t}: no answer`);
      // The caller (e.g. a chat extension) sends the whole conversation back next time, our answer included.
      messages.push({
        role: vscodeShim.LanguageModelChatMessageRole.Assistant,
        content: [new vscodeShim.LanguageModelTextPart(answer)],
        name: undefined,
      });
      bytes.push(stdinBytesOfLastTurn(stack));
    }
    provider.dispose();
    return { bytes, resumed: resumedFlags(stack) };
  } finally {
    stack.dispose();
  }
}

async function participantConversation(resume: boolean): Promise<{ bytes: number[]; resumed: boolean[] }> {
  const stack = createBenchStack({ turn: { kind: 'default', delayMs: 0, answer: ANSWER } });
  shimState.workspaceFolder = stack.workspace;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { registerChatParticipant } = require('../src/vscode/chat/participant') as { registerChatParticipant: typeof RegisterChatParticipant };
    const d = deps(stack, resume);
    shimState.participantHandler = undefined;
    registerChatParticipant({ ...d, modelPicks: NO_MODEL_PICKS });
    const handler = shimState.participantHandler as
      ((...args: unknown[]) => Promise<{ metadata?: unknown; errorDetails?: { message: string } }>) | undefined;
    if (!handler) throw new Error('the participant registered no handler');
    const history: unknown[] = [];
    const bytes: number[] = [];
    for (let t = 1; t <= TURNS; t++) {
      const prompt = question(t);
      const { stream, shown } = recordingResponseStream();
      const request = { prompt, command: undefined, references: [], toolReferences: [], model: undefined };
      const cts = cancellationSource();
      const result = await handler(request, { history: [...history] }, stream, cts.token);
      if (result.errorDetails) throw new Error(`participant turn ${t}: ${result.errorDetails.message}`);
      // What VS Code hands back as context.history on the next request.
      history.push(new vscodeShim.ChatRequestTurn(prompt, undefined));
      history.push(new vscodeShim.ChatResponseTurn([new vscodeShim.ChatResponseMarkdownPart(shown.markdown)], result));
      bytes.push(stdinBytesOfLastTurn(stack));
    }
    return { bytes, resumed: resumedFlags(stack) };
  } finally {
    stack.dispose();
  }
}

export async function benchConversation(): Promise<BenchEntry[]> {
  installVscodeShim();
  const out: BenchEntry[] = [];
  for (const [pathName, run] of [
    ['lm_provider', lmConversation],
    ['participant', participantConversation],
  ] as const) {
    for (const resume of [true, false]) {
      const r = await run(resume);
      const first = r.bytes[0];
      const last = r.bytes[TURNS - 1];
      if (first === undefined || last === undefined) throw new Error(`${pathName}: fewer than ${TURNS} turns measured`);
      const ratio = last / first;
      const resumedTurns = r.resumed.filter(Boolean).length;
      out.push({
        name: `conversation_${pathName}_resume_${resume ? 'on' : 'off'}`,
        value: last,
        unit: 'bytes (turn 20)',
        baseline: first,
        ratio: round(ratio, 3),
        target: resume ? `turn 20 <= ${TARGET} x turn 1` : null,
        met: resume ? ratio <= TARGET : null,
        runs: TURNS,
        detail: `stdin bytes per turn ${r.bytes.join(',')}; total ${r.bytes.reduce((a, b) => a + b, 0)}; ${resumedTurns} of ${TURNS} turns ran with --resume`,
      });
    }
  }
  return out;
}

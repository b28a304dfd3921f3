"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.benchConversation = benchConversation;
const authService_1 = require("../src/services/authService");
const modelCatalog_1 = require("../src/services/modelCatalog");
const modelChoice_1 = require("../src/services/modelChoice");
const conversationIndex_1 = require("../src/services/conversationIndex");
const settingsSchema_1 = require("../src/services/settingsSchema");
const lib_1 = require("./lib");
const stack_1 = require("./stack");
const vscodeShim_1 = require("../test/support/vscodeShim");
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
function question(n) {
    return `Question ${n}: how does the config loader handle case ${n}, and what would change if we added a setting for it?`;
}
function stdinBytesOfLastTurn(stack) {
    const turns = stack.fake.invocations().filter((i) => i.argv.includes('-p'));
    const last = turns[turns.length - 1];
    if (!last || last.stdin === null)
        throw new Error('no turn recorded');
    return Buffer.byteLength(last.stdin, 'utf8');
}
function resumedFlags(stack) {
    return stack.fake.invocations().filter((i) => i.argv.includes('-p')).map((i) => i.argv.includes('--resume'));
}
function deps(stack, resume) {
    const settings = () => ({ ...settingsSchema_1.DEFAULT_SETTINGS, resumeSessions: resume });
    const auth = new authService_1.AuthService({ probe: async () => ({ state: 'ready', binary: stack.fake.binPath, version: 'fake' }) }, lib_1.quietLogger);
    const catalog = new modelCatalog_1.ModelCatalog({ fetchModelsText: () => stack.agent.modelsText() }, lib_1.quietLogger, () => 3_600_000);
    const flow = stack.agent.chatFlow(() => true);
    return { flow, binary: stack.binary, auth, catalog, settings, logger: lib_1.quietLogger, modelChoice: new modelChoice_1.ModelChoice(), conversations: new conversationIndex_1.ConversationIndex(), platform: process.platform };
}
async function lmConversation(resume) {
    const stack = (0, stack_1.createBenchStack)({ turn: { kind: 'default', delayMs: 0, answer: ANSWER } });
    vscodeShim_1.shimState.workspaceFolder = stack.workspace;
    try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { CursorChatProvider: Provider } = require('../src/vscode/lmProvider');
        const d = deps(stack, resume);
        await d.auth.refresh();
        const provider = new Provider(d);
        const model = { id: 'auto', name: 'Auto', family: 'cursor', version: '1', maxInputTokens: 200_000, maxOutputTokens: 32_000, capabilities: {} };
        const messages = [];
        const bytes = [];
        for (let t = 1; t <= TURNS; t++) {
            messages.push({ role: vscodeShim_1.vscodeShim.LanguageModelChatMessageRole.User, content: [new vscodeShim_1.vscodeShim.LanguageModelTextPart(question(t))], name: undefined });
            let answer = '';
            const progress = { report: (p) => (answer += p instanceof vscodeShim_1.vscodeShim.LanguageModelTextPart ? p.value : '') };
            const cts = new lib_1.CancellationSource();
            await provider.provideLanguageModelChatResponse(model, messages, {}, progress, cts.token);
            if (!answer)
                throw new Error(`lm turn ${t}: no answer`);
            // The caller (e.g. a chat extension) sends the whole conversation back next time, our answer included.
            messages.push({ role: vscodeShim_1.vscodeShim.LanguageModelChatMessageRole.Assistant, content: [new vscodeShim_1.vscodeShim.LanguageModelTextPart(answer)], name: undefined });
            bytes.push(stdinBytesOfLastTurn(stack));
        }
        provider.dispose();
        return { bytes, resumed: resumedFlags(stack) };
    }
    finally {
        stack.dispose();
    }
}
async function participantConversation(resume) {
    const stack = (0, stack_1.createBenchStack)({ turn: { kind: 'default', delayMs: 0, answer: ANSWER } });
    vscodeShim_1.shimState.workspaceFolder = stack.workspace;
    try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { registerChatParticipant } = require('../src/vscode/participant');
        const d = deps(stack, resume);
        vscodeShim_1.shimState.participantHandler = undefined;
        registerChatParticipant(d);
        const handler = vscodeShim_1.shimState.participantHandler;
        if (!handler)
            throw new Error('the participant registered no handler');
        const history = [];
        const bytes = [];
        for (let t = 1; t <= TURNS; t++) {
            const prompt = question(t);
            let markdown = '';
            const stream = {
                markdown: (s) => (markdown += s),
                progress: () => undefined,
                reference: () => undefined,
                button: () => undefined,
                anchor: () => undefined,
            };
            const request = { prompt, command: undefined, references: [], toolReferences: [], model: undefined };
            const cts = new lib_1.CancellationSource();
            const result = await handler(request, { history: [...history] }, stream, cts.token);
            if (result.errorDetails)
                throw new Error(`participant turn ${t}: ${result.errorDetails.message}`);
            // What VS Code hands back as context.history on the next request.
            history.push(new vscodeShim_1.vscodeShim.ChatRequestTurn(prompt, undefined));
            history.push(new vscodeShim_1.vscodeShim.ChatResponseTurn([new vscodeShim_1.vscodeShim.ChatResponseMarkdownPart(markdown)], result));
            bytes.push(stdinBytesOfLastTurn(stack));
        }
        return { bytes, resumed: resumedFlags(stack) };
    }
    finally {
        stack.dispose();
    }
}
async function benchConversation() {
    (0, vscodeShim_1.installVscodeShim)();
    const out = [];
    for (const [pathName, run] of [
        ['lm_provider', lmConversation],
        ['participant', participantConversation],
    ]) {
        for (const resume of [true, false]) {
            const r = await run(resume);
            const first = r.bytes[0];
            const last = r.bytes[TURNS - 1];
            const ratio = last / first;
            const resumedTurns = r.resumed.filter(Boolean).length;
            out.push({
                name: `conversation_${pathName}_resume_${resume ? 'on' : 'off'}`,
                value: last,
                unit: 'bytes (turn 20)',
                baseline: first,
                ratio: (0, lib_1.round)(ratio, 3),
                target: resume ? `turn 20 <= ${TARGET} x turn 1` : null,
                met: resume ? ratio <= TARGET : null,
                runs: TURNS,
                detail: `stdin bytes per turn ${r.bytes.join(',')}; total ${r.bytes.reduce((a, b) => a + b, 0)}; ${resumedTurns} of ${TURNS} turns ran with --resume`,
            });
        }
    }
    return out;
}
//# sourceMappingURL=conversation.js.map
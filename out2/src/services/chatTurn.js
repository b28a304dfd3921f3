"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ChatTurnFlow = exports.TRANSPORT_FALLBACK_NOTICE = exports.OTHER_BACKEND_NOTICE = exports.RESUME_FALLBACK_NOTICE = void 0;
/**
 * One chat turn, the same for the `@cursor` participant and the language
 * model provider: the trust and folder gate, the prompt (resume the previous
 * answer's session, or fresh with the history folded in), the backend, the run,
 * and the fallbacks (a resume the CLI refused, a backend whose transport
 * failed), ending in a result value the VS Code edge only translates.
 */
const errors_1 = require("../cli/errors");
const workspaceGuard_1 = require("../cli/workspaceGuard");
const turnPrompt_1 = require("./turnPrompt");
exports.RESUME_FALLBACK_NOTICE = 'The earlier Cursor chat could not be resumed, so this answer starts a fresh chat with the conversation so far.';
exports.OTHER_BACKEND_NOTICE = 'The earlier Cursor chat ran on another connection to the CLI, so this answer starts a fresh chat with the conversation so far.';
exports.TRANSPORT_FALLBACK_NOTICE = 'The connection to the Cursor CLI failed before answering, so this answer runs in print mode with the conversation so far.';
class ChatTurnFlow {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    /** Runs one chat turn. Rejects only on a programming error (a CliError always comes back as `failed`). */
    async run(req) {
        if (!this.deps.isTrusted())
            return { status: 'refused', reason: 'untrustedWorkspace' };
        const workspace = await req.folder();
        if (!workspace)
            return { status: 'refused', reason: 'noFolder' };
        const conv = await req.conversation(workspace);
        const backend = await this.deps.selector.current();
        const previous = conv.previous;
        const resumeId = previous && previous.backend === backend.id ? previous.sessionId : undefined;
        let planned;
        try {
            planned = (0, turnPrompt_1.composeTurnPrompt)({ history: conv.history, message: conv.message, references: conv.references, resumeChatId: resumeId });
        }
        catch (err) {
            if (err instanceof errors_1.CliError)
                return { status: 'failed', workspace, backend: backend.id, error: err, shownText: false, resumed: false };
            throw err;
        }
        if (previous && !resumeId) {
            this.deps.logger.info(`[turn] session ${previous.sessionId} ran on ${previous.backend}, this turn runs on ${backend.id}: starting fresh with the history`);
            req.onNotice?.(exports.OTHER_BACKEND_NOTICE);
        }
        if (planned.omittedTurns > 0)
            req.onOmittedTurns?.(planned.omittedTurns);
        const resume = planned.resume ? { sessionId: planned.resume.chatId, fallbackPrompt: planned.resume.fallbackPrompt } : undefined;
        return this.runPlanned({ ...req, workspace, mode: conv.mode, model: conv.model, prompt: planned.prompt, resume, images: conv.images }, backend);
    }
    /** Runs a planned turn in a trusted folder: the safe-folder check, the run, and the fallbacks. */
    async runPlanned(t, chosen) {
        const { workspace } = t;
        // Trusted or not, never the home folder (or what holds it) or a root: `--trust` there exposes everything below.
        if ((0, workspaceGuard_1.unsafeWorkspace)(workspace, { homeDir: this.deps.host.homeDir, platform: this.deps.host.platform, realPath: this.deps.host.realPath })) {
            return { status: 'failed', workspace, error: new errors_1.CliError((0, errors_1.describeError)('unsafeWorkspace', { detail: workspace })), shownText: false, resumed: false };
        }
        let backend = chosen ?? (await this.deps.selector.current());
        const freshPrompt = t.resume?.fallbackPrompt ?? t.prompt;
        const attempt = async (b, prompt, resumeId) => {
            this.deps.onBackend?.(b.id);
            const refused = this.deps.modelCheck?.(t.model, b.id);
            if (refused) {
                this.deps.logger.info(`[turn] the model ${t.model ?? ''} is not available with the ${b.id} backend: reported, nothing run`);
                return { ok: false, error: refused, shownText: false };
            }
            return b.runTurn({
                workspace, mode: t.mode, model: t.model, prompt, images: t.images, resumeId,
                cancellation: t.cancellation, onEvent: t.onEvent, onNotice: t.onNotice, knownModels: t.knownModels,
            });
        };
        let resumed = t.resume !== undefined;
        let outcome = await attempt(backend, t.prompt, t.resume?.sessionId);
        if (!outcome.ok && outcome.transport && !outcome.shownText) {
            const next = this.deps.selector.fallBack(backend, `${outcome.error.kind}: ${outcome.error.message}`);
            if (next) {
                this.deps.logger.info(`[turn] the ${backend.id} backend failed before answering (${outcome.error.kind}); rerunning on ${next.id} with the history`);
                t.onNotice?.(exports.TRANSPORT_FALLBACK_NOTICE);
                backend = next;
                resumed = false;
                outcome = await attempt(backend, freshPrompt, undefined);
            }
        }
        if (!outcome.ok && resumed && t.resume && (outcome.error.kind === 'resumeFailed' || outcome.error.kind === 'sessionInUse') && !outcome.shownText) {
            this.deps.logger.info(`[turn] resume of ${t.resume.sessionId} failed (${outcome.error.kind}); starting a fresh chat with the history`);
            t.onNotice?.(exports.RESUME_FALLBACK_NOTICE);
            resumed = false;
            outcome = await attempt(backend, freshPrompt, undefined);
        }
        return toResult(outcome, workspace, backend.id, resumed);
    }
}
exports.ChatTurnFlow = ChatTurnFlow;
function toResult(o, workspace, backend, resumed) {
    if (!o.ok)
        return { status: 'failed', workspace, backend, error: o.error, ...(o.sessionId ? { sessionId: o.sessionId } : {}), shownText: o.shownText, resumed };
    const { ok: _ok, ...answer } = o;
    return { status: 'answered', workspace, backend, ...answer, resumed };
}
//# sourceMappingURL=chatTurn.js.map
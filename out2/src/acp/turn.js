"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.runAcpTurn = runAcpTurn;
/**
 * One chat turn in an ACP session, with the same contract as a print-mode
 * turn: events in order, cancellation that keeps the partial answer, the
 * error kinds of print mode. Read-only by construction: the session is put in
 * plan/ask mode, and checked, before the prompt is sent; a session the agent
 * does not confirm in that mode is never prompted. Pure.
 */
const errors_1 = require("../cli/errors");
const failures_1 = require("./failures");
const updates_1 = require("./updates");
/** Runs `req` in `session` (already created or loaded in `client`). Never rejects. */
async function runAcpTurn(client, session, req, opts) {
    const started = Date.now();
    const mapper = new updates_1.UpdateMapper({ readOnly: true });
    const promptBlocks = [{ type: 'text', text: req.prompt }, ...(req.images ?? []).map((i) => ({ type: 'image', mimeType: i.mimeType, data: i.data }))];
    const promptBytes = Buffer.byteLength(req.prompt, 'utf8');
    let phase = 'preparing';
    let breach;
    let timedOut = false;
    let killTimer;
    let idleTimer;
    const emit = (events) => {
        for (const ev of events) {
            // After a breach nothing more is shown (print mode stops reading there too).
            if (breach)
                return;
            if (ev.type === 'policyBreach') {
                breach = ev;
                stop();
            }
            try {
                req.onEvent(ev);
            }
            catch (err) {
                opts.log?.(`[acp] event handler failed: ${String(err)}`);
            }
        }
    };
    const stop = () => {
        if (phase !== 'prompting')
            return;
        phase = 'stopping';
        client.cancel(session.id);
        // The turn should end `cancelled` within milliseconds; if not, the process goes.
        killTimer = setTimeout(() => client.dispose(), opts.cancelGraceMs);
    };
    const armIdle = () => {
        if (opts.inactivityTimeoutMs === undefined)
            return;
        if (idleTimer)
            clearTimeout(idleTimer);
        idleTimer = setTimeout(() => {
            timedOut = true;
            stop();
        }, opts.inactivityTimeoutMs);
    };
    const fail = (f) => {
        const shownText = mapper.text !== '';
        return { ok: false, error: f.error, sessionId: session.id, shownText, ...(f.transport ? { transport: true } : {}) };
    };
    const sub = req.cancellation?.onCancellationRequested(() => stop());
    try {
        if (req.cancellation?.isCancellationRequested)
            return { ok: true, cancelled: true, sessionId: session.id, text: '', durationMs: 0, promptBytes };
        if (session.mode !== req.mode)
            await client.setMode(session.id, req.mode);
        if (req.model)
            await client.setModel(session.id, req.model);
        // Checked again right before the prompt: nothing is ever sent to a session in agent mode.
        if (session.mode !== 'plan' && session.mode !== 'ask')
            throw new failures_1.AcpFailure(new errors_1.CliError((0, errors_1.describeError)('malformedStream', { detail: 'the session is not in a read-only mode' })), true);
        if (req.cancellation?.isCancellationRequested)
            return { ok: true, cancelled: true, sessionId: session.id, text: '', durationMs: Date.now() - started, promptBytes };
        phase = 'prompting';
        armIdle();
        const stopReason = await client.prompt(session.id, promptBlocks, {
            update: (u) => {
                armIdle();
                emit(mapper.push(u));
            },
            agentEvents: (events, notice) => {
                armIdle();
                emit(events);
                // The chat shows it from its `notice` event (a progress line, or a note in the answer); this is for the log.
                if (notice)
                    opts.onNotice?.(notice);
            },
        });
        const end = mapper.finish();
        emit(end.events);
        logStats(mapper, opts);
        if (breach)
            return fail(new failures_1.AcpFailure(new errors_1.CliError((0, errors_1.describeError)('policyBreach', { detail: breach.summary })), false));
        if (timedOut) {
            const seconds = Math.round((opts.inactivityTimeoutMs ?? 0) / 1000);
            return fail(new failures_1.AcpFailure(new errors_1.CliError((0, errors_1.describeError)('timeout', { seconds, stage: 'inactivity' })), false));
        }
        if (end.error) {
            opts.log?.(`[acp] the turn ended with a failure message (${end.error.kind}): ${end.error.text.slice(0, 300)}`);
            return fail(new failures_1.AcpFailure(new errors_1.CliError((0, errors_1.describeError)(end.error.kind, { model: req.model, knownModels: req.knownModels?.() })), false));
        }
        const cancelled = stopReason === 'cancelled' || req.cancellation?.isCancellationRequested === true;
        if (stopReason !== 'end_turn' && stopReason !== 'cancelled')
            opts.log?.(`[acp] unexpected stop reason ${stopReason.slice(0, 60)}`);
        return { ok: true, cancelled, sessionId: session.id, text: mapper.text, durationMs: Date.now() - started, promptBytes };
    }
    catch (err) {
        const f = err instanceof failures_1.AcpFailure ? err : new failures_1.AcpFailure(new errors_1.CliError((0, errors_1.describeError)('unknown', { detail: String(err) })), true);
        // The process ended: close what the turn left open, keep what was shown.
        emit(mapper.finish().events);
        if (breach)
            return fail(new failures_1.AcpFailure(new errors_1.CliError((0, errors_1.describeError)('policyBreach', { detail: breach.summary })), false));
        if (phase === 'stopping' && req.cancellation?.isCancellationRequested) {
            return { ok: true, cancelled: true, sessionId: session.id, text: mapper.text, durationMs: Date.now() - started, promptBytes };
        }
        return fail(f);
    }
    finally {
        phase = 'done';
        sub?.dispose();
        if (killTimer)
            clearTimeout(killTimer);
        if (idleTimer)
            clearTimeout(idleTimer);
    }
}
function logStats(mapper, opts) {
    const s = mapper.stats;
    const unknown = Object.keys(s.unknownKinds).length;
    if (s.invalidUpdates || unknown || s.replayed) {
        opts.log?.(`[acp] tolerated: ${s.invalidUpdates} invalid updates, unknown kinds ${JSON.stringify(s.unknownKinds)}, ${s.replayed} replayed tool updates`);
    }
}
//# sourceMappingURL=turn.js.map
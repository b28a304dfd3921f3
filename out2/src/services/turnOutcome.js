"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.decideRunOutcome = decideRunOutcome;
/**
 * What a finished print-mode run means: an answer (complete or cancelled) or
 * a failure with its kind. Pure: the evidence in, the verdict out; the order
 * of the rules is the decision.
 */
const errors_1 = require("../cli/errors");
const failureClassifier_1 = require("../cli/failureClassifier");
function decideRunOutcome(f, c) {
    const { run } = f;
    const failed = (error, binaryGone) => ({ kind: 'failed', error, ...(binaryGone ? { binaryGone } : {}) });
    if (f.breach !== undefined)
        return failed(new errors_1.CliError((0, errors_1.describeError)('policyBreach', { detail: f.breach })));
    if (f.forgotten !== undefined)
        return failed(new errors_1.CliError((0, errors_1.describeError)('resumeFailed')));
    if (run.kind === 'cancelled')
        return { kind: 'answered', cancelled: true };
    const details = () => ({ model: c.model, knownModels: c.knownModels?.(), platform: c.platform });
    if (f.resultError !== undefined)
        return failed((0, failureClassifier_1.classifyFailure)({ exitCode: run.exitCode, stderr: run.stderrTail, resultError: f.resultError }, details()));
    if (f.done)
        return { kind: 'answered', cancelled: false };
    if (run.kind === 'timeout') {
        const stage = run.timeoutStage === 'first output' ? 'first output' : 'inactivity';
        const ms = stage === 'first output' ? c.firstOutputTimeoutMs : c.inactivityTimeoutMs;
        return failed(new errors_1.CliError((0, errors_1.describeError)('timeout', { seconds: Math.round(ms / 1000), stage }), { stderrTail: run.stderrTail }));
    }
    if (run.kind === 'spawnError')
        return failed((0, failureClassifier_1.classifyFailure)({ spawnErrorCode: run.spawnErrorCode }), true);
    const classified = (0, failureClassifier_1.classifyFailure)({ exitCode: run.exitCode, signal: run.signal, stderr: run.stderrTail, noOutput: run.lines === 0 }, details());
    if (classified.kind === 'unknown' && run.exitCode === 0) {
        // Exited cleanly but never sent its `result`: keep what was shown and say the answer may be cut short.
        const detail = 'it ended without finishing its answer; what arrived is shown above';
        return failed(new errors_1.CliError((0, errors_1.describeError)('malformedStream', { detail }), { stderrTail: run.stderrTail, exitCode: 0 }));
    }
    return failed(classified);
}
//# sourceMappingURL=turnOutcome.js.map
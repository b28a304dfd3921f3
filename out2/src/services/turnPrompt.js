"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.composeTurnPrompt = composeTurnPrompt;
/**
 * Decides what a turn sends to the CLI: a resumed chat with only the new
 * message, or a fresh chat with the visible history folded in. Used by the
 * chat-turn flow.
 */
const prompt_1 = require("../cli/prompt");
/** @throws CliError (`promptTooLarge`) when even the message and references don't fit. */
function composeTurnPrompt(input) {
    const fresh = (0, prompt_1.composeFirstTurnPrompt)({ history: input.history, references: input.references, message: input.message });
    if (!input.resumeChatId)
        return { prompt: fresh.prompt, omittedTurns: fresh.omittedTurns };
    return {
        prompt: (0, prompt_1.buildResumedTurnPrompt)({ references: input.references, message: input.message }),
        resume: { chatId: input.resumeChatId, fallbackPrompt: fresh.prompt },
        omittedTurns: 0,
    };
}
//# sourceMappingURL=turnPrompt.js.map
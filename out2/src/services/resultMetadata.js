"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_ANSWER_TEXT_CHARS = void 0;
exports.boundAnswerText = boundAnswerText;
exports.readResultMetadata = readResultMetadata;
/**
 * What `@cursor` stores in each answer's `ChatResult.metadata`, and the
 * validation of what VS Code hands back (restored from disk, so untrusted).
 */
const z = __importStar(require("zod/mini"));
const args_1 = require("../cli/args");
/**
 * The most answer text kept per answer (chat metadata is saved with the chat
 * history on every turn; the prompt that folds history in is capped at 400 KB
 * anyway). Longer answers keep their start and a note.
 */
exports.MAX_ANSWER_TEXT_CHARS = 100_000;
const CUT_NOTE = '\n… (answer cut)';
/** `text` within {@link MAX_ANSWER_TEXT_CHARS}. */
function boundAnswerText(text) {
    return text.length <= exports.MAX_ANSWER_TEXT_CHARS ? text : text.slice(0, exports.MAX_ANSWER_TEXT_CHARS - CUT_NOTE.length) + CUT_NOTE;
}
const schema = z.object({
    cursorSessionId: z.catch(z.optional(z.string()), undefined),
    backend: z.catch(z.optional(z.enum(['print', 'acp'])), undefined),
    answerText: z.catch(z.optional(z.string()), undefined),
    workspace: z.catch(z.optional(z.string()), undefined),
    model: z.catch(z.optional(z.string()), undefined),
    errorKind: z.catch(z.optional(z.string()), undefined),
});
/** Valid fields only; a session id that could not be a CLI chat id is dropped. */
function readResultMetadata(raw) {
    const parsed = schema.safeParse(raw ?? {});
    if (!parsed.success)
        return {};
    const m = {};
    for (const [k, v] of Object.entries(parsed.data))
        if (v !== undefined)
            m[k] = v;
    if (m.cursorSessionId !== undefined && !(0, args_1.isChatId)(m.cursorSessionId))
        delete m.cursorSessionId;
    if (m.answerText !== undefined)
        m.answerText = boundAnswerText(m.answerText);
    return m;
}
//# sourceMappingURL=resultMetadata.js.map
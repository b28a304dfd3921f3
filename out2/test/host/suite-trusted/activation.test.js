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
const assert = __importStar(require("assert"));
const vscode = __importStar(require("vscode"));
const helpers_1 = require("../helpers");
describe('activation (trusted workspace)', () => {
    before(() => (0, helpers_1.fake)().setScenario({}));
    it('every Cursor command from the manifest is available in the command palette', async () => {
        await (0, helpers_1.activateApi)();
        const ext = vscode.extensions.getExtension(helpers_1.EXTENSION_ID);
        const declared = ext.packageJSON.contributes.commands.map((c) => c.command);
        assert.ok(declared.length >= 9, `package.json declares only ${declared.length} commands`);
        for (const id of declared)
            assert.ok(id.startsWith('cursorAgent.'), `${id} is not in the cursorAgent.* namespace`);
        const registered = new Set(await vscode.commands.getCommands(true));
        const missing = declared.filter((id) => !registered.has(id));
        assert.deepStrictEqual(missing, [], `declared but not registered: ${missing.join(', ')}`);
    });
    it('Cursor models are offered to the language model API (vendor "cursor")', async () => {
        await (0, helpers_1.activateApi)();
        const models = await (0, helpers_1.cursorModels)();
        assert.ok(models.length > 0);
        for (const m of models)
            assert.strictEqual(m.vendor, helpers_1.VENDOR);
    });
    it('the @cursor participant is declared with its slash commands', () => {
        const ext = vscode.extensions.getExtension(helpers_1.EXTENSION_ID);
        const participants = ext.packageJSON.contributes.chatParticipants;
        const p = participants.find((x) => x.id === 'cursor-agent.cursor');
        assert.ok(p, 'no cursor-agent.cursor participant in package.json');
        assert.strictEqual(p.name, 'cursor');
        assert.deepStrictEqual(p.commands.map((c) => c.name).sort(), ['ask', 'models', 'status']);
        // That it is registered and answers is proven by participant.test.ts (a request through the chat panel).
    });
});
//# sourceMappingURL=activation.test.js.map
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
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const settingsSchema_1 = require("../../../src/services/settingsSchema");
describe('settings validation', () => {
    it('uses defaults for missing values and falls back with a warning for invalid ones', () => {
        const raw = { mode: 'yolo', firstOutputTimeoutSeconds: -3, model: 'gpt-5', inactivityTimeoutSeconds: 'soon', path: '  /opt/cursor-agent  ' };
        const { settings, problems } = (0, settingsSchema_1.readSettings)((k) => raw[k]);
        assert.equal(settings.mode, 'plan');
        assert.equal(settings.firstOutputTimeoutSeconds, settingsSchema_1.DEFAULT_SETTINGS.firstOutputTimeoutSeconds);
        assert.equal(settings.inactivityTimeoutSeconds, settingsSchema_1.DEFAULT_SETTINGS.inactivityTimeoutSeconds);
        assert.equal(settings.model, 'gpt-5');
        assert.equal(settings.path, '/opt/cursor-agent');
        assert.equal(problems.length, 3);
        assert.match(problems.join('\n'), /cursorAgent\.mode: "yolo" is not valid/);
    });
    it('refuses a model id that could smuggle a flag', () => {
        for (const bad of ['gpt-5 --force', '-f', '--force', '-gpt-5']) {
            const { settings, problems } = (0, settingsSchema_1.readSettings)((k) => (k === 'model' ? bad : undefined));
            assert.equal(settings.model, '', bad);
            assert.equal(problems.length, 1, bad);
        }
        assert.equal((0, settingsSchema_1.readSettings)((k) => (k === 'model' ? 'gpt-5' : undefined)).settings.model, 'gpt-5');
    });
    it('takes the model, model-list cache time and binary only from the user, never from workspace settings (the manifest agrees)', () => {
        const layers = { defaultValue: 60, globalValue: undefined, workspaceValue: 0, workspaceFolderValue: 0 };
        assert.equal((0, settingsSchema_1.effectiveValue)('modelListCacheMinutes', layers), 60, 'a workspace set the cache time to 0');
        assert.equal((0, settingsSchema_1.effectiveValue)('modelListCacheMinutes', { ...layers, globalValue: 5 }), 5);
        assert.equal((0, settingsSchema_1.effectiveValue)('model', { defaultValue: '', workspaceValue: 'workspace-model' }), '');
        assert.equal((0, settingsSchema_1.effectiveValue)('path', { defaultValue: '', workspaceValue: '/ws/evil' }), '');
        assert.equal((0, settingsSchema_1.effectiveValue)('showThinking', { defaultValue: true, workspaceValue: false }), false, 'other settings may be per workspace');
        const props = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')).contributes.configuration.properties;
        for (const key of settingsSchema_1.USER_ONLY_SETTINGS) {
            assert.ok(['machine', 'application'].includes(props[`cursorAgent.${key}`].scope ?? ''), `cursorAgent.${key} is ${props[`cursorAgent.${key}`].scope ?? 'window'}-scoped`);
        }
    });
});
//# sourceMappingURL=settingsSchema.test.js.map
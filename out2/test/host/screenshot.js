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
exports.SCREENSHOT_MARKER = void 0;
exports.screenshot = screenshot;
// For host tests: a screenshot of the live workbench (with the extension host
// still running, unlike the one run.ts takes after the suite ends).
//   import { screenshot } from '../screenshot';
//   const png = await screenshot('chat-answer'); // test-output/<suite>/chat-answer.png
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
exports.SCREENSHOT_MARKER = '__HOST_SCREENSHOT__';
async function screenshot(name, timeoutMs = 15_000) {
    const dir = process.env.CURSOR_AGENT_TEST_OUTPUT;
    if (!dir)
        throw new Error('CURSOR_AGENT_TEST_OUTPUT is not set (not run by test/host/run.ts?)');
    const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_');
    const file = path.join(dir, `${safe}.png`);
    fs.rmSync(file, { force: true });
    console.log(`${exports.SCREENSHOT_MARKER} ${safe}`);
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
        if (fs.existsSync(file + '.done')) {
            fs.rmSync(file + '.done', { force: true });
            return file;
        }
        await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`screenshot ${safe} not taken within ${timeoutMs} ms`);
}
//# sourceMappingURL=screenshot.js.map
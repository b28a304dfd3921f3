"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.FAST = exports.allLaunches = void 0;
exports.makeWorld = makeWorld;
exports.collectText = collectText;
const nodeHost_1 = require("../../src/node/nodeHost");
const nodeProcessRunner_1 = require("../../src/node/nodeProcessRunner");
const binaryService_1 = require("../../src/services/binaryService");
const cursorAgentService_1 = require("../../src/services/cursorAgentService");
const logger_1 = require("../unit/helpers/logger");
/** Every launch any world handed to its runner, in order (for "a .cmd is never spawned"). */
exports.allLaunches = [];
exports.FAST = { firstOutputTimeoutMs: 30_000, inactivityTimeoutMs: 30_000, killGraceMs: 1000, shortCommandTimeoutMs: 30_000 };
function makeWorld(env, opts = {}) {
    const logger = new logger_1.MemoryLogger();
    const host = (0, nodeHost_1.nodeHostEnvironment)(env, 'win32');
    const runner = new nodeProcessRunner_1.NodeProcessRunner(logger);
    const launches = [];
    const recording = {
        run(req) {
            launches.push(req.launch);
            exports.allLaunches.push(req.launch);
            return runner.run(req);
        },
        dispose: () => runner.dispose(),
    };
    const binary = new binaryService_1.BinaryService((0, nodeHost_1.nodeResolveDeps)(recording, host), (0, nodeHost_1.binaryEnvironment)(host), () => opts.configuredPath, logger);
    const settings = { ...exports.FAST, ...opts.settings };
    const agent = new cursorAgentService_1.CursorAgentService(binary, recording, host, () => settings, logger);
    return { env, logger, runner, binary, agent, launches, dispose: () => runner.dispose() };
}
/** The answer text as the chat shows it: every `text` event of the turn, in order. */
function collectText(events) {
    return events.map((e) => (e.type === 'text' ? e.text : '')).join('');
}
//# sourceMappingURL=world.js.map
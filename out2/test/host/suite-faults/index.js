"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.run = run;
// Host suite "faults": every way the cursor-agent CLI can misbehave, driven from
// the fake CLI through both the language model provider and the @cursor participant.
// Options (workspace files, short timeouts) are in test/host/suites.ts.
const mochaRunner_1 = require("../mochaRunner");
const unhandled_1 = require("./unhandled");
function run() {
    // Before any test (and so before the extension's first turn): see every unhandled rejection.
    (0, unhandled_1.installUnhandledHooks)();
    return (0, mochaRunner_1.runSuiteFolder)(__dirname);
}
//# sourceMappingURL=index.js.map
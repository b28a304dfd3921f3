"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.run = run;
// Host suite "trusted": Workspace Trust disabled (every folder trusted).
// Options (workspace files, settings) are in test/host/suites.ts.
const mochaRunner_1 = require("../mochaRunner");
function run() {
    return (0, mochaRunner_1.runSuiteFolder)(__dirname);
}
//# sourceMappingURL=index.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.run = run;
// Host suite "bench": benchmark 6 (activation), run only by `npm run bench`
// (test/host/suites.ts lists it only when CURSOR_AGENT_HOST_BENCH=1).
const mochaRunner_1 = require("../mochaRunner");
function run() {
    return (0, mochaRunner_1.runSuiteFolder)(__dirname);
}
//# sourceMappingURL=index.js.map
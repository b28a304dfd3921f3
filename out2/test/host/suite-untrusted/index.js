"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.run = run;
// Host suite "untrusted": Workspace Trust on, the workspace folder NOT trusted
// (restricted mode). Options are in test/host/suites.ts.
const mochaRunner_1 = require("../mochaRunner");
function run() {
    return (0, mochaRunner_1.runSuiteFolder)(__dirname);
}
//# sourceMappingURL=index.js.map
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.run = run;
// Host suite "acp": the fake CLI speaks ACP (`cursor-agent acp`) as well as print mode, with the
// default `cursorAgent.backend` (auto). Options are in test/host/suites.ts.
const mochaRunner_1 = require("../mochaRunner");
function run() {
    return (0, mochaRunner_1.runSuiteFolder)(__dirname);
}
//# sourceMappingURL=index.js.map
"use strict";
// The VS Code versions every `npm test` runs the host and UI tiers on: the newest we
// know and the lowest the extension supports (package.json engines.vscode). code-server
// 4.X.Y is VS Code 1.X; scripts/vscode-toolchain.sh installs each into a folder of its
// own in the toolchain cache.
//
// CURSOR_AGENT_VSCODE=newest|lowest|all (default all) picks the versions of a run;
// CURSOR_AGENT_VSCODE=4.x.y runs one code-server release of your choice.
Object.defineProperty(exports, "__esModule", { value: true });
exports.LOWEST = exports.NEWEST = void 0;
exports.selectedTargets = selectedTargets;
exports.outputSuffix = outputSuffix;
exports.NEWEST = { codeServer: '4.139.1', vscode: '1.139', role: 'newest' };
exports.LOWEST = { codeServer: '4.110.0', vscode: '1.110', role: 'lowest' };
function selectedTargets(choice = process.env.CURSOR_AGENT_VSCODE ?? 'all') {
    const c = choice.trim();
    if (c === '' || c === 'all')
        return [exports.NEWEST, exports.LOWEST];
    if (c === 'newest')
        return [exports.NEWEST];
    if (c === 'lowest')
        return [exports.LOWEST];
    const m = /^4\.(\d+)\.\d+$/.exec(c);
    if (m)
        return [{ codeServer: c, vscode: `1.${m[1]}`, role: 'chosen' }];
    throw new Error(`CURSOR_AGENT_VSCODE=${choice}: expected newest, lowest, all or a code-server version such as 4.116.0`);
}
/** Suffix of a target's output folders: '' for the newest (the folders the README names), '-vscode-1.X' otherwise. */
function outputSuffix(t) {
    return t.role === 'newest' ? '' : `-vscode-${t.vscode}`;
}
//# sourceMappingURL=versions.js.map
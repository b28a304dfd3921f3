"use strict";
// The extension-host suites that test/host/run.ts runs, and each one's options.
// To add a suite: create test/host/<folder>/index.ts (copy suite-trusted's) and
// add an entry here. To add a test to a suite: drop a `<name>.test.ts` in its folder.
Object.defineProperty(exports, "__esModule", { value: true });
exports.HOST_SUITES = void 0;
const sampleFiles = {
    'README.md': '# Sample workspace\n\nA folder opened by the extension-host tests.\n',
    'src/hello.ts': 'export function hello(name: string): string {\n  return `Hello, ${name}!`;\n}\n',
    'src/math.py': 'def add(a, b):\n    return a + b\n',
};
exports.HOST_SUITES = [
    {
        folder: 'suite-trusted',
        trust: 'disabled',
        workspaceFiles: sampleFiles,
        workspaceSettings: { 'files.autoSave': 'off' },
    },
    {
        folder: 'suite-untrusted',
        trust: 'untrusted',
        // The user's own cursorAgent.path must win over the workspace's: this suite sets one.
        binary: 'setting',
        workspaceFiles: sampleFiles,
        // A workspace value for a restricted setting: must be ignored in restricted mode.
        workspaceSettings: { 'cursorAgent.path': '/nonexistent/workspace-cursor-agent' },
    },
    {
        folder: 'suite-faults',
        trust: 'disabled',
        workspaceFiles: sampleFiles,
        // The shortest deadlines the settings allow, so the timeout faults take seconds.
        userSettings: { 'cursorAgent.firstOutputTimeoutSeconds': 5, 'cursorAgent.inactivityTimeoutSeconds': 5 },
    },
    {
        folder: 'suite-acp',
        trust: 'disabled',
        fake: 'acp',
        workspaceFiles: sampleFiles,
        userSettings: { 'cursorAgent.firstOutputTimeoutSeconds': 5, 'cursorAgent.inactivityTimeoutSeconds': 5 },
    },
];
// Benchmark 6 (activation; bench/activation.ts): listed only when `npm run bench`
// asks for it with CURSOR_AGENT_HOST_BENCH=1, so `npm test` never runs it.
// The status probe is made slow (1.5 s) so that waiting for it would show in activate().
if (process.env.CURSOR_AGENT_HOST_BENCH === '1') {
    exports.HOST_SUITES.push({ folder: 'suite-bench', trust: 'disabled', workspaceFiles: sampleFiles, fakeScenario: { statusDelayMs: 1500 } });
}
//# sourceMappingURL=suites.js.map
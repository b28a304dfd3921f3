// The extension-host suites that test/host/run.ts runs, and each one's options.
// To add a suite: create test/host/<folder>/index.ts (copy suite-trusted's) and
// add an entry here. To add a test to a suite: drop a `<name>.test.ts` in its folder.

export interface HostSuite {
  /** Folder under test/host (compiled to out/test/host/<folder>/index.js). */
  folder: string;
  /**
   * 'disabled': code-server runs with --disable-workspace-trust (everything trusted).
   * 'untrusted': Workspace Trust on and the workspace folder not trusted (restricted mode).
   */
  trust: 'disabled' | 'untrusted';
  /** Files written into a fresh temporary workspace folder (relative path -> contents). */
  workspaceFiles?: Record<string, string>;
  /** Written to <workspace>/.vscode/settings.json when given. */
  workspaceSettings?: Record<string, unknown>;
  /** Files of a second folder: given, the window opens a multi-root workspace of the workspace folder, then this one. */
  secondFolderFiles?: Record<string, string>;
  /**
   * How the extension finds the fake cursor-agent. 'path' (default, the most common setup):
   * `cursorAgent.path` is empty and the fake is `~/.local/bin/cursor-agent` on PATH (HOME is the
   * suite's own). 'setting': the Machine setting `cursorAgent.path` points at the fake.
   */
  binary?: 'path' | 'setting';
  /** Merged into <user-data-dir>/Machine/settings.json (after cursorAgent.path, in 'setting' mode). */
  machineSettings?: Record<string, unknown>;
  /** Merged into <user-data-dir>/User/settings.json (after the harness defaults). */
  userSettings?: Record<string, unknown>;
  /** Which fake: the print-mode one (default; an old CLI without `acp`), or the fake ACP agent, which also serves print mode. */
  fake?: 'print' | 'acp';
  /** Scenario handed to createFakeCli() for this suite (tests can change it with setScenario). */
  fakeScenario?: object;
  /** After the tests: the extension host is SIGKILLed and no fake process may be left 5 s later (launch/hostExit.ts). */
  hostExit?: boolean;
  /** Extra environment for code-server and so the extension host. */
  env?: Record<string, string>;
  /** Run on the newest VS Code of the matrix only (a setting the lowest does not have). */
  newestOnly?: boolean;
}

const sampleFiles: Record<string, string> = {
  'README.md': '# Sample workspace\n\nA folder opened by the extension-host tests.\n',
  'src/hello.ts': 'export function hello(name: string): string {\n  return `Hello, ${name}!`;\n}\n',
  'src/math.py': 'def add(a, b):\n    return a + b\n',
};

export const HOST_SUITES: HostSuite[] = [
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
    // Its last test (99-host-exit) leaves warm agents that ignore SIGTERM, with a group child and a setsid escapee.
    hostExit: true,
  },
  {
    // A multi-root window: what belongs to a folder (a plan built in a terminal) stays in that folder.
    folder: 'suite-multiroot',
    trust: 'disabled',
    workspaceFiles: sampleFiles,
    secondFolderFiles: { 'README.md': '# Folder B\n\nThe second folder of a multi-root window.\n' },
  },
  {
    // VS Code 1.139 with the Copilot harness as the default chat target (its experiment, and 1.140's default).
    folder: 'suite-harness',
    trust: 'disabled',
    workspaceFiles: sampleFiles,
    userSettings: { 'chat.defaultToCopilotHarness': true, 'chat.editor.preferCopilotHarness': true },
    newestOnly: true,
  },
];

// Benchmark 6 (activation; bench/activation.ts): listed only when `npm run bench`
// asks for it with CURSOR_AGENT_HOST_BENCH=1, so `npm test` never runs it.
// The status probe is made slow (1.5 s) so that waiting for it would show in activate().
if (process.env.CURSOR_AGENT_HOST_BENCH === '1') {
  HOST_SUITES.push({ folder: 'suite-bench', trust: 'disabled', workspaceFiles: sampleFiles, fakeScenario: { statusDelayMs: 1500 } });
}

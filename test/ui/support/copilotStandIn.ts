// A stand-in for a signed-in GitHub Copilot in the UI runs, for one thing only: VS Code resolves a model for every
// chat request before it calls a participant, and in a Copilot harness chat (whose input holds a harness model no
// extension host knows) that is Copilot's default model. This extension declares vendor `copilot` and registers one
// model marked default (the `chatProvider` proposal, enabled for this extension only), as Copilot Chat registers its
// own. It is passed to @cursor and never asked to answer. The built-in Copilot Chat is skipped in that workbench
// (a vendor may be declared once): {@link COPILOT_STAND_IN_SERVER}.
import * as fs from 'fs';
import * as path from 'path';
import { createVSIX } from '@vscode/vsce';

export const COPILOT_STAND_IN_ID = 'cursor-tests.copilot-stand-in';

/** What the workbench needs to run the stand-in: the built-in Copilot Chat skipped, the proposal enabled for it alone. */
export const COPILOT_STAND_IN_SERVER = {
  serverEnv: { VSCODE_SKIP_BUILTIN_EXTENSIONS: 'GitHub.copilot-chat' },
  serverArgs: ['--enable-proposed-api', COPILOT_STAND_IN_ID],
};

const MAIN = `const vscode = require('vscode');
exports.activate = (context) => {
  const changed = new vscode.EventEmitter();
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider('copilot', {
      onDidChangeLanguageModelChatInformation: changed.event,
      provideLanguageModelChatInformation: async () => [
        {
          id: 'stand-in',
          name: 'Copilot stand-in',
          family: 'stand-in',
          version: '1',
          maxInputTokens: 100000,
          maxOutputTokens: 4000,
          capabilities: { toolCalling: true },
          isDefault: true,
          isUserSelectable: true,
        },
      ],
      provideLanguageModelChatResponse: async () => {
        throw new Error('the Copilot stand-in never answers');
      },
      provideTokenCount: async () => 1,
    }),
  );
  setTimeout(() => changed.fire(), 0);
};
`;

export async function copilotStandInVsix(dir: string): Promise<string> {
  const src = path.join(dir, 'copilot-stand-in');
  fs.mkdirSync(src, { recursive: true });
  fs.writeFileSync(
    path.join(src, 'package.json'),
    JSON.stringify({
      name: 'copilot-stand-in',
      displayName: 'Copilot stand-in (test only)',
      publisher: 'cursor-tests',
      version: '0.0.1',
      license: 'MIT',
      repository: { type: 'git', url: 'https://example.invalid/copilot-stand-in' },
      engines: { vscode: '^1.110.0' },
      main: './main.js',
      activationEvents: ['onStartupFinished'],
      enabledApiProposals: ['chatProvider'],
      contributes: { languageModelChatProviders: [{ vendor: 'copilot', displayName: 'Copilot (stand-in)' }] },
    }),
  );
  fs.writeFileSync(path.join(src, 'main.js'), MAIN);
  fs.writeFileSync(path.join(src, 'README.md'), 'Test stand-in: a Copilot default model that never answers.\n');
  fs.writeFileSync(path.join(src, 'LICENSE'), 'MIT\n');
  const out = path.join(dir, 'copilot-stand-in.vsix');
  await createVSIX({ cwd: src, packagePath: out, allowMissingRepository: true, skipLicense: true, dependencies: false });
  return out;
}

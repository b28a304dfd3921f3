// A stand-in for GitHub Copilot Chat in the UI runs, for one thing only: VS Code's chat input
// attaches a pasted or dropped image only while some installed extension enables the
// `chatReferenceBinaryData` API proposal (the workbench checks exactly that; Copilot Chat does).
// This extension has no code: it declares the proposal (code-server allows proposals for every
// extension), so the workbench behaves as it does for a user who has Copilot Chat installed.
import * as fs from 'fs';
import * as path from 'path';
import { createVSIX } from '@vscode/vsce';

export async function imageAttachmentsVsix(dir: string): Promise<string> {
  const src = path.join(dir, 'image-attachments');
  fs.mkdirSync(src, { recursive: true });
  fs.writeFileSync(
    path.join(src, 'package.json'),
    JSON.stringify({
      name: 'image-attachments',
      displayName: 'Image attachments (test stand-in for Copilot Chat)',
      publisher: 'cursor-tests',
      version: '0.0.1',
      license: 'MIT',
      repository: { type: 'git', url: 'https://example.invalid/image-attachments' },
      engines: { vscode: '^1.110.0' },
      enabledApiProposals: ['chatReferenceBinaryData'],
    }),
  );
  fs.writeFileSync(path.join(src, 'README.md'), 'Test stand-in: enables the chat image-attachment proposal.\n');
  fs.writeFileSync(path.join(src, 'LICENSE'), 'MIT\n');
  const out = path.join(dir, 'image-attachments.vsix');
  await createVSIX({ cwd: src, packagePath: out, allowMissingRepository: true, skipLicense: true, dependencies: false });
  return out;
}
